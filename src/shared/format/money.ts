const formatters = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    // en-US grouping gives the Mexican convention (comma thousands, dot decimals) on every runtime.
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/**
 * Money as the specs show it everywhere: `$1,234.56`, negative as `-$1,234.56`.
 * Missing or non-finite values print as `$0.00` so a total never reads "NaN".
 */
export function formatMoney(value: number | null | undefined, decimals = 2): string {
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const text = numberFormat(decimals).format(Math.abs(amount));
  return amount < 0 && text !== numberFormat(decimals).format(0) ? `-$${text}` : `$${text}`;
}

/** A plain number with thousands separators (counts): `12,000`. */
export function formatCount(value: number | null | undefined): string {
  return numberFormat(0).format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/** Pesos as millions with two decimals, as the quarter chart reads: 12_345_678 → `12.35 M`. */
export function formatMillions(value: number | null | undefined): string {
  return `${numberFormat(2).format(toMillions(typeof value === 'number' && Number.isFinite(value) ? value : 0))} M`;
}

/** Millions for chart axes: 12_345_678 → `12.35`. */
export function toMillions(value: number): number {
  return roundHundredths(value / 1_000_000);
}

/**
 * To two decimals: sums arrive as exact decimals, and cents are kept exact when they become JSON
 * numbers; an index's value shows two decimals at most.
 */
export const roundHundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * The one rule for money (docs/decisions/0004-one-rule-for-money.md), in one line, as the screens
 * and every download say it next to the totals.
 */
export const MONEY_RULE_NOTE =
  'Las sumas y los conteos incluyen solo contratos concluidos; no incluyen ampliaciones, modificaciones ni adendas. Los listados muestran todos los contratos.';

/**
 * A share of a whole as a percentage text. `round` is the organization's rounding flag:
 * when set, percentages show without decimals.
 */
export function formatPercent(part: number, whole: number, round = false): string {
  const share = whole > 0 ? (part / whole) * 100 : 0;
  return `${numberFormat(round ? 0 : 2).format(share)}%`;
}
