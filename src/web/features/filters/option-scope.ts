import { parseQuarterLabel } from '../../../shared/format/dates';
import type { PublicFilters } from '../../../shared/schemas/filters';

/** The years an administration period spans: '2021-2024' → 2021 to 2024. */
function spans(period: string): [number, number] | null {
  const [from, to] = period.split('-').map(Number);
  return from && to && from <= to ? [from, to] : null;
}

function inPeriods(year: number, periods: string[]): boolean {
  return periods.some((period) => {
    const range = spans(period);
    return range !== null && year >= range[0] && year <= range[1];
  });
}

/**
 * Whether an option of the year or quarter select belongs to what is already chosen: years inside
 * the chosen administration periods, quarters of the chosen years (or, with no year chosen, of the
 * periods' years). Other options would only lead to an empty result.
 */
export function optionInScope(
  field: 'fiscalYears' | 'trimonths',
  value: string,
  chosen: Pick<PublicFilters, 'administrationPeriods' | 'fiscalYears'>,
): boolean {
  const periods = chosen.administrationPeriods;
  if (field === 'fiscalYears') return periods.length === 0 || inPeriods(Number(value), periods);
  const year = parseQuarterLabel(value)?.year;
  if (year === undefined) return true;
  if (chosen.fiscalYears.length > 0) return chosen.fiscalYears.includes(String(year));
  return periods.length === 0 || inPeriods(year, periods);
}
