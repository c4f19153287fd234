import { describe, expect, it } from 'vitest';
import { normaliseName } from '../../../../shared/contracts/sheet';
import {
  AMOUNT_FORMAT_ERROR,
  AMOUNT_NEGATIVE_ERROR,
  contractFingerprint,
  DATE_FORMAT_ERROR,
  type FingerprintParts,
  fullYear,
  RFC_FORMAT_INFO,
  readAmount,
  readDate,
  readRfc,
  readUrl,
  URL_FORMAT_ERROR,
  URL_PREFIXED_INFO,
} from './cells';

describe('reading a date cell', () => {
  it('reads Excel dates as calendar days, whatever the time zone', () => {
    // exceljs gives a date cell as UTC midnight of its day.
    expect(readDate(new Date(Date.UTC(2018, 3, 12)))).toEqual({ value: '2018-04-12' });
  });

  it('reads Excel serial numbers, numbers or digits, around the phantom 29/02/1900', () => {
    expect(readDate(43202)).toEqual({ value: '2018-04-12' });
    expect(readDate('43202')).toEqual({ value: '2018-04-12' });
    expect(readDate(1)).toEqual({ value: '1900-01-01' });
    expect(readDate(59)).toEqual({ value: '1900-02-28' });
    expect(readDate(61)).toEqual({ value: '1900-03-01' });
    expect(readDate(2_958_465)).toEqual({ value: '9999-12-31' });
    for (const bad of [0, 60, -3, 2_958_466, 43202.5])
      expect(readDate(bad), String(bad)).toEqual({ value: null, error: DATE_FORMAT_ERROR });
  });

  it('reads d/m/yyyy, d-m-yyyy, d/m/yy and yyyy-mm-dd texts', () => {
    expect(readDate('12/04/2018')).toEqual({ value: '2018-04-12' });
    expect(readDate(' 1-2-2019 ')).toEqual({ value: '2019-02-01' });
    expect(readDate('5/6/19')).toEqual({ value: '2019-06-05' });
    expect(readDate('2019-06-05')).toEqual({ value: '2019-06-05' });
  });

  it('reads two-digit years as Excel does: 00–29 this century, 30–99 the last', () => {
    expect(fullYear(0)).toBe(2000);
    expect(fullYear(29)).toBe(2029);
    expect(fullYear(30)).toBe(1930);
    expect(readDate('1/1/99')).toEqual({ value: '1999-01-01' });
  });

  it('refuses days that do not exist and other texts, and keeps empty empty', () => {
    for (const bad of [
      '31/02/2019',
      '29/02/2019',
      '12/13/2018',
      '2019-02-30',
      'mañana',
      '12.04.2018',
      '12/04',
    ])
      expect(readDate(bad), bad).toEqual({ value: null, error: DATE_FORMAT_ERROR });
    expect(readDate('29/02/2020')).toEqual({ value: '2020-02-29' });
    expect(readDate('')).toEqual({ value: null });
    expect(readDate(null)).toEqual({ value: null });
    expect(readDate('   ')).toEqual({ value: null });
  });
});

describe('reading an amount cell', () => {
  it('reads numbers, and texts in Mexican notation with $, commas and spaces', () => {
    expect(readAmount(1234567.89)).toEqual({ value: 1234567.89 });
    expect(readAmount('$ 1,234,567.89')).toEqual({ value: 1234567.89 });
    expect(readAmount('1234567.89')).toEqual({ value: 1234567.89 });
    expect(readAmount('1,234')).toEqual({ value: 1234 });
    expect(readAmount('0')).toEqual({ value: 0 });
  });

  it('reads Spanish notation when it is unambiguous', () => {
    expect(readAmount('1.234.567,89')).toEqual({ value: 1234567.89 });
    expect(readAmount('1.234.567')).toEqual({ value: 1234567 });
    expect(readAmount('1234,5')).toEqual({ value: 1234.5 });
    // One dot is the decimal point, as in Mexico.
    expect(readAmount('1.234')).toEqual({ value: 1.234 });
  });

  it('refuses unreadable and negative amounts, and never turns empty into 0', () => {
    for (const bad of ['1,2,3', '12,34,567', 'mil pesos', '1.2.3,4,5', '1,234.56.7'])
      expect(readAmount(bad), bad).toEqual({ value: null, error: AMOUNT_FORMAT_ERROR });
    for (const negative of [-5, '-5', '($1,000.00)'])
      expect(readAmount(negative), String(negative)).toEqual({ value: null, error: AMOUNT_NEGATIVE_ERROR });
    expect(readAmount('')).toEqual({ value: null });
    expect(readAmount(' $ ')).toEqual({ value: null });
    expect(readAmount(null)).toEqual({ value: null });
  });
});

describe('reading a URL cell', () => {
  it("takes a hyperlink's target before the cell's text", () => {
    expect(readUrl('Ver contrato', 'https://transparencia.example.org/c.pdf')).toEqual({
      value: 'https://transparencia.example.org/c.pdf',
    });
  });

  it('adds http:// to www. with an info', () => {
    expect(readUrl('www.ejemplo.gob.mx/c.pdf')).toEqual({
      value: 'http://www.ejemplo.gob.mx/c.pdf',
      info: URL_PREFIXED_INFO,
    });
  });

  it('refuses other schemes and bare text', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>',
      'ftp://x.mx/a',
      'contrato.pdf',
      'https://x',
    ])
      expect(readUrl(bad), bad).toEqual({ value: null, error: URL_FORMAT_ERROR });
    expect(readUrl('')).toEqual({ value: null });
  });
});

describe('suppliers and units', () => {
  it('reads an RFC upper-cased, and a malformed one is an info, not an error', () => {
    expect(readRfc(' cpe-010101-ab1 ')).toEqual({ value: 'CPE010101AB1' });
    expect(readRfc('PEÑJ800101XY9')).toEqual({ value: 'PEÑJ800101XY9' });
    expect(readRfc('12345')).toEqual({ value: null, info: RFC_FORMAT_INFO });
    expect(readRfc('')).toEqual({ value: null });
  });

  it('compares names without case, accents, punctuation or company-type spelling', () => {
    const same = [
      'Constructora Peña, S.A. de C.V.',
      'CONSTRUCTORA PENA SA DE CV',
      '  constructora   peña s. a. de c. v. ',
    ].map(normaliseName);
    expect(new Set(same)).toEqual(new Set(['CONSTRUCTORA PENA SA DE CV']));
    expect(normaliseName('Servicios Integrales, S. de R.L. de C.V.')).toBe(
      'SERVICIOS INTEGRALES S DE RL DE CV',
    );
    expect(normaliseName('Dirección de Obras Públicas')).toBe('DIRECCION DE OBRAS PUBLICAS');
    expect(normaliseName('Constructora Peña SA')).not.toBe(normaliseName('Constructora Peña SA de CV'));
  });
});

describe('the identity of a contract without a number', () => {
  const parts: FingerprintParts = {
    procedureType: 'NO_BID',
    contractId: 'AD-2019-001',
    supplierRfc: null,
    supplierName: 'Constructora Peña, S.A. de C.V.',
    description: 'Bacheo de la calle Juárez',
    totalOrMaxAmount: 1500,
    contractDate: '2019-03-01',
    period: '1o 2019',
  };

  it('is the same for rows that differ only in how they are written', () => {
    expect(
      contractFingerprint({
        ...parts,
        contractId: 'ad-2019-001 ',
        supplierName: 'CONSTRUCTORA PENA SA DE CV',
        description: 'BACHEO DE LA CALLE JUAREZ',
        totalOrMaxAmount: 1500.0,
      }),
    ).toBe(contractFingerprint(parts));
  });

  it('differs when any part differs, and prefers the RFC to the name', () => {
    const base = contractFingerprint(parts);
    for (const change of [
      { procedureType: 'PUBLIC' },
      { contractId: 'AD-2019-002' },
      { supplierName: 'Otra SA' },
      { description: 'Bacheo de la calle Hidalgo' },
      { totalOrMaxAmount: 1500.01 },
      { contractDate: '2019-03-02' },
      { period: '2o 2019' },
    ])
      expect(contractFingerprint({ ...parts, ...change }), JSON.stringify(change)).not.toBe(base);
    const byRfc = { ...parts, supplierRfc: 'CPE010101AB1' };
    expect(contractFingerprint({ ...byRfc, supplierName: 'Otro nombre' })).toBe(contractFingerprint(byRfc));
  });
});
