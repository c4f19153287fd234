import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../shared/schemas/accounts';
import { ALERT_MESSAGES, type AlertSummary } from '../../../../shared/schemas/alerts';
import { setSession } from '../../../lib/session';
import { apiError, fakeApi } from '../../../test/api';
import { findToast, renderScreen, TEST_MONITOR } from '../../../test/render';
import { AlertsAdmin } from './alerts-admin';

const signIn = (administratorType: Session['user']['administratorType']) =>
  setSession({
    token: 'token',
    expiresAt: 4_102_444_800,
    permissions: [],
    user: { _id: 'user', fullName: 'Ana Pérez', profilePicture: null, administratorType },
  });

const SUMMARY: AlertSummary = {
  follows: {
    total: 1234,
    byKind: { CONTRACTS: 1000, FLAG: 200, INDEX: 30, PUBLICATION: 4 },
    bySupplier: [
      { _id: 's1', name: 'Constructora del Valle', follows: 12 },
      { _id: 's2', name: 'Papelería Central', follows: 3 },
    ],
    byFlag: [{ code: 'SINGLE_BIDDER', name: 'Un solo participante', follows: 7 }],
    unconfirmed: 5,
  },
  deliveries: { pending: 2, failing: 0, sentLast7Days: 48, lastSentAt: '2026-03-02T18:00:00.000Z' },
};
const EMPTY: AlertSummary = {
  follows: {
    total: 0,
    byKind: { CONTRACTS: 0, FLAG: 0, INDEX: 0, PUBLICATION: 0 },
    bySupplier: [],
    byFlag: [],
    unconfirmed: 0,
  },
  deliveries: { pending: 0, failing: 3, sentLast7Days: 0, lastSentAt: null },
};
const answer = (data: AlertSummary) => ({ error: false, message: '', data });

describe('AlertsAdmin', () => {
  it('shows the counts by kind, supplier and flag, and the state of the sends', async () => {
    signIn('CUSTOM');
    const api = fakeApi({ 'GET /api/alerts/summary': () => answer(SUMMARY) });
    renderScreen(<AlertsAdmin organizationId={TEST_MONITOR} />);
    await waitFor(() => expect(screen.getByTestId('follows-total')).toHaveTextContent('Total1,234'));
    expect(screen.getByTestId('follows-CONTRACTS')).toHaveTextContent('Contratos nuevos1,000');
    expect(screen.getByTestId('follows-FLAG')).toHaveTextContent('200');
    expect(screen.getByTestId('follows-INDEX')).toHaveTextContent('Índice de riesgo de corrupción30');
    expect(screen.getByTestId('follows-PUBLICATION')).toHaveTextContent('4');
    expect(screen.getByTestId('follows-unconfirmed')).toHaveTextContent('Sin confirmar5');

    const suppliers = within(screen.getByRole('table', { name: 'Proveedores más seguidos' }));
    expect(suppliers.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProveedorSeguidores',
      'Constructora del Valle12',
      'Papelería Central3',
    ]);
    const flags = within(screen.getByRole('table', { name: 'Señales de alerta seguidas' }));
    expect(flags.getByRole('row', { name: 'Un solo participante 7' })).toBeInTheDocument();

    // Pending in a warning colour, failing not; the last send with the app's date format.
    expect(screen.getByTestId('deliveries-pending')).toHaveTextContent('Por enviar2');
    expect(screen.getByTestId('deliveries-pending')).toHaveAttribute('data-warning', 'true');
    expect(screen.getByTestId('deliveries-failing')).not.toHaveAttribute('data-warning');
    expect(screen.getByTestId('deliveries-sent')).toHaveTextContent('48');
    expect(screen.getByTestId('deliveries-last')).toHaveTextContent('Último envío02/03/2026');
    // Never an address; the suspension is GENERAL's only.
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Suspender una dirección' })).not.toBeInTheDocument();
    expect(api.to('GET /api/alerts/summary')).toHaveLength(1);
  });

  it('says in Spanish when nobody follows a supplier or a flag yet, and warns of failing sends', async () => {
    signIn('CUSTOM');
    fakeApi({ 'GET /api/alerts/summary': () => answer(EMPTY) });
    renderScreen(<AlertsAdmin organizationId={TEST_MONITOR} />);
    expect(
      await screen.findByText('Nadie sigue todavía a un proveedor de este monitor.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nadie sigue todavía una señal de alerta de este monitor.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByTestId('deliveries-failing')).toHaveAttribute('data-warning', 'true');
    expect(screen.getByTestId('deliveries-pending')).not.toHaveAttribute('data-warning');
    expect(screen.getByTestId('deliveries-last')).toHaveTextContent('Ninguno todavía');
  });

  it('offers a retry when the summary does not load', async () => {
    signIn('CUSTOM');
    fakeApi({
      'GET /api/alerts/summary': () => {
        throw apiError(500, 'INTERNAL', 'Error');
      },
    });
    renderScreen(<AlertsAdmin organizationId={TEST_MONITOR} />);
    expect(await screen.findByText('No fue posible consultar los avisos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('lets a GENERAL administrator suspend and lift an address, with the server’s answers', async () => {
    signIn('GENERAL');
    const api = fakeApi({
      'GET /api/alerts/summary': () => answer(SUMMARY),
      'POST /api/alerts/suspend': (call) => {
        const body = call.body as { email: string; suspended: boolean };
        if (body.email === 'nadie@example.org')
          throw apiError(404, 'NOT_FOUND', ALERT_MESSAGES.addressNotFound);
        return {
          error: false,
          message: body.suspended ? ALERT_MESSAGES.suspended : ALERT_MESSAGES.resumed,
          data: { suspended: body.suspended },
        };
      },
    });
    const { user } = renderScreen(<AlertsAdmin organizationId={TEST_MONITOR} />);
    const form = within(await screen.findByTestId('alert-suspend'));
    const email = form.getByLabelText('Correo electrónico');

    await user.click(form.getByRole('button', { name: 'Suspender' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(ALERT_MESSAGES.emailRequired);
    expect(api.to('POST /api/alerts/suspend')).toHaveLength(0);

    await user.type(email, ' Queja@Example.org ');
    await user.click(form.getByRole('button', { name: 'Suspender' }));
    expect(await form.findByText(ALERT_MESSAGES.suspended)).toBeInTheDocument();
    expect(await findToast(ALERT_MESSAGES.suspended)).toBeInTheDocument();
    expect(api.to('POST /api/alerts/suspend')[0]!.body).toEqual({
      email: 'queja@example.org',
      suspended: true,
    });

    await user.click(form.getByRole('button', { name: 'Reactivar' }));
    expect(await form.findByText(ALERT_MESSAGES.resumed)).toBeInTheDocument();
    expect(api.to('POST /api/alerts/suspend')[1]!.body).toEqual({
      email: 'queja@example.org',
      suspended: false,
    });

    await user.clear(email);
    await user.type(email, 'nadie@example.org');
    await user.click(form.getByRole('button', { name: 'Suspender' }));
    expect(await form.findByText(ALERT_MESSAGES.addressNotFound)).toBeInTheDocument();
    // Each answer reads the counts again.
    await waitFor(() => expect(api.to('GET /api/alerts/summary').length).toBeGreaterThanOrEqual(3));
  });
});
