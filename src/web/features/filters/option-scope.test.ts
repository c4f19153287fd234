import { describe, expect, it } from 'vitest';
import { optionInScope } from './option-scope';

describe('year and quarter options follow the chosen period and year', () => {
  const none = { administrationPeriods: [], fiscalYears: [] };

  it('offers every option when nothing is chosen', () => {
    expect(optionInScope('fiscalYears', '2019', none)).toBe(true);
    expect(optionInScope('trimonths', '3o 2019', none)).toBe(true);
  });

  it('offers only the years and quarters inside the chosen administration period', () => {
    const chosen = { administrationPeriods: ['2021-2024'], fiscalYears: [] };
    expect(
      ['2020', '2021', '2024', '2025'].filter((year) => optionInScope('fiscalYears', year, chosen)),
    ).toEqual(['2021', '2024']);
    expect(optionInScope('trimonths', '4o 2020', chosen)).toBe(false);
    expect(optionInScope('trimonths', '1o 2022', chosen)).toBe(true);
  });

  it('offers only the quarters of the chosen years', () => {
    const chosen = { administrationPeriods: ['2021-2024'], fiscalYears: ['2022'] };
    expect(
      ['4o 2021', '1o 2022', '4o 2022', '1o 2023'].filter((q) => optionInScope('trimonths', q, chosen)),
    ).toEqual(['1o 2022', '4o 2022']);
  });
});
