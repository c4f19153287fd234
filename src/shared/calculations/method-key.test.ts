import { describe, expect, it } from 'vitest';
import type { CalculationFilter } from './filters';
import { type MethodPart, methodKeys } from './method-key';

/** The text itself stands for its hash here (the server hashes it with SHA-256). */
const hash = (text: string) => text;
const SCALE = [
  { min: 0, max: 33.33, value: 2.67 },
  { min: 33.33, max: 66.67, value: 5.33 },
  { min: 66.67, max: 100, value: 8 },
];

const part = (abbreviation: string, expression: string, extra: Partial<MethodPart> = {}): MethodPart => ({
  abbreviation,
  type: 'CONTRACT',
  administrationPeriod: null,
  expression,
  hasPercentScale: false,
  scale: [],
  filters: [],
  ...extra,
});

/** A small index: two indicators, an axis each, the index over the axes. */
const index = (): MethodPart[] => [
  part('$$I1', '$MGLP / $MTG * 100'),
  part('$$I2', '100 - $NCSF / $NTC * 100'),
  part('$$EJE1', 'avg($$I1, $$I2)'),
  part('$$EJE2', '$$I2'),
  part('$$IRC', 'avg($$EJE1, $$EJE2)'),
];

/** Our servers name a filter's supplier by its RFC: the same on every server, whatever the id. */
const names: Record<string, string> = {
  'aaaaaaaa-0000-4000-8000-000000000001': 'rfc:ABC010101AAA',
  'bbbbbbbb-0000-4000-8000-000000000009': 'rfc:ABC010101AAA',
  'aaaaaaaa-0000-4000-8000-000000000002': 'rfc:XYZ020202BBB',
};
const keysOf = (parts: MethodPart[]) => methodKeys(parts, { hash, referenceName: (id) => names[id] });
const indexKey = (parts: MethodPart[]) => keysOf(parts).get('$$IRC');
const change = (parts: MethodPart[], abbreviation: string, extra: Partial<MethodPart>) =>
  parts.map((item) => (item.abbreviation === abbreviation ? { ...item, ...extra } : item));
const supplierFilter = (reference: string, operator = 'EQUAL'): CalculationFilter =>
  ({
    variableAbbreviation: '$MGLP',
    propertyName: 'supplier',
    propertyType: 'REF',
    onModel: 'Supplier',
    operator,
    reference,
  }) as CalculationFilter;

describe('the method key of a calculation', () => {
  it("changes the index's key when anything it depends on changes, transitively", () => {
    const base = indexKey(index());
    const changed = {
      'an axis': change(index(), '$$EJE2', { expression: '$$I1' }),
      "an indicator's formula": change(index(), '$$I1', { expression: '$MGLP / $MTG * 10' }),
      "an indicator's filter": change(index(), '$$I1', { filters: [supplierFilter(Object.keys(names)[0]!)] }),
      "an indicator's scale": change(index(), '$$I2', { hasPercentScale: true, scale: SCALE }),
      "a scale's value": change(change(index(), '$$I2', { hasPercentScale: true, scale: SCALE }), '$$I2', {
        scale: [...SCALE.slice(0, 2), { min: 66.67, max: 100, value: 9 }],
      }),
      "an indicator's type": change(index(), '$$I1', { type: 'GENERAL' }),
      "an indicator's own period": change(index(), '$$I1', { administrationPeriod: '2021-2024' }),
      'the index itself': change(index(), '$$IRC', { expression: 'avg($$EJE1)' }),
    };
    const keys = Object.entries(changed).map(([what, parts]) => [what, indexKey(parts)]);
    for (const [what, key] of keys) expect(key, what).not.toBe(base);
    expect(new Set(keys.map(([, key]) => key)).size).toBe(keys.length);
  });

  it('keeps the key for what does not change the value: spelling, order, ids, abbreviations, calculations it does not use', () => {
    const base = indexKey(index());
    const withScale = (parts: MethodPart[], scale = SCALE) =>
      change(parts, '$$I2', { hasPercentScale: true, scale });
    const same = {
      'spaces, parentheses and number spellings': change(index(), '$$I1', {
        expression: ' ($MGLP/$MTG) *100.0 ',
      }),
      'the operands of + and *': change(index(), '$$I1', { expression: '100 * ($MGLP / $MTG)' }),
      'the values of avg': change(index(), '$$EJE1', { expression: 'avg($$I2, $$I1)' }),
      'the order of the calculations': [...index()].reverse(),
      'another calculation the index does not use': [...index(), part('$$OTRO', '$NTC * 2')],
      'a scale on a calculation with the scale switched off': change(index(), '$$I1', { scale: SCALE }),
      'the abbreviation of an indicator (another server may name it otherwise)': index().map((item) =>
        item.abbreviation === '$$I1'
          ? { ...item, abbreviation: '$$IND1' }
          : { ...item, expression: item.expression.replace('$$I1', () => '$$IND1') },
      ),
    };
    for (const [what, parts] of Object.entries(same)) expect(indexKey(parts), what).toBe(base);
    // Scale rows and filters in another order, a supplier with another id but the same RFC.
    const filtered = (filters: CalculationFilter[], scale = SCALE) =>
      indexKey(change(withScale(index(), scale), '$$I1', { filters }));
    const [ours, other] = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];
    const reference = filtered([supplierFilter(ours), supplierFilter(other)]);
    expect(filtered([supplierFilter(other), supplierFilter(ours)], [...SCALE].reverse())).toBe(reference);
    expect(filtered([supplierFilter('bbbbbbbb-0000-4000-8000-000000000009'), supplierFilter(other)])).toBe(
      reference,
    );
    expect(filtered([supplierFilter(ours)])).not.toBe(reference);
    expect(filtered([supplierFilter(ours, 'NOT_EQUAL'), supplierFilter(other)])).not.toBe(reference);
  });

  it('gives every calculation a key, with a missing reference or a cycle still defined', () => {
    const keys = keysOf([...index(), part('$$A', '$$B + 1'), part('$$B', '$$A * 2'), part('$$C', '$$NADA')]);
    expect([...keys.keys()].sort()).toEqual(
      ['$$A', '$$B', '$$C', '$$EJE1', '$$EJE2', '$$I1', '$$I2', '$$IRC'].sort(),
    );
    for (const key of keys.values()) expect(key).toContain('vigia-method/2');
    // A formula that does not parse keeps a key of its own text.
    expect(keysOf([part('$$X', '2 * * $NTC')]).get('$$X')).toContain('error:2**$NTC');
  });
});
