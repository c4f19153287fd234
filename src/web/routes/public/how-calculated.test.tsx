import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { METHOD_WORDING } from '../../../shared/calculations/compare';
import type { CorruptionIndexData } from '../../../shared/schemas/calculations';
import type { ComparisonSide } from '../../../shared/schemas/comparisons';
import { fakeApi } from '../../test/api';
import { renderPublicScreen, TEST_ORGANIZATION } from '../../test/public';
import { ComparisonPage } from './comparison';
import { CorruptionIndexPage } from './corruption-index';

// The charts' library is not what is tested here: a chart shows its label.
vi.mock('../../components/charts/lazy-chart', () => ({
  LazyChart: ({ label }: { label: string }) => <div>{label}</div>,
}));

const calculation = (abbreviation: string, name: string, description: string, result: number | null) => ({
  _id: abbreviation,
  name,
  description,
  abbreviation,
  expression: '($$EJE1 + $$EJE2) / 2',
  displayForm: 'NORMAL' as const,
  result,
  hash: `hash-${abbreviation}`,
  version: 1,
});
const indicator = (abbreviation: string, name: string, description: string) => ({
  ...calculation(abbreviation, name, description, 70),
  variables: [],
  links: [],
});

const INDEX: CorruptionIndexData = {
  corruptionIndex: {
    ...calculation('$$IRC', 'Índice de riesgo', 'El promedio de los dos ejes.', 62),
    administrationPeriod: '2024-2027',
    level: 'MEDIO',
    probability: 'MEDIA',
  },
  axes: [
    {
      ...calculation('$$EJE1', 'Manejo de contrataciones', 'Cómo se adjudica.', 60),
      indicators: [
        indicator('$$I1', 'Competencia', 'Contratos por licitación pública.'),
        indicator('$$I2', '% de contratos con folio', 'Contratos con número de folio.'),
      ],
    },
    {
      ...calculation('$$EJE2', 'Transparencia', 'Qué se publica.', 64),
      indicators: [indicator('$$I3', 'Publicación', 'Contratos con su documento.')],
    },
  ],
  calculationsInfo: [],
  administrationPeriod: '2024-2027',
  administrationPeriods: ['2024-2027'],
  insufficientData: false,
  concludedContracts: 300,
  minimumContracts: 30,
  methodVersion: 3,
};

const side = (
  organization: { _id: string; name: string; shortName: string },
  index: { description?: string; expression?: string },
  methodKey: string,
): ComparisonSide => ({
  organization: { ...organization, color: '#19babd', url: null },
  corruptionIndex: { ...index, result: 62, administrationPeriod: '2024-2027', level: 'MEDIO' },
  calculationsInfo: [],
  totals: {
    public: 100,
    invitation: 50,
    noBid: 25,
    total: 175,
    publicPercent: 0.5714,
    invitationPercent: 0.2857,
    noBidPercent: 0.1429,
  },
  counts: { public: 4, invitation: 2, noBid: 1, total: 7 },
  administrationPeriod: '2024-2027',
  administrationPeriods: ['2024-2027'],
  insufficientData: false,
  methodKey,
});
const OURS = { _id: TEST_ORGANIZATION._id, name: TEST_ORGANIZATION.name, shortName: 'MP' };
const THEIRS = { _id: '01900000-0000-7000-8000-000000000002', name: 'Municipio Vecino', shortName: 'MV' };

async function openHow(user: ReturnType<typeof renderPublicScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: '¿Cómo se calcula?' }));
  return screen.findByRole('dialog', { name: '¿Cómo se calcula?' });
}

describe("'¿Cómo se calcula?' of the index page", () => {
  it('tells the method in words from the monitor’s own axes and indicators', async () => {
    fakeApi({ 'GET /public-api/comparations/corruption-index': () => ({ error: false, data: INDEX }) });
    const { user } = renderPublicScreen(<CorruptionIndexPage />, { route: '/calculations/corruption-index' });
    const dialog = await openHow(user);
    expect(
      within(dialog).getByText(/Se calcula a partir de 2 ejes principales; cada eje consta de uno o varios/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('El promedio de los dos ejes.')).toBeInTheDocument();
    const headings = within(dialog).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      '1) Manejo de contrataciones',
      '2) Transparencia',
    ]);
    expect(within(dialog).getByText('Cómo se adjudica.')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Competencia: Contratos por licitación pública.',
      '% de contratos con folio: Contratos con número de folio.',
      'Publicación: Contratos con su documento.',
    ]);
    expect(
      within(dialog).getByText(
        'Niveles: 50 o menos, riesgo ALTO; más de 50 y hasta 75, riesgo MEDIO; más de 75, riesgo BAJO. Con menos de 30 contratos concluidos en la administración el índice no da calificación (datos insuficientes).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Versión del método: 3\.$/)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe("'¿Cómo se calcula?' of a comparison", () => {
  const compare = (right: ComparisonSide) => {
    fakeApi({
      'GET /public-api/comparations/detail': (call) => ({
        error: false,
        data:
          call.query.get('id') === OURS._id
            ? side(
                OURS,
                {
                  description: 'Nuestro índice: el promedio de los ejes.',
                  expression: '($$EJE1 + $$EJE2) / 2',
                },
                'method-a',
              )
            : right,
      }),
    });
    return renderPublicScreen(<ComparisonPage />, {
      route: `/comparations/${THEIRS._id}`,
      path: '/comparations/:id',
    });
  };

  it('shows each monitor’s own formula and says both are one method', async () => {
    const { user } = compare(side(THEIRS, { expression: '$$EJE1' }, 'method-a'));
    const dialog = await openHow(user);
    expect(
      within(dialog).getByText(/Cada monitor lo calcula con sus propios datos y sus propios cálculos/),
    ).toBeInTheDocument();
    const headings = within(dialog).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['MP', 'MV']);
    expect(within(dialog).getByText('Nuestro índice: el promedio de los ejes.')).toBeInTheDocument();
    expect(within(dialog).getByText('($$EJE1 + $$EJE2) / 2')).toBeInTheDocument();
    expect(within(dialog).getByText('$$EJE1').parentElement).toHaveTextContent(/^Fórmula: \$\$EJE1$/);
    expect(within(dialog).getByText(METHOD_WORDING.same)).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Niveles: 50 o menos, riesgo ALTO; más de 50 y hasta 75, riesgo MEDIO; más de 75, riesgo BAJO. Con pocos contratos concluidos en la administración el índice no da calificación (datos insuficientes).',
      ),
    ).toBeInTheDocument();
  });

  it('says when a monitor does not publish its formula and the methods differ', async () => {
    const { user } = compare(side(THEIRS, {}, 'method-b'));
    const dialog = await openHow(user);
    expect(within(dialog).getByText('Este monitor no publica la fórmula de su índice.')).toBeInTheDocument();
    expect(within(dialog).getByText(METHOD_WORDING.different)).toBeInTheDocument();
    expect(within(dialog).queryByText(METHOD_WORDING.same)).not.toBeInTheDocument();
  });
});
