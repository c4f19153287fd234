import type { DisplayForm } from '../constants/enums';
import { formatMoney, roundHundredths } from '../format/money';
import type { Value } from './evaluate';

/**
 * A calculation's result as visitors read it (public spec, 'Display rules for calculation
 * results'): no value is '---'; AMOUNT is money; PERCENTAGE has 4 decimals when the value has 4
 * or more, otherwise 2 (or its 3), then '%'; NORMAL has 4 decimals when it has 4 or more,
 * otherwise the value as it is.
 */
export function displayResult(value: Value | undefined, form: DisplayForm): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '---';
  const decimals = decimalsOf(value);
  switch (form) {
    case 'AMOUNT':
      return formatMoney(value);
    case 'PERCENTAGE':
      return `${decimals >= 4 ? value.toFixed(4) : decimals === 3 ? value.toFixed(3) : value.toFixed(2)}%`;
    case 'NORMAL':
      return decimals >= 4 ? value.toFixed(4) : String(value);
  }
}

function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return 20;
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

/** An index's value as its pages show it: two decimals at most (`57.21`). */
export function displayIndex(result: number): string {
  return displayResult(roundHundredths(result), 'NORMAL');
}

export type RiskLevel = 'ALTO' | 'MEDIO' | 'BAJO';

/** The level of an index (public spec §4): 50 or less ALTO, up to 75 MEDIO, above BAJO. */
export function riskLevel(result: number): { level: RiskLevel; probability: 'ALTA' | 'MEDIA' | 'BAJA' } {
  if (result <= 50) return { level: 'ALTO', probability: 'ALTA' };
  if (result <= 75) return { level: 'MEDIO', probability: 'MEDIA' };
  return { level: 'BAJO', probability: 'BAJA' };
}
