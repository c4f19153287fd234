import { assertText, collapseSpaces, isoDate, ListFormatError, type ListProblem } from './sat-69b';

/**
 * The federal Directorio de Proveedores y Contratistas Sancionados (SABG, formerly SFP) as its
 * portal's API answers it, read into the records the SANCTIONED_SUPPLIER red flag matches suppliers
 * against. Pure: bytes in, entries out. Fields and counts: shared/reference/sat-lists.md §4.
 *
 * Choices where the reference leaves one:
 * - The file is UTF-8 JSON (a BOM is allowed); other encodings are refused rather than guessed.
 * - A record needs an RFC or a name; one with neither, or that is not an object, is a problem and
 *   is skipped. `row` is the record's 1-based position in the array.
 * - `fine` is `multa.monto` (else the formatted `monto_cf`) as a number; zero or blank means no fine
 *   (null). An unreadable amount is a problem and the record is kept without it.
 * - A debarment needs both dates as calendar dates with from <= to (one day allowed); a window that
 *   ends before it starts is a problem and counts as no debarment. A record without `fecha_final` is
 *   a fine only (the reference's "jamás cuenta como durante"), silently.
 */

export type SanctionEntry = {
  rfc: string | null;
  rfcValid: boolean;
  name: string;
  authority: string | null;
  authorityKey: string | null;
  laws: string | null;
  file: string | null;
  procedure: string | null;
  fine: number | null;
  debarment: { from: string; to: string; text: string | null } | null;
};

export type SanctionsList = { entries: SanctionEntry[]; problems: ListProblem[] };

/** The shape of a Mexican RFC: 3 letters (company) or 4 (person), yymmdd, a 3-character homoclave. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;

const WHAT = 'el directorio de proveedores y contratistas sancionados (JSON)';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A scalar field as text (numbers included), or '' when absent. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

const orNull = (value: string) => value || null;

function decodeJson(bytes: Uint8Array): unknown {
  assertText(bytes, WHAT);
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ListFormatError(`El archivo no está codificado en UTF-8, así que no es ${WHAT}.`);
  }
  try {
    return JSON.parse(source);
  } catch {
    throw new ListFormatError(`El archivo no es un JSON válido, así que no es ${WHAT}.`);
  }
}

function recordsOf(json: unknown): unknown[] {
  const data = isObject(json) && isObject(json.data) ? json.data : null;
  const records = Array.isArray(json) ? json : Array.isArray(data?.results) ? data.results : null;
  if (!records) {
    throw new ListFormatError(
      `El JSON no tiene la forma de ${WHAT}: se esperaba una lista de registros o un objeto con data.results.`,
    );
  }
  const looksLikeSanctions = records.some(
    (record) => isObject(record) && ('nombre_razon_social' in record || 'rfc' in record),
  );
  if (!looksLikeSanctions) {
    throw new ListFormatError(
      `El JSON no contiene registros de ${WHAT}: ningún registro tiene rfc ni nombre_razon_social.`,
    );
  }
  return records;
}

/** A date as `YYYY-MM-DD` (a time after it is ignored), or null when absent or not a calendar date. */
function readIsoDate(value: unknown): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text(value).trim());
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function readFine(multa: unknown, row: number, problems: ListProblem[]): number | null {
  if (!isObject(multa)) return null;
  for (const raw of [multa.monto, multa.monto_cf]) {
    const amount = text(raw).replace(/[\s,$]/g, '');
    if (!amount) continue;
    if (/^\d+(\.\d+)?$/.test(amount)) return Number(amount) > 0 ? Number(amount) : null;
    problems.push({ row, message: `El monto de la multa «${text(raw).trim()}» no es un número; se omitió.` });
    return null;
  }
  return null;
}

function readDebarment(plazo: unknown, row: number, problems: ListProblem[]): SanctionEntry['debarment'] {
  if (!isObject(plazo)) return null;
  const [fromText, toText] = [text(plazo.fecha_inicial).trim(), text(plazo.fecha_final).trim()];
  if (!toText) return null;
  const [from, to] = [readIsoDate(fromText), readIsoDate(toText)];
  if (!from || !to) {
    problems.push({
      row,
      message: `Las fechas de la inhabilitación («${fromText}» a «${toText}») no son fechas válidas; no se tomó como inhabilitación.`,
    });
    return null;
  }
  if (from > to) {
    problems.push({
      row,
      message: `La inhabilitación termina (${to}) antes de empezar (${from}); no se tomó como inhabilitación.`,
    });
    return null;
  }
  return { from, to, text: orNull(collapseSpaces(text(plazo.plazo_inha))) };
}

/**
 * Reads the sanctioned-suppliers directory: a top-level array of the API's records, or the API's
 * own `{ data: { results } }`. Throws ListFormatError (Spanish message) when the bytes are not that
 * directory; record-level trouble goes to `problems`.
 */
export function parseSanctions(bytes: Uint8Array): SanctionsList {
  const records = recordsOf(decodeJson(bytes));
  const entries: SanctionEntry[] = [];
  const problems: ListProblem[] = [];
  for (const [index, record] of records.entries()) {
    const row = index + 1;
    if (!isObject(record)) {
      problems.push({ row, message: 'El registro no es un objeto; se omitió.' });
      continue;
    }
    const rfc = orNull(text(record.rfc).trim().toUpperCase());
    const name = collapseSpaces(text(record.nombre_razon_social));
    if (!rfc && !name) {
      problems.push({ row, message: 'El registro no tiene RFC ni nombre del proveedor; se omitió.' });
      continue;
    }
    const authority = isObject(record.institucion_dependencia) ? record.institucion_dependencia : {};
    entries.push({
      rfc,
      rfcValid: rfc !== null && RFC_PATTERN.test(rfc),
      name,
      authority: orNull(collapseSpaces(text(authority.nombre))),
      authorityKey: orNull(text(authority.clave_dependencia).trim()),
      laws: orNull(collapseSpaces(text(record.leyes_infringidas))),
      file: orNull(text(record.numero_expediente).trim()),
      procedure: orNull(text(record.numero_procedimiento_adm).trim()),
      fine: readFine(record.multa, row, problems),
      debarment: readDebarment(record.plazo, row, problems),
    });
  }
  return { entries, problems };
}
