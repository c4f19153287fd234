import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContractListItem } from '../../../../shared/schemas/contracts';
import { renderScreen } from '../../../test/render';
import { ContractsTable } from './contracts-table';

function contract(id: string, redFlags: ContractListItem['redFlags']): ContractListItem {
  return {
    _id: id,
    supplier: { _id: `s-${id}`, name: `Proveedor ${id}` },
    procedureType: 'NO_BID',
    procedureState: 'CONCLUDED',
    isEmpty: false,
    totalOrMaxAmount: 1000,
    contractDate: '2024-03-01',
    servicesDescription: `Obra ${id}`,
    redFlags,
  } as unknown as ContractListItem;
}

const docs = [
  contract('a', ['SINGLE_BIDDER', 'NON_WORKING_DAY', 'AMENDED']),
  contract('b', ['OUTLIER_AMOUNT']),
  contract('c', []),
];

/** The red-flag tags of each row (issue 32), on a wide screen and on a phone. */
function checkTags() {
  const groups = screen.getAllByRole('group', { name: /^Señales de alerta: / });
  expect(groups).toHaveLength(2);
  const [first, second] = groups as [HTMLElement, HTMLElement];
  // Two names, then '+N'; the whole list is the group's name and tooltip.
  expect(first).toHaveAccessibleName(
    'Señales de alerta: Un solo participante, Firmado en día inhábil, Con convenios modificatorios',
  );
  expect(first).toHaveAttribute('title', expect.stringContaining('Con convenios modificatorios'));
  expect(within(first).getByText('Un solo participante')).toBeInTheDocument();
  expect(within(first).getByText('Firmado en día inhábil')).toBeInTheDocument();
  expect(within(first).queryByText('Con convenios modificatorios')).toBeNull();
  expect(within(first).getByText('+1')).toBeInTheDocument();
  expect(second).toHaveAccessibleName('Señales de alerta: Monto atípico');
  expect(within(second).queryByText(/^\+/)).toBeNull();
}

describe('ContractsTable: the red flags of each row', () => {
  it('shows them in their own column on a wide screen, and says when a row has none', () => {
    renderScreen(<ContractsTable docs={docs} />);
    expect(screen.getByRole('columnheader', { name: 'Señales de alerta' })).toBeInTheDocument();
    checkTags();
    expect(screen.getByText('Sin señales de alerta')).toBeInTheDocument();
  });

  it('shows them on the cards of a phone', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as typeof window.matchMedia;
    try {
      renderScreen(<ContractsTable docs={docs} />);
      expect(screen.queryByRole('table')).toBeNull();
      checkTags();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
