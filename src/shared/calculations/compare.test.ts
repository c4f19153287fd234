import { describe, expect, it } from 'vitest';
import { comparisonPercent, pairCalculations, pairedValue, sameMethod } from './compare';

const item = (hash: string, name: string, result: number | null = 1) => ({
  hash,
  name,
  description: `${name} (descripción)`,
  displayForm: 'AMOUNT' as const,
  result,
});

describe('comparison pairing', () => {
  it('pairs by stable key, keeps one-side items with --- on the other, left order first', () => {
    const left = [item('a', 'Monto adjudicado', 1500), item('b', 'Solo aquí'), item('c', 'Otro')];
    const right = [item('c', 'Otro nombre allá', 2), item('z', 'Solo allá', null), item('a', 'Monto', 99)];
    const pairs = pairCalculations(left, right);
    expect(pairs.map((pair) => [pair.name, pairedValue(pair.left), pairedValue(pair.right)])).toEqual([
      ['Monto adjudicado', '$1,500.00', '$99.00'],
      ['Solo aquí', '$1.00', '---'],
      ['Otro', '$1.00', '$2.00'],
      ['Solo allá', '---', '---'],
    ]);
  });

  it('pairs a key repeated on one side once, the rest on rows of their own', () => {
    const pairs = pairCalculations([item('a', 'Uno'), item('a', 'Dos')], [item('a', 'Allá')]);
    expect(pairs.map((pair) => [pair.name, Boolean(pair.left), Boolean(pair.right)])).toEqual([
      ['Uno', true, true],
      ['Dos', true, false],
    ]);
  });

  it('says the same method only for equal keys on both sides', () => {
    expect(sameMethod('k1', 'k1')).toBe(true);
    expect(sameMethod('k1', 'k2')).toBe(false);
    expect(sameMethod(null, null)).toBe(false);
    expect(sameMethod('k1', undefined)).toBe(false);
  });

  it('shows shares as percentages with two decimals', () => {
    expect(comparisonPercent(0.45123)).toBe('45.12%');
    expect(comparisonPercent(1)).toBe('100.00%');
    expect(comparisonPercent(0)).toBe('0.00%');
    expect(comparisonPercent(null)).toBe('---');
  });
});
