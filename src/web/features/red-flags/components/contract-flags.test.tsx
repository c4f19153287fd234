import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { flagSentence, interpolate } from '../../../../shared/red-flags/sentences';
import type { ContractDetail } from '../../../../shared/schemas/contracts';
import type { ContractFlag } from '../../../../shared/schemas/red-flags';
import i18n from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { ContractFlags, chainOf } from './contract-flags';

const ID = '01900000-0000-7000-8000-0000000000c2';

/** A raised flag as the API gives it: the sentence and its template from the shared builder. */
function raised(
  code: ContractFlag['code'],
  name: string,
  category: string,
  evidence: Record<string, unknown>,
): ContractFlag {
  const template = flagSentence(code, evidence);
  return { code, name, category, sentence: interpolate(template.text, template.values), template, evidence };
}

const SPLIT = raised('SPLIT_DIRECT_AWARDS', 'Posible fraccionamiento', 'COMPETITION', {
  total: 1_500_000,
  limit: 1_000_000,
  fiscalYear: '2025',
  windowDays: 30,
  members: 14,
  contracts: [
    { id: 'c1', number: 'AD-001/2025', date: '2025-03-02', amount: 120_000 },
    { id: ID, number: 'AD-002/2025', date: '2025-03-10', amount: 130_000 },
    { id: 'c3', number: null, date: '2025-03-28', amount: '99500.5' },
  ],
});

const WEEKEND = raised('NON_WORKING_DAY', 'Firmado en día inhábil', 'TIME', {
  date: '2025-03-02',
  kind: 'SUNDAY',
  name: 'domingo',
});

const HOLIDAY = raised('NON_WORKING_DAY', 'Firmado en día inhábil', 'TIME', {
  date: '2024-12-25',
  kind: 'HOLIDAY',
  name: 'Navidad (25 de diciembre)',
});

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
      'Este contrato es una de 14 adjudicaciones directas de la misma unidad convocante al mismo proveedor, con 30 días o menos entre una y otra; cada una queda por debajo del límite de $1,000,000.00 del ejercicio 2025, pero juntas suman $1,500,000.00 y lo superan.',
    );
    const weekend = section.querySelector<HTMLElement>('[data-flag="NON_WORKING_DAY"]')!;
    expect(weekend).toHaveTextContent('Categoría: Tiempo');
    expect(weekend).toHaveTextContent('El contrato se firmó el 02/03/2025, domingo.');
    expect(weekend).toHaveTextContent(WEEKEND.sentence);
  });

  describe('in another language', () => {
    afterEach(async () => {
      await act(() => i18n.changeLanguage('es'));
    });

    it("translates each sentence's template with its values, a holiday by its own name, and the reasons", async () => {
      await act(() => i18n.changeLanguage('en'));
      const unevaluated = [
        {
          code: 'SINGLE_BIDDER' as const,
          name: 'Un solo participante',
          reason: 'No hay participantes registrados.',
        },
      ];
      renderScreen(<ContractFlags contract={contract({ flags: [SPLIT, HOLIDAY], unevaluated })} />);
      const section = screen.getByRole('region', { name: 'Red flags' });
      expect(section.querySelector('[data-flag="SPLIT_DIRECT_AWARDS"]')).toHaveTextContent(
        'This contract is one of 14 direct awards from the same convening unit to the same supplier, 30 days or less apart; each one is below the limit of $1,000,000.00 for fiscal year 2025, but together they add up to $1,500,000.00 and exceed it.',
      );
      expect(section.querySelector('[data-flag="NON_WORKING_DAY"]')).toHaveTextContent(
        'The contract was signed on 25/12/2024, a non-working day: Christmas Day (December 25).',
      );
      expect(within(section).getByRole('list', { name: 'Flags not evaluated' })).toHaveTextContent(
        'Single bidder — No bidders are recorded.',
      );
    });

    it('shows a holiday name outside the closed set as it came, in Spanish', async () => {
      await act(() => i18n.changeLanguage('ja'));
      const renamed = raised('NON_WORKING_DAY', 'Firmado en día inhábil', 'TIME', {
        date: '2024-12-25',
        kind: 'HOLIDAY',
        name: 'Día festivo local',
      });
      renderScreen(<ContractFlags contract={contract({ flags: [renamed], unevaluated: [] })} />);
      expect(document.querySelector('[data-flag="NON_WORKING_DAY"]')).toHaveTextContent(
        'この契約は休日の25/12/2024に締結されました：Día festivo local。',
      );
    });
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
