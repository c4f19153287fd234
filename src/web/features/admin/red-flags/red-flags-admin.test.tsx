import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_PARAMETER_LABELS,
  type RedFlagParameters,
} from '../../../../shared/red-flags/definitions';
import type { Session } from '../../../../shared/schemas/accounts';
import { setSession } from '../../../lib/session';
import { apiError, fakeApi } from '../../../test/api';
import { findToast, renderScreen, TEST_MONITOR } from '../../../test/render';
import { RedFlagsAdmin } from './red-flags-admin';

const signIn = (administratorType: Session['user']['administratorType']) =>
  setSession({
    token: 'token',
    expiresAt: 4_102_444_800,
    permissions: ['CALCULATIONS'],
    user: { _id: 'user', fullName: 'Ana Pérez', profilePicture: null, administratorType },
  });

const STORED: RedFlagParameters = {
  ...DEFAULT_RED_FLAG_PARAMETERS,
  directAwardLimits: { '2024': 1_500_000 },
  chainWindowDays: 45,
  concentrationShare: 0.35,
  enabled: { ...DEFAULT_RED_FLAG_PARAMETERS.enabled, AMENDED: false },
};
const settings = (parameters: RedFlagParameters, methodVersion: number, message = '') => ({
  error: false,
  message,
  data: { parameters, methodVersion },
});
const LISTS = {
  error: false,
  message: '',
  data: {
    sat69b: { cutOff: '2026-03-31', loadedAt: '2026-04-02T16:00:00.000Z', rows: 12_345 },
    sanctions: null,
  },
};
const SAVED = 'Se guardaron los parámetros de las señales de alerta.';

describe('RedFlagsAdmin', () => {
  it('shows the stored parameters, the switches and the method version', async () => {
    signIn('GENERAL');
    fakeApi({
      'GET /api/red-flags/settings': () => settings(STORED, 3),
      'GET /api/red-flags/lists': () => LISTS,
    });
    renderScreen(<RedFlagsAdmin organizationId={TEST_MONITOR} />);
    expect(await screen.findByTestId('method-version')).toHaveTextContent('Versión del método: 3');
    expect(screen.getByLabelText('Ejercicio fiscal 1')).toHaveValue('2024');
    expect(screen.getByLabelText('Límite del ejercicio fiscal 1 (MXN)')).toHaveValue('$1,500,000');
    expect(screen.getByLabelText(RED_FLAG_PARAMETER_LABELS.chainWindowDays)).toHaveValue('45 días');
    expect(screen.getByLabelText(`${RED_FLAG_PARAMETER_LABELS.concentrationShare} (%)`)).toHaveValue('35 %');
    expect(screen.getByRole('switch', { name: 'Con convenios modificatorios' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Un solo participante' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Competencia' })).toBeInTheDocument();
    // The lists, for a GENERAL administrator.
    const sat = await screen.findByTestId('list-sat-69b');
    expect(await within(sat).findByText('Fecha de corte: 31/03/2026')).toBeInTheDocument();
    expect(within(sat).getByText('Registros: 12,345')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('list-sanctions')).getByText('Todavía no se ha cargado'),
    ).toBeInTheDocument();
  });

  it('saves the edited parameters and shows the new version', async () => {
    signIn('GENERAL');
    const api = fakeApi({
      'GET /api/red-flags/settings': () => settings(STORED, 3),
      'GET /api/red-flags/lists': () => LISTS,
      'POST /api/red-flags/settings': (call) => settings(call.body as RedFlagParameters, 4, SAVED),
    });
    const { user } = renderScreen(<RedFlagsAdmin organizationId={TEST_MONITOR} />);
    const share = await screen.findByLabelText(`${RED_FLAG_PARAMETER_LABELS.concentrationShare} (%)`);
    await user.clear(share);
    await user.type(share, '50');
    await user.click(screen.getByRole('button', { name: 'Agregar ejercicio fiscal' }));
    await user.clear(screen.getByLabelText('Ejercicio fiscal 2'));
    await user.type(screen.getByLabelText('Ejercicio fiscal 2'), '2025');
    await user.type(screen.getByLabelText('Límite del ejercicio fiscal 2 (MXN)'), '1600000.5');
    await user.click(screen.getByRole('switch', { name: 'Con convenios modificatorios' }));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await findToast(SAVED);
    expect(api.last('POST /api/red-flags/settings')?.body).toEqual({
      ...STORED,
      directAwardLimits: { '2024': 1_500_000, '2025': 1_600_000.5 },
      concentrationShare: 0.5,
      enabled: { ...STORED.enabled, AMENDED: true },
    });
    await waitFor(() =>
      expect(screen.getByTestId('method-version')).toHaveTextContent('Versión del método: 4'),
    );
  });

  it('shows the shared schema’s message next to a field and sends nothing', async () => {
    signIn('GENERAL');
    const api = fakeApi({
      'GET /api/red-flags/settings': () => settings(STORED, 3),
      'GET /api/red-flags/lists': () => LISTS,
    });
    const { user } = renderScreen(<RedFlagsAdmin organizationId={TEST_MONITOR} />);
    const days = await screen.findByLabelText(RED_FLAG_PARAMETER_LABELS.chainWindowDays);
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription(
      expect.stringContaining(
        'Los días entre adjudicaciones de una cadena deben ser un número entero de 1 a 365.',
      ),
    );
    expect(api.to('POST /api/red-flags/settings')).toHaveLength(0);
  });

  it('hides the lists from a CUSTOM administrator without GENERAL', async () => {
    signIn('CUSTOM');
    const api = fakeApi({ 'GET /api/red-flags/settings': () => settings(STORED, 3) });
    renderScreen(<RedFlagsAdmin organizationId={TEST_MONITOR} />);
    expect(await screen.findByTestId('method-version')).toBeInTheDocument();
    expect(screen.queryByText('Listas de proveedores')).not.toBeInTheDocument();
    expect(screen.queryByTestId('supplier-lists')).not.toBeInTheDocument();
    expect(api.to('GET /api/red-flags/lists')).toHaveLength(0);
  });

  it('shows the server’s Spanish error when a list does not load', async () => {
    signIn('GENERAL');
    const message = 'El archivo no es el listado completo del SAT (artículo 69-B).';
    const api = fakeApi({
      'GET /api/red-flags/settings': () => settings(STORED, 3),
      'GET /api/red-flags/lists': () => LISTS,
      'POST /api/red-flags/lists/sat-69b': () => {
        throw apiError(422, 'UNPROCESSABLE', message);
      },
    });
    const { user } = renderScreen(<RedFlagsAdmin organizationId={TEST_MONITOR} />);
    const sat = await screen.findByTestId('list-sat-69b');
    const file = new File(['RFC,Nombre\n'], 'Listado_Completo_69-B.csv', { type: 'text/csv' });
    // Mantine's FileInput is a button over a hidden file input: the file goes to that input.
    const input = sat.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('No file input');
    await user.upload(input, file);
    expect(within(sat).getByText('Listado_Completo_69-B.csv')).toBeInTheDocument();
    await user.click(within(sat).getByRole('button', { name: 'Cargar listado' }));
    expect(await within(sat).findByText(message)).toBeInTheDocument();
    await findToast(message);
    expect(api.to('POST /api/red-flags/lists/sat-69b')).toHaveLength(1);
  });
});
