import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_CATEGORIES,
  RED_FLAG_CODES,
  RED_FLAG_MESSAGES,
  RED_FLAG_PARAMETER_KEYS,
  RED_FLAGS,
} from './definitions';
import { RedFlagParametersSchema } from './parameters-schema';

/** The reference's table (red-flags.md): code, name, category, in its order. */
const TABLE = [
  ['SINGLE_BIDDER', 'Un solo participante', 'Competencia'],
  ['FEW_INVITED_BIDDERS', 'Invitación con menos de tres participantes', 'Competencia'],
  ['OVER_DIRECT_AWARD_LIMIT', 'Adjudicación directa por encima del límite', 'Competencia'],
  ['SPLIT_DIRECT_AWARDS', 'Posible fraccionamiento', 'Competencia'],
  ['SUPPLIER_CONCENTRATION', 'Proveedor concentrado', 'Competencia'],
  ['NON_WORKING_DAY', 'Firmado en día inhábil', 'Tiempo'],
  ['LATE_PUBLICATION', 'Publicación tardía', 'Transparencia'],
  ['NO_CONTRACT_DOCUMENT', 'Sin documento del contrato', 'Transparencia'],
  ['NO_CALL_DOCUMENT', 'Sin convocatoria', 'Transparencia'],
  ['DOCUMENT_GONE', 'Documento retirado de la fuente', 'Transparencia'],
  ['INVALID_RFC', 'RFC con formato no válido', 'Proveedor'],
  ['SHARED_RFC', 'RFC compartido', 'Proveedor'],
  ['SAT_69B', 'Proveedor en la lista del SAT (art. 69-B)', 'Proveedor'],
  ['SANCTIONED_SUPPLIER', 'Proveedor sancionado', 'Proveedor'],
  ['OUTLIER_AMOUNT', 'Monto atípico', 'Monto'],
  ['AMENDED', 'Con convenios modificatorios', 'Ejecución'],
] as const;

const messagesOf = (input: unknown) =>
  RedFlagParametersSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('red flag definitions', () => {
  it('define every code of the table, in its order, with its name and category', () => {
    expect(RED_FLAG_CODES).toEqual(TABLE.map(([code]) => code));
    expect(Object.keys(RED_FLAGS).sort()).toEqual([...RED_FLAG_CODES].sort());
    const categoryName = (code: string) => RED_FLAG_CATEGORIES.find((c) => c.code === code)?.name;
    for (const [code, name, category] of TABLE) {
      expect(RED_FLAGS[code].name).toBe(name);
      expect(categoryName(RED_FLAGS[code].category)).toBe(category);
    }
  });

  it('give every flag its texts and only known parameters', () => {
    for (const code of RED_FLAG_CODES) {
      const flag = RED_FLAGS[code];
      for (const text of [flag.rule, flag.why, flag.needs]) expect(text).toMatch(/^[A-ZÁÉÍÓÚÑ].+\.$/s);
      for (const parameter of flag.parameters) expect(RED_FLAG_PARAMETER_KEYS).toContain(parameter);
    }
    expect(RED_FLAGS.SPLIT_DIRECT_AWARDS.parameters).toEqual(['directAwardLimits', 'chainWindowDays']);
  });
});

describe('red flag parameters', () => {
  it('have defaults that validate and that an empty object reads as', () => {
    expect(RedFlagParametersSchema.parse(DEFAULT_RED_FLAG_PARAMETERS)).toEqual(DEFAULT_RED_FLAG_PARAMETERS);
    expect(RedFlagParametersSchema.parse({})).toEqual(DEFAULT_RED_FLAG_PARAMETERS);
    expect(DEFAULT_RED_FLAG_PARAMETERS).toMatchObject({
      chainWindowDays: 30,
      concentrationShare: 0.4,
      concentrationMinContracts: 5,
      outlierFactor: 3,
      outlierMinContracts: 20,
      directAwardLimits: {},
    });
    expect(Object.values(DEFAULT_RED_FLAG_PARAMETERS.enabled).every(Boolean)).toBe(true);
  });

  it('keep limits per fiscal year, switch flags off, fill flags a stored value lacks', () => {
    const parsed = RedFlagParametersSchema.parse({
      directAwardLimits: { '2024': 1_234_567.89, '2025': 0 },
      enabled: { AMENDED: false, REMOVED_FLAG: true },
    });
    expect(parsed.directAwardLimits).toEqual({ '2024': 1_234_567.89, '2025': 0 });
    expect(parsed.enabled.AMENDED).toBe(false);
    expect(parsed.enabled.SINGLE_BIDDER).toBe(true);
    expect(parsed.enabled).not.toHaveProperty('REMOVED_FLAG');
  });

  it('accept the bounds', () => {
    for (const input of [
      { chainWindowDays: 1, concentrationShare: 0.05, concentrationMinContracts: 1, outlierFactor: 0.5 },
      { chainWindowDays: 365, concentrationShare: 1, outlierMinContracts: 1_000, outlierFactor: 10 },
      { directAwardLimits: { '2000': 0.01, '2100': 9_999_999_999_999.99 } },
    ]) {
      expect(messagesOf(input)).toEqual([]);
    }
  });

  it.each([
    [{ chainWindowDays: 0 }, RED_FLAG_MESSAGES.chainWindowDays],
    [{ chainWindowDays: 366 }, RED_FLAG_MESSAGES.chainWindowDays],
    [{ chainWindowDays: 7.5 }, RED_FLAG_MESSAGES.chainWindowDays],
    [{ chainWindowDays: '30' }, RED_FLAG_MESSAGES.chainWindowDays],
    [{ concentrationShare: 0.01 }, RED_FLAG_MESSAGES.concentrationShare],
    [{ concentrationShare: 40 }, RED_FLAG_MESSAGES.concentrationShare],
    [{ concentrationMinContracts: 0 }, RED_FLAG_MESSAGES.minContracts],
    [{ outlierMinContracts: 1_001 }, RED_FLAG_MESSAGES.minContracts],
    [{ outlierFactor: 0.4 }, RED_FLAG_MESSAGES.outlierFactor],
    [{ outlierFactor: Number.POSITIVE_INFINITY }, RED_FLAG_MESSAGES.outlierFactor],
    [{ outlierFactor: Number.NaN }, RED_FLAG_MESSAGES.outlierFactor],
    [{ directAwardLimits: { '2024': -1 } }, RED_FLAG_MESSAGES.directAwardLimit],
    [{ directAwardLimits: { '2024': 10.005 } }, RED_FLAG_MESSAGES.directAwardLimit],
    [{ directAwardLimits: { '2024': '500000' } }, RED_FLAG_MESSAGES.directAwardLimit],
    [{ directAwardLimits: { '2024': 1e16 } }, RED_FLAG_MESSAGES.directAwardLimitMax],
    [{ directAwardLimits: { '1999': 1 } }, RED_FLAG_MESSAGES.fiscalYear],
    [{ directAwardLimits: { '2101': 1 } }, RED_FLAG_MESSAGES.fiscalYear],
    [{ directAwardLimits: { '24': 1 } }, RED_FLAG_MESSAGES.fiscalYear],
    [{ directAwardLimits: [] }, RED_FLAG_MESSAGES.parameters],
    [{ enabled: { SAT_69B: 'no' } }, RED_FLAG_MESSAGES.enabled],
    ['todo', RED_FLAG_MESSAGES.parameters],
  ])('reject %j in Spanish', (input, message) => {
    expect(messagesOf(input)).toEqual([message]);
  });
});
