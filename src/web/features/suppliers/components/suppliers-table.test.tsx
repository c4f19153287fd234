import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyFilters } from '../../../../shared/filters-url';
import type { SupplierListRow } from '../../../../shared/schemas/suppliers';
import { renderScreen } from '../../../test/render';
import { SuppliersTable } from './suppliers-table';

function supplier(id: string, redFlags: SupplierListRow['redFlags']): SupplierListRow {
  return {
    _id: `01900000-0000-7000-8000-00000000000${id}`,
    name: `PROVEEDOR ${id.toUpperCase()}`,
    contractsCount: 12,
    publicCount: 1,
    invitationCount: 1,
    noBidCount: 10,
    public: 1000,
    invitation: 500,
    noBid: 250,
    total: 1750,
    redFlags,
  };
}

const docs = [
  supplier('a', {
    flagged: 4,
    byKind: [
      { code: 'SPLIT_DIRECT_AWARDS', name: 'Posible fraccionamiento', contracts: 3 },
      { code: 'NON_WORKING_DAY', name: 'Firmado en día inhábil', contracts: 1 },
      { code: 'AMENDED', name: 'Con convenios modificatorios', contracts: 2 },
    ],
  }),
  supplier('b', {
    flagged: 1,
    byKind: [{ code: 'OUTLIER_AMOUNT', name: 'Monto atípico', contracts: 1 }],
  }),
  supplier('c', { flagged: 0, byKind: [] }),
];

/** Each supplier's flagged contracts and its flags by kind with their contracts (issue 32). */
function checkFlags() {
  expect(screen.getByText('4 contratos con señales de alerta')).toBeInTheDocument();
  expect(screen.getByText('1 contrato con señales de alerta')).toBeInTheDocument();
  const groups = screen.getAllByRole('group', { name: /^Señales de alerta: / });
  expect(groups).toHaveLength(2);
  const [first, second] = groups as [HTMLElement, HTMLElement];
  // Two kinds by name with their counts, then '+N'; the whole list is the group's name and tooltip.
  expect(first).toHaveAccessibleName(
    'Señales de alerta: Posible fraccionamiento (3 contratos), Firmado en día inhábil (1 contrato), Con convenios modificatorios (2 contratos)',
  );
  expect(first).toHaveAttribute(
    'title',
    expect.stringContaining('Con convenios modificatorios (2 contratos)'),
  );
  expect(within(first).getByText('Posible fraccionamiento')).toBeInTheDocument();
  expect(within(first).getByText('3')).toBeInTheDocument();
  expect(within(first).queryByText('Con convenios modificatorios')).toBeNull();
  expect(within(first).getByText('+1')).toBeInTheDocument();
  expect(second).toHaveAccessibleName('Señales de alerta: Monto atípico (1 contrato)');
}

describe('SuppliersTable: the red flags of each supplier', () => {
  it('shows them in their own column on a wide screen, and a quiet dash when a supplier has none', () => {
    renderScreen(<SuppliersTable docs={docs} filters={emptyFilters()} />);
    expect(screen.getByRole('columnheader', { name: 'Señales de alerta' })).toBeInTheDocument();
    checkFlags();
    const quiet = screen.getByRole('row', { name: /PROVEEDOR C/ });
    expect(within(quiet).getByText('Sin señales de alerta')).toBeInTheDocument();
    expect(within(quiet).queryByText(/con señales de alerta/)).toBeNull();
  });

  it('shows them on the cards of a phone, and nothing on a card without flags', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as typeof window.matchMedia;
    try {
      renderScreen(<SuppliersTable docs={docs} filters={emptyFilters()} />);
      expect(screen.queryByRole('table')).toBeNull();
      checkFlags();
      expect(screen.queryByText('Sin señales de alerta')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
