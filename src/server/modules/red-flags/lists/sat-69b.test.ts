import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RFC_PATTERN } from './sanctions';
import { ListFormatError, parseSat69b, type Sat69bEntry, type Sat69bList, severestByRfc } from './sat-69b';

/** The real files (fixtures/sat/README.md: where each comes from), copied into the repository. */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/sat');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

/** Windows-1252 bytes of a text of Latin-1 letters and curly double quotes (the SAT's encoding). */
const cp1252 = (text: string) =>
  Uint8Array.from(text, (char) => ({ '“': 0x93, '”': 0x94 })[char] ?? char.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

const HEADER = [
  'No',
  'RFC',
  'Nombre del Contribuyente',
  'Situación del contribuyente',
  ...[
    ['presunción', 'presuntos'],
    ['contribuyentes que desvirtuaron', 'desvirtuados'],
    ['definitivos', 'definitivos'],
    ['sentencia favorable', 'sentencia favorable'],
  ].flatMap(([oficio, publication]) => [
    `Número y fecha de oficio global de ${oficio} SAT`,
    `Publicación página SAT ${publication}`,
    `Número y fecha de oficio global de ${oficio} DOF`,
    `Publicación DOF ${publication}`,
  ]),
].join(',');
const PREAMBLE = [
  'Información actualizada al 30 de noviembre de 2022,,,,,,,,,,,,,,,,,,,',
  'Listado completo de contribuyentes (Artículo 69-B del CFF),,,,,,,,,,,,,,,,,,,',
];
const PRESUMPTION = '500-05-2018-8182 de fecha 23 de marzo de 2018,01/04/2018,500-05-2018-8182,18/05/2018';
const EMPTY_STAGE = ',,,';

/** A list in the SAT's layout: preamble, header and the given data lines, CRLF. */
const satList = (lines: string[], preamble = PREAMBLE) => [...preamble, HEADER, ...lines, ''].join('\r\n');
const row = (no: number, rfc: string, name: string, situation: string, stages = PRESUMPTION) =>
  `${no},${rfc},"${name}",${situation},${stages},${EMPTY_STAGE},${EMPTY_STAGE},${EMPTY_STAGE}`;

const countSituations = (entries: Sat69bEntry[]) =>
  Object.fromEntries(
    ['DEFINITIVO', 'SENTENCIA_FAVORABLE', 'DESVIRTUADO', 'PRESUNTO'].map((situation) => [
      situation,
      entries.filter((entry) => entry.situation === situation).length,
    ]),
  );

describe('the SAT complete 69-B list of 30 November 2022', () => {
  const list: Sat69bList = parseSat69b(fixture('sat-69b-listado-completo-2022-11-30.csv'));

  it('reads the cut-off date from the legend and every one of the 12,666 data rows', () => {
    expect(list.cutOff).toBe('2022-11-30');
    expect(list.problems).toEqual([]);
    expect(list.entries.length + list.suppressed).toBe(12_666);
    expect(list.suppressed).toBe(86);
    // The README's counts are of every row; the 86 suppressed ones (72 Definitivo, 14 Presunto) are
    // counted in `suppressed`, not among the entries.
    expect(countSituations(list.entries)).toEqual({
      DEFINITIVO: 10_954 - 72,
      SENTENCIA_FAVORABLE: 1_241,
      DESVIRTUADO: 330,
      PRESUNTO: 141 - 14,
    });
  });

  it('counts 12,509 distinct RFCs, the suppressed placeholder among them, as the README does', () => {
    const distinct = new Set(list.entries.map((entry) => entry.rfc));
    expect(distinct.size + 1).toBe(12_509);
    expect(severestByRfc(list.entries).size).toBe(12_508);
    expect(list.entries.filter((entry) => !RFC_PATTERN.test(entry.rfc))).toEqual([]);
  });

  it('keeps the quoted name with a bare line feed (row No 12484) inside one row', () => {
    // Split at the LF, the name's tail would be a row of its own: an RFC problem or a stray entry.
    const raw = new TextDecoder('windows-1252').decode(fixture('sat-69b-listado-completo-2022-11-30.csv'));
    expect(raw).toMatch(/Segunda {2}Sala \n+Regional del Noreste/);
    expect(list.problems).toEqual([]);
    expect(list.entries.some((entry) => entry.name.includes('Regional del Noreste'))).toBe(false);
  });

  it('reads the stages of DIG081009EV2, the supplier a real contract names (reference §5)', () => {
    const [entry, ...others] = list.entries.filter((candidate) => candidate.rfc === 'DIG081009EV2');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      name: 'DIVERSIDAD EN INSUMOS GRÁFICOS, S.A. DE C.V.',
      situation: 'DEFINITIVO',
      presumption: {
        satOficio: '500-05-2018-8182 de fecha 23 de marzo de 2018',
        satDate: '2018-04-01',
        dofDate: '2018-05-18',
        dofDateText: '18/05/2018',
      },
      definitive: {
        satDate: '2019-10-25',
        dofDate: '2019-11-19',
        dofOficio: expect.stringContaining('35910'),
      },
      rebutted: { satOficio: null, satDate: null, dofOficio: null, dofDate: null, dofDateText: null },
    });
  });

  it('keeps every proceeding of CPE1212146D6 and gives its most severe situation', () => {
    const rows = list.entries.filter((entry) => entry.rfc === 'CPE1212146D6');
    expect(rows.map((entry) => entry.situation)).toEqual([
      'DEFINITIVO',
      'SENTENCIA_FAVORABLE',
      'SENTENCIA_FAVORABLE',
    ]);
    const severest = severestByRfc(list.entries).get('CPE1212146D6');
    expect(severest).toBe(rows[0]);
    expect(severest?.definitive.dofDate).toBe('2020-10-29');
  });

  it('reads the two Excel serials of "Publicación DOF presuntos" as dates', () => {
    const serials = list.entries.filter((entry) => /^\d{5}$/.test(entry.presumption.dofDateText ?? ''));
    expect(serials.map((entry) => [entry.presumption.dofDateText, entry.presumption.dofDate])).toEqual([
      ['44014', '2020-07-02'],
      ['44029', '2020-07-17'],
    ]);
  });

  it('keeps the cells of two dates or 2-digit years as text, without a date', () => {
    const unparsed = list.entries.flatMap((entry) =>
      [entry.definitive, entry.favourable].flatMap((stage) =>
        [
          [stage.satDate, stage.satDateText],
          [stage.dofDate, stage.dofDateText],
        ].filter(([date, text]) => date === null && text !== null),
      ),
    );
    // The reference counts 125 such cells in these columns; 2 of them are in a suppressed row.
    expect(unparsed).toHaveLength(125 - 2);
    const avalos = list.entries.find((entry) => entry.rfc === 'AAA140116926');
    expect(avalos?.definitive).toMatchObject({ satDate: null, satDateText: '25/05/2022 - 26/04/2021' });
    expect(unparsed.map(([, text]) => text)).toEqual(
      expect.arrayContaining(['14-08-19 // 20/09/2018', '22/06/2018 // 10/10/2018', '19/07/2018 - 30/10/18']),
    );
  });

  it('keeps the curly quotes only Windows-1252 defines', () => {
    expect(list.entries.some((entry) => /[“”]/.test(entry.name))).toBe(true);
    expect(list.entries.some((entry) => /[\u0080-\u009f]/.test(entry.name))).toBe(false);
  });
});

describe('the slim UTF-8 copy of March 2026 (3 columns, no legend)', () => {
  it('reads its 14,280 rows with no cut-off date and no stages', () => {
    const list = parseSat69b(fixture('sat-69b-slim-2026-03.csv'));
    expect(list.cutOff).toBeNull();
    expect(list.problems).toEqual([]);
    expect(list.entries.length + list.suppressed).toBe(14_280);
    expect(list.suppressed).toBe(238);
    // Definitivo 11,336 · Sentencia Favorable 1,638 · Presunto 966 · Desvirtuado 340 in all, less
    // the suppressed rows (74 Definitivo, 149 Sentencia Favorable, 15 Presunto).
    expect(countSituations(list.entries)).toEqual({
      DEFINITIVO: 11_336 - 74,
      SENTENCIA_FAVORABLE: 1_638 - 149,
      DESVIRTUADO: 340,
      PRESUNTO: 966 - 15,
    });
    expect(new Set(list.entries.map((entry) => entry.rfc)).size + 1).toBe(13_960);
    const first = list.entries[0]!;
    expect(first).toMatchObject({ rfc: 'AAA080808HL8', name: 'ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V.' });
    expect(first.presumption).toEqual({
      satOficio: null,
      satDate: null,
      dofOficio: null,
      dofDate: null,
      satDateText: null,
      dofDateText: null,
    });
  });
});

describe('reading a 69-B list by its header text', () => {
  it('compares situations trimmed and without case, and reports an unknown one with its row', () => {
    const list = parseSat69b(
      cp1252(
        satList([
          row(1, 'AAA010101AA1', 'UNO', 'Desvirtuado '),
          row(2, 'aaa010101aa2 ', 'DOS', 'SENTENCIA FAVORABLE'),
          row(3, 'AAA010101AA3', 'TRES', 'Cancelado'),
          row(4, 'AAA010101AA4', 'CUATRO', ''),
          row(5, '', 'CINCO', 'Definitivo'),
          ',,,,,,,,,,,,,,,,,,,',
          row(6, 'XXXXXXXXXXXX', 'Información suprimida', 'Definitivo'),
        ]),
      ),
    );
    expect(list.entries.map((entry) => [entry.rfc, entry.situation])).toEqual([
      ['AAA010101AA1', 'DESVIRTUADO'],
      ['AAA010101AA2', 'SENTENCIA_FAVORABLE'],
    ]);
    expect(list.suppressed).toBe(1);
    expect(list.problems).toEqual([
      {
        row: 6,
        message: expect.stringMatching(/^La situación del contribuyente «Cancelado» del RFC AAA010101AA3/),
      },
      { row: 7, message: 'La fila del RFC AAA010101AA4 no tiene situación del contribuyente; se omitió.' },
      { row: 8, message: 'La fila no tiene RFC; se omitió.' },
    ]);
  });

  it('finds the header below a quoted legend with commas (the 2025 preamble)', () => {
    const legend =
      '"Información actualizada al 31 de diciembre de 2025; los listados a que se hace mención, son de carácter público, y pueden ser consultados",,,,,,,,,,,,,,,,,,,';
    const list = parseSat69b(
      cp1252(satList([row(1, 'AAA010101AA1', 'UNO', 'Presunto')], [legend, PREAMBLE[1]!])),
    );
    expect(list.cutOff).toBe('2025-12-31');
    expect(list.entries).toHaveLength(1);
  });

  it('reports a legend whose date it cannot read and goes on', () => {
    const legend = 'Información actualizada al 31 de diciembr de 2025,,,,,,,,,,,,,,,,,,,';
    const list = parseSat69b(cp1252(satList([row(1, 'AAA010101AA1', 'UNO', 'Presunto')], [legend])));
    expect(list.cutOff).toBeNull();
    expect(list.problems).toEqual([
      { row: 1, message: expect.stringMatching(/^No se pudo leer la fecha de corte/) },
    ]);
    expect(list.entries).toHaveLength(1);
  });

  it('maps the columns by their text whatever their order, and the 2019 header without SAT/DOF', () => {
    const moved = parseSat69b(
      utf8(
        'Situación del contribuyente,Publicación DOF definitivos,RFC,Nombre del Contribuyente\n' +
          'Definitivo,19/11/2019,DIG081009EV2,"DIVERSIDAD EN INSUMOS GRÁFICOS, S.A. DE C.V."\n',
      ),
    );
    expect(moved.entries[0]).toMatchObject({ rfc: 'DIG081009EV2', definitive: { dofDate: '2019-11-19' } });

    const header2019 =
      'No.,RFC,Nombre del Contribuyente,Situación del contribuyente,Número y fecha de oficio global de presunción,Publicación página SAT presuntos,Número y fecha de oficio global de presunción,Publicación DOF presuntos,Publicación página SAT desvirtuados,Número y fecha de oficio global de contribuyentes que desvirtuaron,Publicación DOF desvirtuados,Número y fecha de oficio global de definitivos,Publicación página SAT definitivos,Publicación DOF definitivos';
    const old = parseSat69b(
      cp1252(
        `Información actualizada al 03 de diciembre de 2019,,,,,,,,,,,,,\r\n${header2019}\r\n` +
          '1,AAA120730823,"ASESORES",Definitivo,500-05-2016-38728 SAT,01/01/2017,500-05-2016-38728 DOF,19/01/2017,,,,500-05-2018-14172,25/05/18,28/06/18\r\n',
      ),
    );
    expect(old.cutOff).toBe('2019-12-03');
    expect(old.entries[0]).toMatchObject({
      presumption: {
        satOficio: '500-05-2016-38728 SAT',
        dofOficio: '500-05-2016-38728 DOF',
        dofDate: '2017-01-19',
      },
      definitive: {
        satOficio: '500-05-2018-14172',
        satDate: null,
        satDateText: '25/05/18',
        dofDateText: '28/06/18',
      },
    });
  });

  it('decodes Windows-1252 (curly quotes, accents) and keeps a bare LF inside a quoted name', () => {
    const bytes = cp1252(
      satList([
        row(1, 'AAL010101AA1', '“A&L CONSULTORES”, S.C.', 'Definitivo'),
        row(2, 'ABC010101AA2', 'LÍNEA\nDOS', 'Presunto'),
      ]),
    );
    expect(bytes.includes(0x93)).toBe(true);
    const list = parseSat69b(bytes);
    expect(list.entries.map((entry) => entry.name)).toEqual(['“A&L CONSULTORES”, S.C.', 'LÍNEA DOS']);
    expect(list.problems).toEqual([]);
  });

  it('reads a UTF-8 copy with a BOM', () => {
    const list = parseSat69b(utf8(`\uFEFF${satList([row(1, 'AAÑ010101AA1', 'PEÑA', 'Definitivo')])}`));
    expect(list.cutOff).toBe('2022-11-30');
    expect(list.entries[0]).toMatchObject({ rfc: 'AAÑ010101AA1', name: 'PEÑA' });
  });

  it('parses only one unambiguous date per cell', () => {
    const stages = (sat: string, dof: string) => `oficio,${sat},oficio,${dof}`;
    const list = parseSat69b(
      cp1252(
        satList([
          row(1, 'AAA010101AA1', 'UNO', 'Presunto', stages(' 1/4/2018 ', '31/02/2019')),
          row(2, 'AAA010101AA2', 'DOS', 'Presunto', stages('12345', '99999')),
          row(3, 'AAA010101AA3', 'TRES', 'Presunto', stages('2018-04-01', '01/04/2018 al 02/04/2018')),
        ]),
      ),
    );
    expect(
      list.entries.map(({ presumption: p }) => [p.satDate, p.satDateText, p.dofDate, p.dofDateText]),
    ).toEqual([
      ['2018-04-01', '1/4/2018', null, '31/02/2019'],
      [null, '12345', null, '99999'],
      [null, '2018-04-01', null, '01/04/2018 al 02/04/2018'],
    ]);
  });

  it('reads a 20 MB list', () => {
    const line = (index: number) =>
      row(
        index,
        `AAA${String(index % 1_000_000).padStart(6, '0')}AA${index % 10}`,
        `CONTRIBUYENTE NÚMERO ${index}, S.A. DE C.V.`,
        ['Definitivo', 'Presunto', 'Desvirtuado', 'Sentencia Favorable'][index % 4]!,
      );
    const lines: string[] = [];
    let size = 0;
    for (let index = 1; size < 20 * 1024 * 1024; index++) {
      lines.push(line(index));
      size += lines.at(-1)!.length + 2;
    }
    const list = parseSat69b(cp1252(satList(lines)));
    expect(list.entries).toHaveLength(lines.length);
    expect(list.problems).toEqual([]);
    expect(list.entries.at(-1)?.presumption.dofDate).toBe('2018-05-18');
  }, 60_000);
});

describe('severestByRfc', () => {
  const entry = (situation: Sat69bEntry['situation'], definitiveDof: string | null = null): Sat69bEntry => {
    const stage = {
      satOficio: null,
      satDate: null,
      dofOficio: null,
      dofDate: null,
      satDateText: null,
      dofDateText: null,
    };
    return {
      rfc: 'AAA010101AA1',
      name: 'UNO',
      situation,
      presumption: stage,
      rebutted: stage,
      definitive: { ...stage, dofDate: definitiveDof },
      favourable: stage,
    };
  };

  it('ranks Definitivo over Presunto over Desvirtuado and Sentencia Favorable', () => {
    const [rebutted, presumed, definitive, favourable] = [
      entry('DESVIRTUADO'),
      entry('PRESUNTO'),
      entry('DEFINITIVO'),
      entry('SENTENCIA_FAVORABLE'),
    ];
    expect(severestByRfc([rebutted, presumed]).get('AAA010101AA1')).toBe(presumed);
    expect(severestByRfc([favourable, definitive, presumed]).get('AAA010101AA1')).toBe(definitive);
    expect(severestByRfc([favourable, rebutted]).get('AAA010101AA1')).toBe(favourable);
  });

  it('between two Definitivo rows keeps the one published first in the DOF', () => {
    const [later, earlier] = [entry('DEFINITIVO', '2020-01-02'), entry('DEFINITIVO', '2019-01-02')];
    expect(severestByRfc([later, earlier]).get('AAA010101AA1')).toBe(earlier);
  });
});

describe('files that are not the 69-B list', () => {
  /** Deterministic bytes: a linear congruential generator, so a failure can be replayed. */
  const randomBytes = (length: number, seed: number, min = 0) => {
    const bytes = new Uint8Array(length);
    let state = seed;
    for (let index = 0; index < length; index++) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      bytes[index] = min + (state % (256 - min));
    }
    return bytes;
  };
  const refusal = (bytes: Uint8Array) => {
    try {
      parseSat69b(bytes);
    } catch (error) {
      expect(error).toBeInstanceOf(ListFormatError);
      return (error as Error).message;
    }
    throw new Error('parseSat69b accepted the file');
  };

  it('refuses empty input, an xlsx, random binary and text without the header', () => {
    expect(refusal(new Uint8Array())).toMatch(/^El archivo está vacío/);
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toMatch(
      /libro de Excel/,
    );
    expect(refusal(randomBytes(4096, 7))).toMatch(/datos binarios/);
    expect(refusal(randomBytes(4096, 11, 1))).toMatch(
      /^El archivo no (parece ser el listado|se pudo leer como CSV)/,
    );
    expect(refusal(utf8('Proveedor,Monto\nACME,100\n'))).toBe(
      'El archivo no parece ser el listado completo del artículo 69-B: no se encontró el encabezado con las columnas RFC y Situación del contribuyente.',
    );
  });

  it('refuses the sanctions directory JSON', () => {
    expect(refusal(utf8('[{"rfc": "GGA8306134F4", "nombre_razon_social": "GARZA GAS"}]'))).toMatch(
      /es un JSON/,
    );
    expect(refusal(fixture('sabg-directorio-sancionados-api-2026-06-11.json'))).toMatch(/es un JSON/);
  });

  it('refuses a list cut inside a quoted field', () => {
    const cut = `${satList([row(1, 'AAA010101AA1', 'UNO', 'Definitivo')])}2,AAA010101AA2,"DOS, S.A.`;
    expect(refusal(cp1252(cut))).toMatch(/abre comillas y nunca las cierra/);
  });

  it('refuses a header without the name column', () => {
    expect(refusal(utf8('RFC,Situación del contribuyente\nAAA010101AA1,Definitivo\n'))).toMatch(
      /no tiene la columna «Nombre del Contribuyente»/,
    );
  });
});
