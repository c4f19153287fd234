import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';
import { renderScreen } from '../../../test/render';
import { Axes } from './axes';
import { IndexSummary } from './index-summary';

const PENDING = 'Se está calculando con los datos más recientes; vuelve a consultar en unos momentos.';

const item = (abbreviation: string, over: { result?: number | null; message?: string } = {}) => ({
  _id: abbreviation,
  name: `Cálculo ${abbreviation}`,
  description: 'Un cálculo.',
  abbreviation,
  expression: '$NTC',
  displayForm: 'NORMAL' as const,
  result: null,
  hash: 'h',
  version: 1,
  ...over,
});

/** The page's data with the index locked on a calculation whose result is `over`. */
const data = (
  over: { result?: number | null; message?: string },
  insufficientData = false,
): CorruptionIndexData => ({
  corruptionIndex: {
    ...item('$$IRC', over),
    administrationPeriod: '2024-2027',
    level: null,
    probability: null,
  },
  axes: [],
  calculationsInfo: [],
  administrationPeriod: '2024-2027',
  administrationPeriods: ['2024-2027'],
  insufficientData,
  concludedContracts: insufficientData ? 12 : 300,
  minimumContracts: 30,
  methodVersion: 1,
});

describe('the index while its counts are pending', () => {
  it('says the index is being calculated, not that data are insufficient', () => {
    renderScreen(<IndexSummary data={data({ message: PENDING })} onHow={() => {}} />);
    expect(screen.getByTestId('index-value').textContent).toBe(PENDING);
    expect(screen.queryByText('Datos insuficientes')).toBeNull();
    expect(screen.queryByText(/el índice necesita al menos 30/)).toBeNull();
    expect(screen.getByLabelText(`Índice de riesgo de corrupción: ${PENDING}`)).toBeTruthy();
    expect(screen.queryByLabelText('Índice sin calificación: datos insuficientes')).toBeNull();
  });

  it('still says data are insufficient when the period has too few contracts, pending or not', () => {
    renderScreen(<IndexSummary data={data({ message: PENDING }, true)} onHow={() => {}} />);
    expect(screen.getByTestId('index-value').textContent).toBe('Datos insuficientes');
    expect(screen.getByText(/tiene 12 contratos concluidos/)).toBeTruthy();
    expect(screen.getByLabelText('Índice sin calificación: datos insuficientes')).toBeTruthy();
  });

  it('says which axis is being calculated, beside its empty score', () => {
    renderScreen(
      <Axes
        axes={[
          { ...item('$$EJE1', { message: PENDING }), indicators: [] },
          { ...item('$$EJE2', { result: 80 }), indicators: [] },
        ]}
      />,
    );
    const axis = (name: string) => screen.getByRole('heading', { name }).closest('section')!;
    const first = axis('1. Cálculo $$EJE1');
    expect(first.textContent).toContain(PENDING);
    expect(first.textContent).toContain('---');
    expect(axis('2. Cálculo $$EJE2').textContent).not.toContain(PENDING);
  });
});
