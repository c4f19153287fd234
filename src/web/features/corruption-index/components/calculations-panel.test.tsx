import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';
import { renderScreen } from '../../../test/render';
import { CalculationsPanel } from './calculations-panel';

const PENDING = 'Se está calculando con los datos más recientes; vuelve a consultar en unos momentos.';

const item = (over: Partial<CorruptionIndexData['calculationsInfo'][number]>) =>
  ({
    _id: over.abbreviation ?? 'x',
    name: 'Contratos del proveedor',
    description: 'Contratos concluidos del proveedor elegido.',
    abbreviation: '$$PROVA',
    expression: '$NTC',
    displayForm: 'NORMAL',
    result: null,
    hash: 'h',
    version: 1,
    ...over,
  }) as CorruptionIndexData['calculationsInfo'][number];

describe('the general data panel', () => {
  it('says a result is being calculated instead of showing only ---, and shows a result as it is', () => {
    renderScreen(
      <CalculationsPanel
        items={[item({ message: PENDING }), item({ abbreviation: '$$OTRO', name: 'Otro', result: 12 })]}
      />,
    );
    expect(screen.getByText(PENDING)).toBeTruthy();
    expect(screen.getByText('---')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
  });
});
