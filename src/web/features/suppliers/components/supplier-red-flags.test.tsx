import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyFilters } from '../../../../shared/filters-url';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { renderScreen } from '../../../test/render';
import { SupplierRedFlags } from './supplier-red-flags';

const SUPPLIER = '01900000-0000-7000-8000-0000000000aa';
const filters: PublicFilters = { ...emptyFilters(), administrationPeriods: ['2024-2027'], countedOnly: true };

describe("SupplierRedFlags: a supplier's red flags on its page (issue 32)", () => {
  it('says how many of its contracts carry flags, and links each kind to those contracts under the same filters', () => {
    renderScreen(
      <SupplierRedFlags
        supplierId={SUPPLIER}
        listed={12}
        filters={filters}
        flags={{
          flagged: 4,
          byKind: [
            { code: 'SPLIT_DIRECT_AWARDS', name: 'Posible fraccionamiento', contracts: 3 },
            { code: 'NON_WORKING_DAY', name: 'Firmado en día inhábil', contracts: 1 },
          ],
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Señales de alerta' });
    expect(within(section).getByText('4 de 12 contratos con señales de alerta')).toBeInTheDocument();
    const split = within(section).getByRole('link', { name: 'Posible fraccionamiento' });
    const address = new URL(split.getAttribute('href')!, 'http://localhost');
    expect(address.pathname).toBe('/contracts');
    expect(address.searchParams.getAll('proveedor')).toEqual([SUPPLIER]);
    expect(address.searchParams.getAll('senal')).toEqual(['SPLIT_DIRECT_AWARDS']);
    // The page's other filters go along, so the list counts what the page counted.
    expect(address.searchParams.get('administracion')).toBe('2024-2027');
    expect(address.searchParams.get('cuentan')).toBe('si');
    expect(split.closest('li')).toHaveTextContent('3 contratos');
    const holiday = within(section).getByRole('link', { name: 'Firmado en día inhábil' });
    expect(new URL(holiday.getAttribute('href')!, 'http://localhost').searchParams.getAll('senal')).toEqual([
      'NON_WORKING_DAY',
    ]);
    expect(holiday.closest('li')).toHaveTextContent('1 contrato');
    expect(
      within(section).getByText('Una señal es un motivo para revisar, no una acusación.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Qué significa cada señal' })).toHaveAttribute(
      'href',
      '/red-flags',
    );
  });

  it('says 1 contrato for a single listed contract', () => {
    renderScreen(
      <SupplierRedFlags
        supplierId={SUPPLIER}
        listed={1}
        filters={emptyFilters()}
        flags={{
          flagged: 1,
          byKind: [{ code: 'AMENDED', name: 'Con convenios modificatorios', contracts: 1 }],
        }}
      />,
    );
    expect(screen.getByText('1 de 1 contrato con señales de alerta')).toBeInTheDocument();
  });

  it('shows nothing alarming when the supplier has no flags', () => {
    renderScreen(
      <SupplierRedFlags
        supplierId={SUPPLIER}
        listed={5}
        filters={emptyFilters()}
        flags={{ flagged: 0, byKind: [] }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Señales de alerta' });
    expect(within(section).getByText('Sin señales de alerta')).toBeInTheDocument();
    expect(within(section).queryByText(/con señales de alerta/)).toBeNull();
    expect(within(section).queryByRole('listitem')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Qué significa cada señal' })).toBeInTheDocument();
  });
});
