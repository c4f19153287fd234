import { describe, expect, it } from 'vitest';
import type { VariableSet } from '../figures/figures';
import { type CalculationDefinition, evaluateCalculations, findCycle } from './index-engine';

const calc = (abbreviation: string, expression: string, extra: Partial<CalculationDefinition> = {}) => ({
  id: abbreviation,
  abbreviation,
  type: 'CONTRACT' as const,
  administrationPeriod: null,
  hasPercentScale: false,
  scale: [],
  filters: [],
  expression,
  displayForm: 'NORMAL' as const,
  ...extra,
});

function context(values: Record<string, number | null> = { $NTC: 40, $NCSF: 10, $MTG: 1000, $MGLP: 250 }) {
  const asked: VariableSet[] = [];
  return {
    asked,
    organizationId: 'monitor',
    administrationPeriod: '2021-2024',
    async variables(set: VariableSet) {
      asked.push(set);
      // A filtered set counts fewer contracts; the installation counts more.
      const factor = set.filters.length > 0 ? 0.5 : set.organizationId === null ? 10 : 1;
      return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? null : v * factor]));
    },
  };
}

describe('the index engine', () => {
  it('evaluates a tree of calculations, each once, diamonds included', async () => {
    const ctx = context();
    const results = await evaluateCalculations(
      [
        calc('$$I1', '$MGLP / $MTG * 100'),
        calc('$$I2', '100 - $NCSF / $NTC * 100'),
        calc('$$EJE', 'avg($$I1, $$I2)'),
        calc('$$D', '$$I1 + $$EJE'),
        calc('$$IRC', 'avg($$EJE, $$D)'),
      ],
      ctx,
    );
    expect(results.get('$$I1')).toMatchObject({ value: 25, variables: { $MGLP: 250, $MTG: 1000 } });
    expect(results.get('$$EJE')?.value).toBe(50);
    expect(results.get('$$D')?.value).toBe(75);
    expect(results.get('$$IRC')).toMatchObject({ value: 62.5, calculations: ['$$EJE', '$$D'] });
    // One contract set for all of them: the monitor, the period, no filters.
    expect(ctx.asked).toEqual([
      { organizationId: 'monitor', administrationPeriod: '2021-2024', filters: [] },
    ]);
  });

  it('asks each variable in its own contract set: filters per variable, GENERAL for every monitor', async () => {
    const ctx = context();
    const filter = {
      variableAbbreviation: '$NTC',
      propertyName: 'totalOrMaxAmount',
      propertyType: 'NUMBER' as const,
      operator: 'GREATER' as const,
      value: '100',
    };
    const results = await evaluateCalculations(
      [calc('$$F', '$NCSF / $NTC', { filters: [filter] }), calc('$$G', '$NTC', { type: 'GENERAL' })],
      ctx,
    );
    expect(results.get('$$F')?.value).toBe(10 / 20);
    expect(results.get('$$G')?.value).toBe(400);
    expect(ctx.asked).toHaveLength(3);
  });

  it("asks the red flags' variables of a set apart, only when a formula uses one", async () => {
    const ctx = context({ $NTC: 40, $NCAD: 10, $NSAUP: 6 });
    const results = await evaluateCalculations(
      [calc('$$UP', '$NSAUP * 100 / ($NTC - $NCAD)'), calc('$$T', '$NTC')],
      ctx,
    );
    expect(results.get('$$UP')?.value).toBe(20);
    expect(ctx.asked).toEqual([
      { organizationId: 'monitor', administrationPeriod: '2021-2024', filters: [], flags: true },
      { organizationId: 'monitor', administrationPeriod: '2021-2024', filters: [] },
    ]);
  });

  it("gives 'sin datos' with the reason: formula errors, unknown variables, cycles, another period, the scale", async () => {
    const results = await evaluateCalculations(
      [
        calc('$$BAD', '1 +'),
        calc('$$UNK', '$NOPE + 1'),
        calc('$$A', '$$B + 1'),
        calc('$$B', '$$A + 1'),
        calc('$$OLD', '$NTC', { administrationPeriod: '2018-2021' }),
        calc('$$SC', '$NTC * 10', { hasPercentScale: true, scale: [{ min: 0, max: 100, value: 8 }] }),
        calc('$$OK', '$NTC * 2', { hasPercentScale: true, scale: [{ min: 0, max: 100, value: 8 }] }),
        calc('$$ZERO', '$NTC / ($NCSF - 10)'),
      ],
      context(),
    );
    expect(results.get('$$BAD')).toMatchObject({
      value: null,
      message: 'La fórmula termina antes de tiempo: falta un valor en la posición 4.',
    });
    expect(results.get('$$UNK')).toMatchObject({ value: null, message: 'Variable desconocida «$NOPE».' });
    expect(results.get('$$A')?.message).toMatch(/referencias circulares/);
    expect(results.get('$$B')?.message).toMatch(/referencias circulares/);
    expect(results.get('$$OLD')).toMatchObject({
      value: null,
      message: 'Este cálculo se evalúa solo para la administración 2018-2021.',
    });
    expect(results.get('$$SC')).toMatchObject({
      value: null,
      message: 'El resultado 400 queda fuera de la escala (0 a 100).',
    });
    expect(results.get('$$OK')?.value).toBe(8);
    expect(results.get('$$ZERO')).toMatchObject({ value: null });
    expect(results.get('$$ZERO')?.message).toBeUndefined();
  });

  it('finds cycles with a proper walk, and takes diamonds as they are', () => {
    const graph: Record<string, string[]> = {
      $$IRC: ['$$E1', '$$E2'],
      $$E1: ['$$I1', '$$I2'],
      $$E2: ['$$I2'],
      $$I1: [],
      $$I2: [],
      $$X: ['$$Y'],
      $$Y: ['$$Z'],
      $$Z: ['$$X'],
      $$SELF: ['$$SELF'],
    };
    const refs = (abbreviation: string) => graph[abbreviation] ?? [];
    expect(findCycle('$$IRC', refs)).toBeNull();
    expect(findCycle('$$X', refs)).toEqual(['$$X', '$$Y', '$$Z', '$$X']);
    expect(findCycle('$$SELF', refs)).toEqual(['$$SELF', '$$SELF']);
  });
});
