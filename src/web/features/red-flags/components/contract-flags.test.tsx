import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractDetail } from '../../../../shared/schemas/contracts';
import type { ContractFlag } from '../../../../shared/schemas/red-flags';
import { renderScreen } from '../../../test/render';
import { ContractFlags, chainOf } from './contract-flags';

const ID = '01900000-0000-7000-8000-0000000000c2';

const SPLIT: ContractFlag = {
  code: 'SPLIT_DIRECT_AWARDS',
  name: 'Posible fraccionamiento',
  category: 'COMPETITION',
  sentence: 'Forma una cadena de 14 adjudicaciones directas al mismo proveedor que suman $1,500,000.00.',
  template: {
    text: 'Forma una cadena de {{members}} adjudicaciones directas al mismo proveedor que suman {{total}}.',
    values: { members: '14', total: '$1,500,000.00' },
  },
  evidence: {
    total: 1_500_000,
    members: 14,
    contracts: [
      { id: 'c1', number: 'AD-001/2025', date: '2025-03-02', amount: 120_000 },
      { id: ID, number: 'AD-002/2025', date: '2025-03-10', amount: 130_000 },
      { id: 'c3', number: null, date: '2025-03-28', amount: '99500.5' },
    ],
  },
};

const WEEKEND: ContractFlag = {
  code: 'NON_WORKING_DAY',
  name: 'Firmado en día inhábil',
  category: 'TIME',
  sentence: 'La fecha del contrato, 02/03/2025, fue domingo.',
  template: {
    text: 'La fecha del contrato, {{date}}, fue {{day}}.',
    values: { date: '02/03/2025', day: 'domingo' },
  },
  evidence: { date: '2025-03-02' },
};

function contract(changes: Partial<Pick<ContractDetail, 'flags' | 'unevaluated'>> = {}) {
  return {
    _id: ID,
    flags: [SPLIT, WEEKEND],
    unevaluated: [
      { code: 'SINGLE_BIDDER', name: 'Un solo participante', reason: 'No hay participantes registrados.' },
      {
        code: 'SAT_69B',
        name: 'Proveedor en la lista del SAT (art. 69-B)',
        reason: 'La lista del SAT no se ha cargado.',
      },
    ],
    ...changes,
  } as Pick<ContractDetail, '_id' | 'flags' | 'unevaluated'>;
}

describe("a contract's red flags", () => {
  it('lists each raised flag with its name, its category and the sentence of its facts', () => {
    renderScreen(<ContractFlags contract={contract()} />);
    const section = screen.getByRole('region', { name: 'Señales de alerta' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Señales de alerta' })).toBeInTheDocument();
    const flags = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(flags).toEqual(['Posible fraccionamiento', 'Firmado en día inhábil', 'Señales sin evaluar']);

    const split = section.querySelector<HTMLElement>('[data-flag="SPLIT_DIRECT_AWARDS"]')!;
    expect(split).toHaveTextContent('Categoría: Competencia');
    expect(split).toHaveTextContent(
      'Forma una cadena de 14 adjudicaciones directas al mismo proveedor que suman $1,500,000.00.',
    );
    const weekend = section.querySelector<HTMLElement>('[data-flag="NON_WORKING_DAY"]')!;
    expect(weekend).toHaveTextContent('Categoría: Tiempo');
    expect(weekend).toHaveTextContent('La fecha del contrato, 02/03/2025, fue domingo.');
  });

  it("links a possible split's other contracts, not itself, and says how many more the chain has", () => {
    renderScreen(<ContractFlags contract={contract()} />);
    const split = screen
      .getByRole('region', { name: 'Señales de alerta' })
      .querySelector<HTMLElement>('[data-flag="SPLIT_DIRECT_AWARDS"]')!;
    const chain = within(split).getByRole('list', { name: 'Los otros contratos de la cadena:' });
    const rows = within(chain).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('AD-001/2025 · 02/03/2025 · $120,000.00');
    expect(within(rows[0]!).getByRole('link', { name: 'AD-001/2025' })).toHaveAttribute(
      'href',
      '/contracts/c1',
    );
    expect(rows[1]).toHaveTextContent('sin número · 28/03/2025 · $99,500.50');
    expect(within(rows[1]!).getByRole('link', { name: 'sin número' })).toHaveAttribute(
      'href',
      '/contracts/c3',
    );
    expect(within(split).queryByRole('link', { name: 'AD-002/2025' })).toBeNull();
    expect(split).toHaveTextContent('y 11 más');
  });

  it("lists the flags the data could not evaluate ('sin datos') with why, then the reminder and the way to the page", () => {
    renderScreen(<ContractFlags contract={contract()} />);
    const section = screen.getByRole('region', { name: 'Señales de alerta' });
    const unevaluated = within(section).getByRole('list', { name: 'Señales sin evaluar' });
    expect(
      within(unevaluated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Un solo participante — No hay participantes registrados.',
      'Proveedor en la lista del SAT (art. 69-B) — La lista del SAT no se ha cargado.',
    ]);
    expect(section).toHaveTextContent('«sin datos»');
    expect(section).toHaveTextContent('Una señal es un motivo para revisar, no una acusación.');
    expect(within(section).getByRole('link', { name: 'Qué significa cada señal' })).toHaveAttribute(
      'href',
      '/red-flags',
    );
  });

  it('says when a contract has no flag, and still lists the ones without data and the reminder', () => {
    renderScreen(<ContractFlags contract={contract({ flags: [] })} />);
    const section = screen.getByRole('region', { name: 'Señales de alerta' });
    expect(section).toHaveTextContent('Este contrato no tiene señales de alerta.');
    expect(within(section).getByRole('list', { name: 'Señales sin evaluar' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Una señal es un motivo para revisar, no una acusación.');
  });

  it('shows only the sentence and the reminder when every flag was evaluated and none raised', () => {
    renderScreen(<ContractFlags contract={contract({ flags: [], unevaluated: [] })} />);
    const section = screen.getByRole('region', { name: 'Señales de alerta' });
    expect(within(section).queryAllByRole('list')).toEqual([]);
    expect(within(section).getByRole('link', { name: 'Qué significa cada señal' })).toBeInTheDocument();
  });
});

describe('chainOf', () => {
  it('reads the listed neighbours and the chain size, and ignores evidence of another shape', () => {
    expect(chainOf({ contracts: 'x', members: 'y' }, ID)).toEqual({ others: [], more: 0 });
    expect(chainOf({ contracts: [{ id: ID }, { id: 'b', amount: null }], members: 2 }, ID)).toEqual({
      others: [{ id: 'b', number: null, date: null, amount: null }],
      more: 0,
    });
  });
});
