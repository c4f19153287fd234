import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_CATEGORY_NAMES,
  RED_FLAG_CODES,
  RED_FLAGS,
} from '../../../shared/red-flags/definitions';
import { WEB_ROUTES } from '../../../shared/routes';
import type { RedFlagsOverview } from '../../../shared/schemas/red-flags';
import { PublicFooter } from '../../app/layouts/public-footer';
import { apiError, fakeApi } from '../../test/api';
import { renderPublicScreen } from '../../test/public';
import { renderScreen } from '../../test/render';
import { RedFlagsPage } from './red-flags';

function answer(changes: Partial<RedFlagsOverview> = {}) {
  const data: RedFlagsOverview = {
    methodVersion: 4,
    parameters: {
      ...DEFAULT_RED_FLAG_PARAMETERS,
      directAwardLimits: { '2025': 1_234_567.5, '2024': 1_100_000 },
      chainWindowDays: 45,
      concentrationShare: 0.35,
      enabled: { ...DEFAULT_RED_FLAG_PARAMETERS.enabled, AMENDED: false },
    },
    flags: RED_FLAG_CODES.map((code, index) => ({
      code,
      name: RED_FLAGS[code].name,
      category: RED_FLAGS[code].category,
      categoryName: RED_FLAG_CATEGORY_NAMES[RED_FLAGS[code].category],
      rule: RED_FLAGS[code].rule,
      why: RED_FLAGS[code].why,
      needs: RED_FLAGS[code].needs,
      enabled: code !== 'AMENDED',
      contracts:
        code === 'AMENDED' ? 0 : code === 'SINGLE_BIDDER' ? 1 : code === 'NON_WORKING_DAY' ? 0 : index * 1000,
    })),
    lists: {
      sat69b: { cutOff: '2026-10-15', loadedAt: '2026-11-20T18:30:00.000Z', rows: 12_000 },
      sanctions: null,
    },
    ...changes,
  };
  return { error: false, message: '', data };
}

function renderRedFlags(respond: () => unknown) {
  const api = fakeApi({ 'GET /public-api/flags': respond });
  return { ...renderPublicScreen(<RedFlagsPage />, { route: WEB_ROUTES.redFlags }), api };
}

/** The value (dd) of a term (dt) of a description list in `scope`. */
const described = (scope: HTMLElement, term: string | RegExp) =>
  within(scope).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

const flagItem = (code: string) => document.querySelector<HTMLElement>(`li[data-flag="${code}"]`)!;

describe('the red flags page (/red-flags)', () => {
  it('says what a red flag is, that it is no accusation, and groups the flags by category', async () => {
    renderRedFlags(() => answer());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Señales de alerta');
    expect(screen.getByText(/Una señal de alerta es un hecho de un contrato/)).toBeInTheDocument();
    expect(screen.getByText('Una señal es un motivo para revisar, no una acusación.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver los contratos' })).toHaveAttribute('href', '/contracts');

    await screen.findByRole('region', { name: 'Competencia' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Competencia',
      'Tiempo',
      'Transparencia',
      'Proveedor',
      'Monto',
      'Ejecución',
      'Método y listas de proveedores',
    ]);
    const competition = screen.getByRole('region', { name: 'Competencia' });
    expect(
      within(competition)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Un solo participante',
      'Invitación con menos de tres participantes',
      'Adjudicación directa por encima del límite',
      'Posible fraccionamiento',
      'Proveedor concentrado',
    ]);
    expect(
      within(competition)
        .getAllByRole('listitem')
        .filter((item) => item.dataset.flag),
    ).toHaveLength(5);
  });

  it("shows each flag's rule, why it matters, the data it uses and how many contracts carry it", async () => {
    renderRedFlags(() => answer());
    await screen.findByRole('region', { name: 'Competencia' });
    const single = flagItem('SINGLE_BIDDER');
    expect(single).toHaveTextContent(RED_FLAGS.SINGLE_BIDDER.rule);
    expect(single).toHaveTextContent(`Por qué importa: ${RED_FLAGS.SINGLE_BIDDER.why}`);
    expect(single).toHaveTextContent(`Datos que usa: ${RED_FLAGS.SINGLE_BIDDER.needs}`);
    expect(single).toHaveTextContent('Se evalúa en este monitor. 1 contrato tiene esta señal.');
    expect(single).not.toHaveTextContent('Parámetros de este monitor');
    expect(flagItem('OUTLIER_AMOUNT')).toHaveTextContent('14,000 contratos tienen esta señal.');
    expect(flagItem('NON_WORKING_DAY')).toHaveTextContent('Ningún contrato tiene esta señal.');
    const amended = flagItem('AMENDED');
    expect(amended).toHaveTextContent('Este monitor no evalúa esta señal.');
    expect(amended).not.toHaveTextContent('tiene esta señal');
  });

  it("shows this monitor's parameters where a flag reads one: limits as money, days, a percentage", async () => {
    renderRedFlags(() => answer());
    await screen.findByRole('region', { name: 'Competencia' });
    const split = flagItem('SPLIT_DIRECT_AWARDS');
    const limits = described(split, 'Límite de la adjudicación directa por ejercicio fiscal (MXN)');
    expect(
      within(limits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2024: $1,100,000.00', '2025: $1,234,567.50']);
    expect(described(split, 'Días entre adjudicaciones directas de una misma cadena')).toHaveTextContent(
      /^45 días$/,
    );
    const concentration = flagItem('SUPPLIER_CONCENTRATION');
    expect(
      described(concentration, 'Proporción del dinero de adjudicación directa de la unidad convocante'),
    ).toHaveTextContent(/^35 %$/);
    expect(
      described(concentration, 'Mínimo de adjudicaciones directas de la unidad convocante'),
    ).toHaveTextContent(/^5$/);
    const outlier = flagItem('OUTLIER_AMOUNT');
    expect(described(outlier, 'Factor del rango intercuartílico para un monto atípico')).toHaveTextContent(
      /^3$/,
    );
    expect(described(outlier, 'Mínimo de contratos comparables para un monto atípico')).toHaveTextContent(
      /^20$/,
    );
  });

  it('says when no fiscal year has a direct-award limit', async () => {
    renderRedFlags(() => answer({ parameters: { ...DEFAULT_RED_FLAG_PARAMETERS } }));
    await screen.findByRole('region', { name: 'Competencia' });
    expect(flagItem('OVER_DIRECT_AWARD_LIMIT')).toHaveTextContent(
      'Ningún ejercicio fiscal tiene un límite registrado.',
    );
  });

  it("gives the method's version and the lists' dates, or that a list is not loaded yet", async () => {
    renderRedFlags(() => answer());
    const method = await screen.findByRole('region', { name: 'Método y listas de proveedores' });
    expect(method).toHaveTextContent('Versión del método: 4');
    expect(described(method, /^Lista del SAT/)).toHaveTextContent(
      'Con fecha del 15/10/2026; cargada en el portal el 20/11/2026.',
    );
    expect(described(method, 'Directorio de proveedores y contratistas sancionados')).toHaveTextContent(
      'todavía no se ha cargado',
    );
  });

  it('asks for the chosen monitor’s flags and keeps them under its key', async () => {
    const { api, queryClient } = renderRedFlags(() => answer());
    await screen.findByRole('region', { name: 'Competencia' });
    expect(api.to('GET /public-api/flags')).toHaveLength(1);
    expect(queryClient.getQueryCache().getAll()[0]?.queryKey[0]).toBe('red-flags');
  });

  it('shows the load error with a retry when the flags cannot be read', async () => {
    let fail = true;
    const { user, api } = renderRedFlags(() => {
      if (fail) throw apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
      return answer();
    });
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent(
      'La información de las señales de alerta no se encuentra disponible en este momento.',
    );
    // What a flag is stays readable meanwhile.
    expect(screen.getByText('Una señal es un motivo para revisar, no una acusación.')).toBeInTheDocument();
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Competencia' })).toBeInTheDocument();
    await waitFor(() => expect(api.to('GET /public-api/flags')).toHaveLength(2));
  });
});

describe('links to the red flags page', () => {
  it("are in the footer's 'Navegación' column, after 'Datos abiertos'", () => {
    renderScreen(<PublicFooter />);
    const column = screen.getByRole('navigation', { name: 'Navegación' });
    const links = within(column).getAllByRole('link');
    const names = links.map((link) => link.textContent);
    expect(names.indexOf('Señales de alerta')).toBe(names.indexOf('Datos abiertos') + 1);
    expect(within(column).getByRole('link', { name: 'Señales de alerta' })).toHaveAttribute(
      'href',
      '/red-flags',
    );
  });
});
