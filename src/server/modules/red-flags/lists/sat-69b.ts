import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';

/**
 * The SAT's complete list of article 69-B CFF ("EFOS", `Listado_Completo_69-B.csv`), read into the
 * rows the SAT_69B red flag matches suppliers against. Pure: bytes in, entries out. Layout, pitfalls
 * and counts: shared/reference/sat-lists.md §1-2.
 *
 * Choices where the reference leaves one:
 * - Encoding: a UTF-8 BOM, or bytes that are valid UTF-8, are read as UTF-8 (a re-encoded copy such
 *   as the fixtures' slim list still parses, cut-off null when its legend was dropped); anything
 *   else as Windows-1252, the SAT's own encoding. A real cp1252 file with accents is never valid
 *   UTF-8 (`ó` = 0xF3 followed by a letter), and a pure-ASCII file reads the same either way.
 * - Header: the first of the first 100 records with a cell `RFC` and a cell starting `Situaci`;
 *   columns mapped by header text. Old 2019 headers without ` SAT`/` DOF` on the oficio columns:
 *   a stage's first oficio column is taken as the SAT one, its second as the DOF one.
 * - `row` in problems is the record's 1-based position in the file, preamble and header included
 *   (what a spreadsheet program numbers it; a quoted line break stays inside its row).
 * - Names and oficios are display text: trimmed, whitespace runs collapsed to one space. RFCs are
 *   trimmed and upper-cased only. Date texts are trimmed only.
 * - `*DateText` keeps the cell's source text whenever the cell is not empty, parsed or not; the ISO
 *   date is null when the cell is not one dd/mm/yyyy calendar date or an Excel serial of 2000-2099.
 */

/** The file given is not the list it was given as (wrong kind, binary, broken CSV or JSON). */
export class ListFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListFormatError';
  }
}

export type ListProblem = { row: number; message: string };

export type Sat69bSituation = 'PRESUNTO' | 'DESVIRTUADO' | 'DEFINITIVO' | 'SENTENCIA_FAVORABLE';

/** One stage of a proceeding: the SAT global oficio, its SAT-page date, the DOF oficio and date. */
export type Stage = {
  satOficio: string | null;
  satDate: string | null;
  dofOficio: string | null;
  dofDate: string | null;
  satDateText: string | null;
  dofDateText: string | null;
};

export type Sat69bEntry = {
  rfc: string;
  name: string;
  situation: Sat69bSituation;
  presumption: Stage;
  rebutted: Stage;
  definitive: Stage;
  favourable: Stage;
};

export type Sat69bList = {
  cutOff: string | null;
  entries: Sat69bEntry[];
  suppressed: number;
  problems: ListProblem[];
};

/** The placeholder of rows suppressed by court order: never counted, matched or identified. */
export const SUPPRESSED_RFC = /^X{12,13}$/;

const HEADER_SEARCH_ROWS = 100;

const SITUATIONS: Record<string, Sat69bSituation> = {
  presunto: 'PRESUNTO',
  desvirtuado: 'DESVIRTUADO',
  definitivo: 'DEFINITIVO',
  'sentencia favorable': 'SENTENCIA_FAVORABLE',
};

type StageKey = 'presumption' | 'rebutted' | 'definitive' | 'favourable';
type StageField = 'satOficio' | 'satDate' | 'dofOficio' | 'dofDate';

/** Words that name each stage in the header (accents removed, lower case). */
const STAGE_WORDS: [StageKey, RegExp][] = [
  ['presumption', /presun/],
  ['rebutted', /desvirtu/],
  ['definitive', /definitiv/],
  ['favourable', /sentencia favorable/],
];

const MONTHS: Record<string, number> = {
  enero: 1,
  febrero: 2,
  marzo: 3,
  abril: 4,
  mayo: 5,
  junio: 6,
  julio: 7,
  agosto: 8,
  septiembre: 9,
  setiembre: 9,
  octubre: 10,
  noviembre: 11,
  diciembre: 12,
};

const NOT_THIS_LIST =
  'El archivo no parece ser el listado completo del artículo 69-B: no se encontró el encabezado con las columnas RFC y Situación del contribuyente.';

/** Header text compared without accents, case or extra spaces. */
function normaliseHeader(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Display text: trimmed, every run of whitespace (line breaks included) one space. */
export function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `YYYY-MM-DD` when the parts are a real calendar date, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/** Rejects what is plainly not text before anything tries to read it as a CSV or JSON. */
export function assertText(bytes: Uint8Array, what: string): void {
  if (bytes.length === 0) throw new ListFormatError(`El archivo está vacío: se esperaba ${what}.`);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new ListFormatError(
      `El archivo es un libro de Excel (.xlsx) u otro archivo comprimido, no ${what}. Suba el archivo tal como se descarga, sin abrirlo ni guardarlo en Excel.`,
    );
  }
  if (bytes.subarray(0, 65_536).includes(0)) {
    throw new ListFormatError(`El archivo contiene datos binarios; no es ${what}.`);
  }
}

/** UTF-8 when the bytes say so (BOM, or valid UTF-8), else the SAT's Windows-1252. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readRecords(text: string): string[][] {
  try {
    return parse(text, { relax_column_count: true, relax_quotes: true }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new ListFormatError(
        'El archivo no se pudo leer como CSV: un campo abre comillas y nunca las cierra. El archivo está incompleto o dañado.',
      );
    }
    const line = (error as CsvError & { lines?: number }).lines;
    throw new ListFormatError(
      `El archivo no se pudo leer como CSV${line ? ` (línea ${line})` : ''}: las comillas de un campo están mal formadas.`,
    );
  }
}

/** The list's cut-off date from the legend `Información actualizada al D de <mes> de YYYY`. */
function readCutOff(preamble: string[][], problems: ListProblem[]): string | null {
  for (const [index, record] of preamble.entries()) {
    const text = normaliseHeader(record.join(' '));
    if (!text.includes('informacion actualizada al')) continue;
    const match = /informacion actualizada al (\d{1,2})[o°º]? de ([a-z]+) de(?:l)? (\d{4})/.exec(text);
    const month = match ? MONTHS[match[2]!] : undefined;
    const date = match && month ? isoDate(Number(match[3]), month, Number(match[1])) : null;
    if (date) return date;
    problems.push({
      row: index + 1,
      message: `No se pudo leer la fecha de corte de la leyenda «${collapseSpaces(record[0] ?? '').slice(0, 120)}».`,
    });
    return null;
  }
  return null;
}

type Columns = {
  rfc: number;
  name: number;
  situation: number;
  stages: Record<StageKey, Partial<Record<StageField, number>>>;
};

function mapColumns(header: string[]): Columns | null {
  const texts = header.map(normaliseHeader);
  const rfc = texts.indexOf('rfc');
  const situation = texts.findIndex((text) => text.startsWith('situaci'));
  if (rfc === -1 || situation === -1) return null;
  const name = texts.findIndex((text) => text.startsWith('nombre'));
  if (name === -1) {
    throw new ListFormatError(
      'El listado del artículo 69-B no tiene la columna «Nombre del Contribuyente» junto a RFC y Situación del contribuyente.',
    );
  }
  const stages: Columns['stages'] = { presumption: {}, rebutted: {}, definitive: {}, favourable: {} };
  for (const [index, text] of texts.entries()) {
    const stage = STAGE_WORDS.find(([, words]) => words.test(text))?.[0];
    if (!stage) continue;
    const fields = stages[stage];
    let field: StageField | null = null;
    if (text.startsWith('numero y fecha de oficio')) {
      if (text.endsWith(' sat')) field = 'satOficio';
      else if (text.endsWith(' dof')) field = 'dofOficio';
      else field = fields.satOficio === undefined ? 'satOficio' : 'dofOficio';
    } else if (text.startsWith('publicacion')) {
      if (/\bdof\b/.test(text)) field = 'dofDate';
      else if (/\bsat\b/.test(text)) field = 'satDate';
    }
    if (field && fields[field] === undefined) fields[field] = index;
  }
  return { rfc, name, situation, stages };
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;
const SERIAL_MIN = (Date.UTC(2000, 0, 1) - EXCEL_EPOCH) / DAY;
const SERIAL_MAX = (Date.UTC(2099, 11, 31) - EXCEL_EPOCH) / DAY;

/** One unambiguous date of a stage cell, or null: two dates, 2-digit years and prose stay text. */
function parseListDate(text: string): string | null {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (dmy) return isoDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  if (/^\d{5}$/.test(text)) {
    const serial = Number(text);
    if (serial < SERIAL_MIN || serial > SERIAL_MAX) return null;
    return new Date(EXCEL_EPOCH + serial * DAY).toISOString().slice(0, 10);
  }
  return null;
}

function readStage(record: string[], columns: Partial<Record<StageField, number>>): Stage {
  const cell = (index: number | undefined) => (index === undefined ? '' : (record[index] ?? ''));
  const oficio = (index: number | undefined) => collapseSpaces(cell(index)) || null;
  const satDateText = cell(columns.satDate).trim() || null;
  const dofDateText = cell(columns.dofDate).trim() || null;
  return {
    satOficio: oficio(columns.satOficio),
    satDate: satDateText && parseListDate(satDateText),
    dofOficio: oficio(columns.dofOficio),
    dofDate: dofDateText && parseListDate(dofDateText),
    satDateText,
    dofDateText,
  };
}

/**
 * Reads the complete 69-B list as the SAT publishes it. Throws ListFormatError (Spanish message)
 * when the bytes are not that list; row-level trouble goes to `problems` and skips the row.
 */
export function parseSat69b(bytes: Uint8Array): Sat69bList {
  const what = 'el listado completo del artículo 69-B (CSV)';
  assertText(bytes, what);
  const text = decode(bytes);
  const start = text.trimStart().slice(0, 1);
  if (start === '{' || start === '[') {
    throw new ListFormatError(
      `El archivo es un JSON (¿el directorio de proveedores sancionados?), no ${what}.`,
    );
  }
  const records = readRecords(text);
  let headerIndex = -1;
  let columns: Columns | null = null;
  for (const [index, record] of records.slice(0, HEADER_SEARCH_ROWS).entries()) {
    columns = mapColumns(record);
    if (columns) {
      headerIndex = index;
      break;
    }
  }
  if (!columns) throw new ListFormatError(NOT_THIS_LIST);

  const problems: ListProblem[] = [];
  const cutOff = readCutOff(records.slice(0, headerIndex), problems);
  const entries: Sat69bEntry[] = [];
  let suppressed = 0;
  for (let index = headerIndex + 1; index < records.length; index++) {
    const record = records[index]!;
    const row = index + 1;
    if (record.every((cell) => cell.trim() === '')) continue;
    const rfc = (record[columns.rfc] ?? '').trim().toUpperCase();
    if (!rfc) {
      problems.push({ row, message: 'La fila no tiene RFC; se omitió.' });
      continue;
    }
    if (SUPPRESSED_RFC.test(rfc)) {
      suppressed++;
      continue;
    }
    const rawSituation = collapseSpaces(record[columns.situation] ?? '');
    const situation = SITUATIONS[normaliseHeader(rawSituation)];
    if (!situation) {
      problems.push({
        row,
        message: rawSituation
          ? `La situación del contribuyente «${rawSituation.slice(0, 60)}» del RFC ${rfc} no es Presunto, Desvirtuado, Definitivo ni Sentencia Favorable; se omitió la fila.`
          : `La fila del RFC ${rfc} no tiene situación del contribuyente; se omitió.`,
      });
      continue;
    }
    entries.push({
      rfc,
      name: collapseSpaces(record[columns.name] ?? ''),
      situation,
      presumption: readStage(record, columns.stages.presumption),
      rebutted: readStage(record, columns.stages.rebutted),
      definitive: readStage(record, columns.stages.definitive),
      favourable: readStage(record, columns.stages.favourable),
    });
  }
  return { cutOff, entries, suppressed, problems };
}

/** Definitivo > Presunto > Desvirtuado ≈ Sentencia Favorable (the last two clear the taxpayer). */
const SEVERITY: Record<Sat69bSituation, number> = {
  DEFINITIVO: 3,
  PRESUNTO: 2,
  DESVIRTUADO: 1,
  SENTENCIA_FAVORABLE: 1,
};

const DECISIVE_STAGE: Record<Sat69bSituation, StageKey> = {
  DEFINITIVO: 'definitive',
  PRESUNTO: 'presumption',
  DESVIRTUADO: 'rebutted',
  SENTENCIA_FAVORABLE: 'favourable',
};

/** The DOF date (else SAT-page date) of the stage that gave the entry its situation. */
function decisiveDate(entry: Sat69bEntry): string | null {
  const stage = entry[DECISIVE_STAGE[entry.situation]];
  return stage.dofDate ?? stage.satDate;
}

/**
 * One entry per RFC when a taxpayer has several proceedings: the most severe situation wins. Between
 * equally severe rows the one made public first (earliest decisive DOF date) wins, since that is the
 * date from which the supplier was publicly named; without dates, the first row in the file.
 */
export function severestByRfc(entries: readonly Sat69bEntry[]): Map<string, Sat69bEntry> {
  const byRfc = new Map<string, Sat69bEntry>();
  for (const entry of entries) {
    const kept = byRfc.get(entry.rfc);
    if (!kept) {
      byRfc.set(entry.rfc, entry);
      continue;
    }
    const rank = SEVERITY[entry.situation] - SEVERITY[kept.situation];
    if (rank > 0) byRfc.set(entry.rfc, entry);
    else if (rank === 0) {
      const [date, keptDate] = [decisiveDate(entry), decisiveDate(kept)];
      if (date && keptDate && date < keptDate) byRfc.set(entry.rfc, entry);
    }
  }
  return byRfc;
}
