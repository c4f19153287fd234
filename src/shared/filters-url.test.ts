import { describe, expect, it } from 'vitest';
import {
  carriedFilters,
  compactFilters,
  emptyFilters,
  filtersSearch,
  readListState,
  writeListState,
} from './filters-url';

describe('filters in the address', () => {
  it('applies the defaults on a first visit only', () => {
    expect(
      readListState(new URLSearchParams(''), { administrationPeriods: ['2024-2027'] }).filters
        .administrationPeriods,
    ).toEqual(['2024-2027']);
    // The visitor removed every filter and applied: stays without filters.
    expect(
      readListState(new URLSearchParams('pagina=1'), { administrationPeriods: ['2024-2027'] }).filters
        .administrationPeriods,
    ).toEqual([]);
  });

  it('round-trips filters, search and page, keeping other parameters', () => {
    const filters = {
      ...emptyFilters(),
      administrationPeriods: ['2021-2024'],
      procedureTypes: ['PUBLIC' as const, 'NO_BID' as const],
      suppliers: ['0192aaaa-0000-7000-8000-000000000001'],
      search: 'pavimentación',
    };
    const params = writeListState(new URLSearchParams('changeOrganization=x'), { filters, page: 3 });
    expect(params.get('changeOrganization')).toBe('x');
    expect(readListState(params, {})).toEqual({ filters, page: 3 });
  });

  it("round-trips the index's contract conditions and drops values that are not ones", () => {
    const filters = {
      ...emptyFilters(),
      administrationPeriods: ['2021-2024'],
      countedOnly: true,
      procedureStates: ['CONCLUDED' as const],
      categories: ['EXTENSION' as const],
      withoutDocuments: ['CONTRACT' as const, 'JUDGMENT' as const],
      limitExceeded: true,
      withoutFolio: true,
    };
    const search = filtersSearch(filters);
    expect(search).toBe(
      '?administracion=2021-2024&estado=CONCLUDED&materia=EXTENSION&sin-liga=CONTRACT&sin-liga=JUDGMENT&cuentan=si&excede-monto=si&sin-folio=si',
    );
    expect(readListState(new URLSearchParams(search), {}).filters).toEqual(filters);
    // A link with only a condition is a list state of its own: the default period does not apply.
    expect(
      readListState(new URLSearchParams('sin-folio=si'), { administrationPeriods: ['2024-2027'] }).filters,
    ).toEqual({ ...emptyFilters(), withoutFolio: true });
    const odd = readListState(new URLSearchParams('estado=DONE&materia=X&sin-liga=FOTO&sin-folio=1'), {});
    expect(odd.filters).toEqual(emptyFilters());
  });

  it('ignores values that cannot be filters', () => {
    const state = readListState(
      new URLSearchParams(
        'tipo=FOO&tipo=PUBLIC&pagina=-2&trimestre=4o&trimestre=4o%202024&trimestre=4o%202024&ejercicio=20x4&unidad=abc&administracion=2021-2024',
      ),
      {},
    );
    expect(state.filters.procedureTypes).toEqual(['PUBLIC']);
    expect(state.filters.trimonths).toEqual(['4o 2024']);
    expect(state.filters.fiscalYears).toEqual([]);
    expect(state.filters.administrativeUnits).toEqual([]);
    expect(state.filters.administrationPeriods).toEqual(['2021-2024']);
    expect(state.page).toBe(1);
  });

  it('carries the applied filters, not the page, to a detail page', () => {
    const filters = { ...emptyFilters(), fiscalYears: ['2024'], search: 'bacheo' };
    const search = filtersSearch(filters);
    expect(search).toBe('?ejercicio=2024&busqueda=bacheo');
    expect(
      readListState(new URLSearchParams(search), { administrationPeriods: ['2024-2027'] }).filters,
    ).toEqual(filters);
    // No filter is also a choice: the detail must not apply the monitor's default period.
    expect(filtersSearch(emptyFilters())).toBe('?pagina=1');
    expect(
      readListState(new URLSearchParams('?pagina=1'), { administrationPeriods: ['2024-2027'] }).filters,
    ).toEqual(emptyFilters());
  });

  it("carries a list's filters, the counted-only switch and the search to the other list, not its page", () => {
    const carried = carriedFilters(
      new URLSearchParams('administracion=2021-2024&tipo=PUBLIC&cuentan=si&busqueda=obra&pagina=3&x=1'),
    );
    const params = new URLSearchParams(carried);
    expect(params.get('cuentan')).toBe('si');
    expect(params.get('pagina')).toBeNull();
    expect(params.get('x')).toBeNull();
    expect(readListState(params, { administrationPeriods: ['2024-2027'] }).filters).toEqual({
      ...emptyFilters(),
      administrationPeriods: ['2021-2024'],
      procedureTypes: ['PUBLIC'],
      countedOnly: true,
      search: 'obra',
    });
    expect(new URLSearchParams(carriedFilters(new URLSearchParams('cuentan=si'))).get('cuentan')).toBe('si');
    // Filters all removed stay removed on the other list; a first visit leaves its defaults to it.
    expect(carriedFilters(new URLSearchParams('pagina=2'))).toBe('?pagina=1');
    expect(carriedFilters(new URLSearchParams(''))).toBe('');
    expect(carriedFilters(new URLSearchParams('changeOrganization=x'))).toBe('');
  });

  it('round-trips the red flags and drops codes that are not ones (issue 32)', () => {
    const filters = {
      ...emptyFilters(),
      fiscalYears: ['2024'],
      redFlags: ['SINGLE_BIDDER' as const, 'ANY' as const],
    };
    const params = writeListState(new URLSearchParams('x=1'), { filters, page: 2 });
    expect(params.getAll('senal')).toEqual(['SINGLE_BIDDER', 'ANY']);
    expect(readListState(params, {})).toEqual({ filters, page: 2 });
    expect(compactFilters(filters)).toEqual({ fiscalYears: ['2024'], redFlags: ['SINGLE_BIDDER', 'ANY'] });
    // Unknown, lower-case, repeated and empty values are dropped, never crashing the list.
    const odd = readListState(
      new URLSearchParams(
        'senal=NOPE&senal=single_bidder&senal=&senal=AMENDED&senal=AMENDED&senal=__proto__',
      ),
      { administrationPeriods: ['2024-2027'] },
    );
    expect(odd.filters).toEqual({ ...emptyFilters(), redFlags: ['AMENDED'] });
    // Only unknown codes: a list state of its own (no defaults) and no red-flag filter at all.
    const none = readListState(new URLSearchParams('senal=NOPE'), { administrationPeriods: ['2024-2027'] });
    expect(none.filters).toEqual(emptyFilters());
    expect(compactFilters(none.filters)).toEqual({});
    // Writing without red flags removes the ones the address had.
    expect(writeListState(params, { filters: emptyFilters(), page: 1 }).has('senal')).toBe(false);
    expect(new URLSearchParams(carriedFilters(params)).getAll('senal')).toEqual(['SINGLE_BIDDER', 'ANY']);
  });
});
