import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSanctions, type SanctionsList } from './sanctions';
import { ListFormatError } from './sat-69b';

/** The real files (fixtures/sat/README.md: where each comes from), copied into the repository. */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/sat');
const JSON_FIXTURE = 'sabg-directorio-sancionados-api-2026-06-11.json';
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => utf8(JSON.stringify(value));

/** A record as the directory's API answers it, with the given fields replaced. */
const record = (fields: Record<string, unknown> = {}) => ({
  numero_expediente: '094510003/2022',
  numero_procedimiento_adm: '09451PA-0001/2026',
  rfc: 'GGA8306134F4',
  nombre_razon_social: 'GARZA GAS, S.A. DE C.V.',
  leyes_infringidas: 'LEY DE ADQUISICIONES, ARRENDAMIENTOS Y SERVICIOS DEL SECTOR PÚBLICO (LAASSP)',
  multa: { monto: '967896', monto_cf: '             967,896.00' },
  plazo: { plazo_inha: '1 año, 9 meses', fecha_inicial: '2026-06-10', fecha_final: '2028-03-28' },
  institucion_dependencia: { nombre: 'Aeropuerto  Internacional', clave_dependencia: '09451' },
  ...fields,
});

describe('the sanctioned-suppliers directory captured on 11 June 2026', () => {
  const raw: { plazo: { fecha_final: string | null } }[] = JSON.parse(
    readFileSync(path.join(FIXTURES, JSON_FIXTURE), 'utf8'),
  );
  const list: SanctionsList = parseSanctions(fixture(JSON_FIXTURE));

  it('reads its 2,396 records, one entry each', () => {
    expect(list.entries).toHaveLength(2_396);
    expect(new Set(list.entries.map((entry) => entry.rfc)).size).toBe(1_982); // Blank (null) among them.
  });

  it('reads the GARZA GAS record whole', () => {
    expect(list.entries[0]).toEqual({
      rfc: 'GGA8306134F4',
      rfcValid: true,
      name: 'GARZA GAS, S.A. DE C.V.',
      authority: 'Aeropuerto Internacional de la Ciudad de Mexico S.A. de C.V.',
      authorityKey: '09451',
      laws: 'LEY DE ADQUISICIONES, ARRENDAMIENTOS Y SERVICIOS DEL SECTOR PÚBLICO (LAASSP)',
      file: '094510003/2022',
      procedure: '09451PA-0001/2026',
      fine: 967_896,
      debarment: { from: '2026-06-10', to: '2028-03-28', text: '1 año, 9 meses' },
    });
  });

  it('gives no debarment to the 553 records without fecha_final, nor to the 2 windows that end first', () => {
    const withoutEnd = list.entries.filter((_, index) => !raw[index]!.plazo.fecha_final);
    expect(withoutEnd).toHaveLength(553);
    expect(withoutEnd.every((entry) => entry.debarment === null)).toBe(true);
    expect(list.entries.filter((entry) => entry.debarment !== null)).toHaveLength(2_396 - 553 - 2);
    expect(list.problems).toEqual([
      {
        row: expect.any(Number),
        message: expect.stringMatching(/^La inhabilitación termina \(2025-03-31\) antes/),
      },
      {
        row: expect.any(Number),
        message: expect.stringMatching(/^La inhabilitación termina \(2022-03-12\) antes/),
      },
    ]);
  });

  it('keeps a blank RFC as null and flags the 28 malformed ones', () => {
    const blank = list.entries.filter((entry) => entry.rfc === null);
    expect(blank).toHaveLength(5);
    expect(blank.every((entry) => !entry.rfcValid && entry.name !== '')).toBe(true);
    const malformed = list.entries.filter((entry) => entry.rfc !== null && !entry.rfcValid);
    expect(malformed).toHaveLength(28);
    expect(malformed.map((entry) => entry.rfc)).toEqual(
      expect.arrayContaining(['SIN0101010', 'RFC0000000000', 'DSE-11082DJ1', 'HEB0700118ER4']),
    );
  });

  it('normalises the whitespace of names and authorities', () => {
    const texts = list.entries.flatMap((entry) => [entry.name, entry.authority ?? '']);
    expect(texts.filter((text) => /\s{2}|[\t\n]|^\s|\s$/.test(text))).toEqual([]);
  });
});

describe('reading sanctions records', () => {
  it("accepts the API's own { data: { results } } as well as a bare array", () => {
    const wrapped = parseSanctions(json({ data: { results: [record()] } }));
    expect(wrapped).toEqual(parseSanctions(json([record()])));
    expect(wrapped.entries[0]).toMatchObject({ rfc: 'GGA8306134F4', authority: 'Aeropuerto Internacional' });
  });

  it('reads a UTF-8 file with a BOM', () => {
    expect(parseSanctions(utf8(`\uFEFF${JSON.stringify([record()])}`)).entries).toHaveLength(1);
  });

  it('keeps fines and windows only when they are real', () => {
    const { entries, problems } = parseSanctions(
      json([
        record({
          rfc: ' ggA8306134f4 ',
          multa: { monto: '0', monto_cf: '0.00' },
          plazo: { fecha_inicial: '2009-03-24', fecha_final: '2009-03-24' },
        }),
        record({
          rfc: '',
          multa: { monto: '', monto_cf: ' 1,500.50' },
          plazo: { plazo_inha: null, fecha_inicial: null, fecha_final: null },
        }),
        record({
          multa: { monto: 'N/A' },
          plazo: { fecha_inicial: '2020-01-01T00:00:00', fecha_final: '2020-02-31' },
        }),
        record({ multa: null, plazo: { fecha_inicial: '2020-08-14', fecha_final: null } }),
        'no es un registro',
        record({ rfc: null, nombre_razon_social: '  ' }),
      ]),
    );
    expect(entries.map(({ rfc, rfcValid, fine, debarment }) => ({ rfc, rfcValid, fine, debarment }))).toEqual(
      [
        {
          rfc: 'GGA8306134F4',
          rfcValid: true,
          fine: null,
          debarment: { from: '2009-03-24', to: '2009-03-24', text: null },
        },
        { rfc: null, rfcValid: false, fine: 1_500.5, debarment: null },
        { rfc: 'GGA8306134F4', rfcValid: true, fine: null, debarment: null },
        { rfc: 'GGA8306134F4', rfcValid: true, fine: null, debarment: null },
      ],
    );
    expect(problems).toEqual([
      { row: 3, message: 'El monto de la multa «N/A» no es un número; se omitió.' },
      {
        row: 3,
        message:
          'Las fechas de la inhabilitación («2020-01-01T00:00:00» a «2020-02-31») no son fechas válidas; no se tomó como inhabilitación.',
      },
      { row: 5, message: 'El registro no es un objeto; se omitió.' },
      { row: 6, message: 'El registro no tiene RFC ni nombre del proveedor; se omitió.' },
    ]);
  });
});

describe('files that are not the sanctions directory', () => {
  const refusal = (bytes: Uint8Array) => {
    try {
      parseSanctions(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(ListFormatError);
      return (error as Error).message;
    }
    throw new Error('parseSanctions accepted the file');
  };

  it('refuses empty input, an xlsx, binary data and broken JSON', () => {
    expect(refusal(new Uint8Array())).toMatch(/^El archivo está vacío/);
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toMatch(/libro de Excel/);
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toMatch(
      /datos binarios/,
    );
    expect(refusal(new Uint8Array([0x5b, 0x22, 0xf3, 0x22, 0x5d]))).toMatch(/no está codificado en UTF-8/);
    expect(refusal(utf8('[{"rfc": "GGA8306134F4", "nombre_razon_social": '))).toBe(
      'El archivo no es un JSON válido, así que no es el directorio de proveedores y contratistas sancionados (JSON).',
    );
  });

  it('refuses JSON without records', () => {
    for (const value of [
      {},
      { data: {} },
      { data: { results: [] } },
      [],
      [1, 2],
      [{ nombre: 'ACME' }],
      'texto',
      null,
    ]) {
      expect(refusal(json(value))).toMatch(/^El JSON no (tiene la forma|contiene registros) de/);
    }
  });

  it('refuses the 69-B CSV, in its Windows-1252 and in UTF-8', () => {
    expect(refusal(fixture('sat-69b-listado-completo-2022-11-30.csv'))).toMatch(
      /no está codificado en UTF-8/,
    );
    expect(refusal(fixture('sat-69b-slim-2026-03.csv'))).toMatch(/no es un JSON válido/);
  });
});
