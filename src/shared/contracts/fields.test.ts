import { describe, expect, it } from 'vitest';
import {
  CONTRACT_EXPORT_FIELDS,
  CONTRACT_FIELDS,
  CONTRACT_SHEET_COLUMNS,
  requiredUnlessEmpty,
} from './fields';
import { ContractInputSchema } from './schema';
import {
  deriveContractType,
  isPlaceholder,
  matchChoice,
  normaliseQuarter,
  readFlag,
  sheetColumnOf,
  stripOverridePrefix,
} from './sheet';

const column = (code: string) => CONTRACT_SHEET_COLUMNS.find((item) => item.code === code)!;

describe('contract field definitions', () => {
  it('give the spreadsheet its 34 columns C1..C34, each once, with the template headers', () => {
    expect(CONTRACT_SHEET_COLUMNS.map((item) => item.code)).toEqual(
      Array.from({ length: 34 }, (_, index) => `C${index + 1}`),
    );
    expect(column('C5')).toMatchObject({ field: 'period', header: 'Periodo que se reporta' });
    expect(column('C15')).toMatchObject({ field: 'supplier', part: 'name' });
    expect(column('C16')).toMatchObject({ field: 'supplier', part: 'rfc', header: 'RFC' });
    expect(column('C28')).toMatchObject({ field: 'updateDate' });
    expect(column('C34')).toMatchObject({ field: 'isEmpty', reading: 'flag' });
    // The contract type has no column: the import derives it.
    expect(CONTRACT_FIELDS.contractType).not.toHaveProperty('sheet');
  });

  it('find a column by its code in any case or by its template header, accents and spaces aside', () => {
    expect(sheetColumnOf(' c8 ')?.field).toBe('procedureState');
    expect(sheetColumnOf('NUMERO QUE IDENTIFIQUE  AL CONTRATO ')?.field).toBe('contractNumber');
    expect(sheetColumnOf('Columna inventada')).toBeUndefined();
  });

  it('require the same fields of a row with procedures in the form and in the import, except where one derives them', () => {
    expect(requiredUnlessEmpty('form')).toEqual([
      'procedureState',
      'servicesDescription',
      'administrativeUnitType',
      'contractNumber',
      'contractDate',
      'contractType',
    ]);
    // The import reads the total or maximum and derives the contract type.
    expect(requiredUnlessEmpty('sheet')).toEqual([
      'procedureState',
      'servicesDescription',
      'administrativeUnitType',
      'contractNumber',
      'contractDate',
      'totalOrMaxAmount',
    ]);
  });

  it('order the download columns as the list shows them', () => {
    expect(CONTRACT_EXPORT_FIELDS.map((item) => item.header).slice(0, 3)).toEqual([
      'ID. PROCESO',
      'ID. CONTRATO',
      'PROVEEDOR',
    ]);
    expect(CONTRACT_EXPORT_FIELDS.filter((item) => item.pdf)).toHaveLength(10);
  });
});

describe('the contract rules', () => {
  const valid = {
    procedureType: 'PUBLIC',
    category: 'ACQUISITION',
    administrationPeriod: '2021-2024',
    fiscalYear: '2022',
    period: '2o 2022',
    organizerAdministrativeUnit: '0190a0a0-0000-7000-8000-000000000001',
    applicantAdministrativeUnit: '0190a0a0-0000-7000-8000-000000000001',
    areaInCharge: 'Adquisiciones',
    servicesDescription: 'Papelería',
    administrativeUnitType: 'CENTRALIZED',
    contractNumber: 'CTO-1',
    contractDate: '2022-05-10',
    contractType: 'NORMAL',
    totalAmount: 100,
    procedureState: 'CONCLUDED',
  };
  const errors = (input: object) =>
    (ContractInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);

  it('ask for the procedure state of a contract with procedures, in the style of the other required fields', () => {
    expect(errors(valid)).toEqual([]);
    expect(errors({ ...valid, procedureState: null })).toEqual([
      ['procedureState', 'El campo Estado del procedimiento es requerido'],
    ]);
    expect(errors({ ...valid, procedureState: '' })).toEqual([
      ['procedureState', 'El campo Estado del procedimiento es requerido'],
    ]);
  });

  it('do not ask for it on a "no procedures held" row', () => {
    const { procedureState: _, servicesDescription: __, contractNumber: ___, ...general } = valid;
    expect(errors({ ...general, isEmpty: true })).toEqual([]);
  });

  it('still refuse a state that is not one of the values', () => {
    expect(errors({ ...valid, procedureState: 'TERMINADO' })).toEqual([
      ['procedureState', 'El valor para Estado del procedimiento no es válido'],
    ]);
  });
});

describe("the import's reading rules", () => {
  it('match choices by their whole value, accents and case aside', () => {
    const procedureType = column('C1');
    expect(matchChoice(procedureType, ' Licitación  pública ')).toBe('PUBLIC');
    expect(matchChoice(procedureType, 'adj. directa')).toBe('NO_BID');
    expect(matchChoice(procedureType, 'Licitación restringida')).toBe('INVITATION');
    // Whole values only: the original's substring match took any 'ADJ…' for a direct award.
    expect(matchChoice(procedureType, 'ADJUNTO')).toBeNull();
    expect(matchChoice(column('C8'), 'Declarado desierto')).toBe('DESERTED');
    expect(matchChoice(column('C8'), 'vigente')).toBe('IN_PROGRESS');
    expect(matchChoice(column('C19'), 'Paramunicipal')).toBe('DESCENTRALIZED');
    expect(matchChoice(column('C2'), 'Adenda')).toBe('ADENDUM');
    expect(matchChoice(column('C32'), 'No excede el límite')).toBe('false');
  });

  it('take placeholders for empty cells, and accept one as "no number" only in the contract number', () => {
    for (const text of ['NA', 'n/a', 'N.A.', 'No aplica', 's/d', 'Sin dato', '-', '—'])
      expect(isPlaceholder(text)).toBe(true);
    expect(isPlaceholder('NADA')).toBe(false);
    expect(column('C20').placeholderIsNone).toBe(true);
    expect(CONTRACT_SHEET_COLUMNS.filter((item) => item.placeholderIsNone).map((item) => item.code)).toEqual([
      'C20',
    ]);
  });

  it("remove the original's override prefixes", () => {
    expect(stripOverridePrefix('!v0 Adquisición')).toEqual({ value: 'Adquisición', prefix: '!v0' });
    expect(stripOverridePrefix('!req1CTO-1')).toEqual({ value: 'CTO-1', prefix: '!req1' });
    expect(stripOverridePrefix('CTO-1')).toEqual({ value: 'CTO-1', prefix: null });
  });

  it('read the quarter in its usual spellings, and the yes/no of C34', () => {
    for (const text of ['1o 2019', '1° 2019', '1º trimestre 2019', '1 2019', '1O  2019'])
      expect(normaliseQuarter(text)).toBe('1o 2019');
    expect(normaliseQuarter('5o 2019')).toBeNull();
    expect(readFlag('Sí')).toBe(true);
    expect(readFlag('x')).toBe(true);
    expect(readFlag('')).toBe(false);
    expect(readFlag('falso')).toBe(false);
    expect(readFlag('tal vez')).toBeNull();
  });

  it('derive the contract type from the minimum and the maximum', () => {
    expect(deriveContractType(1_000, 9_000)).toBe('OPEN');
    expect(deriveContractType(0, 9_000)).toBe('NORMAL');
    expect(deriveContractType(null, 9_000)).toBe('NORMAL');
  });
});
