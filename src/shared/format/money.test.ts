import { describe, expect, it } from 'vitest';
import { formatCount, formatMillions, formatMoney, formatPercent, toMillions } from './money';

describe('money formatting', () => {
  it('shows pesos with a dollar sign, comma thousands and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1_234_567_890.126)).toBe('$1,234,567,890.13');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-1500)).toBe('-$1,500.00');
  });

  it('never prints NaN for missing values', () => {
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('rounds to whole pesos when asked', () => {
    expect(formatMoney(1234.5, 0)).toBe('$1,235');
  });

  it('formats counts, millions and shares', () => {
    expect(formatCount(12000)).toBe('12,000');
    expect(toMillions(12_345_678)).toBe(12.35);
    expect(formatPercent(1, 3)).toBe('33.33%');
    expect(formatPercent(1, 3, true)).toBe('33%');
    expect(formatPercent(5, 0)).toBe('0.00%');
  });

  it('writes millions as the quarter chart reads them', () => {
    expect(formatMillions(12_345_678)).toBe('12.35 M');
    expect(formatMillions(1_234_567_890.12)).toBe('1,234.57 M');
    expect(formatMillions(null)).toBe('0.00 M');
  });
});
