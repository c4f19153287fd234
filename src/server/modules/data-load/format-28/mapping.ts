import {
  type ContractRelations,
  emptyRelations,
  MAX_RELATED,
  type Party,
} from '../../../../shared/contracts/relations';
import { Format28ContractSchema } from '../../../../shared/contracts/schema';
import { cleanCell, foldForMatch, isPlaceholder, readFlag } from '../../../../shared/contracts/sheet';
import { roundHundredths } from '../../../../shared/format/money';
import type { StagedExtra } from '../../../../shared/schemas/data-load';
import { RFC_FORMAT_INFO, readAmount, readDate, readUrl } from '../sheet/cells';
import { NO_NUMBER_INFO, type RowReading, readRow } from '../sheet/rows';
import type { RawCell, SheetRow } from '../sheet/sheet-reader';
import { type StagedRow, stageRow } from '../staging';
import type { MainConcept, SubTable } from './headers';

/**
 * A row of a format-28 workbook as the contract it becomes (pnt-import-rules.md, 'From a row to a
 * contract' and 'Sub-tables'): its cells put in the template's columns C1..C34, so that the
 * template's readings, the contract rules, the review and the validations download serve it
 * unchanged; the format's own rules (amounts, period, administration, RFC as published, rows that
 * are not contracts) applied on the way, each with its message; its sub-table rows kept with it.
 */

export interface Format28Context {
  /** The administration period chosen at the upload (YYYY-YYYY), or null. */
  administrationPeriod: string | null;
  /** The monitor's administration periods (YYYY-YYYY), to find each row's by its year. */
  periods: readonly string[];
}

export const NOT_A_CONTRACT = 'No es un registro de contratación: sin proveedor ni contrato';
export const noPeriodError = (year: string) =>
  `Ninguna administración del monitor incluye el ejercicio ${year}: indica la administración al cargar el archivo.`;
export const PRE_TAX_ONLY_INFO = 'Solo se publicó el monto sin impuestos';
export const NO_AMOUNT_ERROR = 'El registro no publica ningún monto';
export const OPEN_CONTRACT_INFO = 'Contrato abierto: se registraron el monto mínimo y el máximo publicados';
export const NO_CONTRACT_DATE_INFO = 'No se publicó la fecha del contrato';
export const SAT_PATTERN_INFO = 'El RFC no tiene el formato del SAT';
export const SPANS_QUARTERS_INFO = 'El periodo abarca más de un trimestre: se registró el primero';
export const DIRECT_AWARD_INFO =
  'El formato de adjudicaciones directas no tiene tipo de procedimiento: se registró Adjudicación directa';
export const ORGANIZER_FROM_AREA_INFO =
  'No se publicó el área contratante: se registró el área responsable de la información';
export const APPLICANT_FROM_ORGANIZER_INFO =
  'No se publicó el área solicitante: se registró el área contratante';
export const RELATED_WORKS_INFO =
  'Los servicios relacionados con obra pública se registran como Obra pública';
export const danglingIdInfo = (id: string, table: SubTable) =>
  `El ID ${id} de ${SUB_TABLE_LABELS[table]} no tiene registros en su hoja`;
export const tooManyRelatedInfo = (table: SubTable) =>
  `${SUB_TABLE_LABELS[table]}: se conservaron los primeros ${MAX_RELATED} registros`;

export const SUB_TABLE_LABELS: Readonly<Record<SubTable, string>> = {
  invited: 'Invitados',
  bidders: 'Participantes',
  clarificationAttendees: 'Asistentes a la junta de aclaraciones',
  clarificationOfficials: 'Servidores públicos en la junta de aclaraciones',
  beneficialOwners: 'Beneficiarios finales',
  budgetLines: 'Partidas presupuestales',
  amendments: 'Convenios modificatorios',
};

/** Codes of the template the format may leave empty (decision 0050). */
export const FORMAT_28_OPTIONAL: ReadonlySet<string> = new Set(['C19', 'C20', 'C21']);

/** A cell's text: trimmed and collapsed; a date as yyyy-mm-dd; a number as written. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return cleanCell(String(value));
}

/** A text that says nothing (blank or a placeholder such as NA): empty. */
const meaningful = (text: string) => (text === '' || isPlaceholder(text) ? '' : text);

/** Names joined (given names, then surnames), a part repeated by the sheet kept once. */
export function joinNames(...parts: string[]): string {
  const kept: string[] = [];
  for (const part of parts.map(meaningful))
    if (part && !kept.some((other) => foldForMatch(other) === foldForMatch(part))) kept.push(part);
  return kept.join(' ');
}

/** A URL as published, trimmed, its inner spaces percent-encoded (pnt-format-28.md §6.7). */
export function publishedUrl(value: unknown): string {
  return typeof value === 'string' ? value.trim().replace(/\s/g, '%20') : textOf(value);
}

/** An RFC as compared and kept: upper-case, without spaces or hyphens, never otherwise corrected. */
export const publishedRfc = (text: string) => meaningful(text).toUpperCase().replace(/[\s-]/g, '');

/** The quarter a date falls in: `3o 2024`. */
const quarterOf = (iso: string) => `${Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1}o ${iso.slice(0, 4)}`;

/** A money cell: its amount rounded to cents; 0 and blank are "not published". */
function money(value: unknown): { amount: number | null; unreadable: boolean } {
  const reading = readAmount(typeof value === 'string' ? cleanCell(value) : value);
  if (reading.error) return { amount: null, unreadable: true };
  return { amount: reading.value ? roundHundredths(reading.value) : null, unreadable: false };
}

/** A sub-table row as a person or company: its legal name, else its joined names; its RFC as published. */
function partyOf(row: Readonly<Record<string, unknown>>): Party | null {
  const name =
    meaningful(textOf(row.legalName)) ||
    joinNames(textOf(row.givenNames), textOf(row.firstSurname), textOf(row.secondSurname));
  if (!name) return null;
  const rfc = publishedRfc(textOf(row.rfc));
  return { name: name.slice(0, 500), rfc: rfc ? rfc.slice(0, 20) : null };
}

/** What the sub-table rows a main row links to say, and the infos of links that lead nowhere. */
function relationsOf(row: SheetRow): { related: ContractRelations; infos: string[] } {
  const related = emptyRelations();
  const infos: string[] = [];
  for (const [key, link] of Object.entries(row.linked ?? {}) as [
    SubTable,
    { id: string; rows: Record<string, unknown>[] },
  ][]) {
    if (link.rows.length === 0) {
      infos.push(danglingIdInfo(link.id, key));
      continue;
    }
    if (link.rows.length > MAX_RELATED) infos.push(tooManyRelatedInfo(key));
    const rows = link.rows.slice(0, MAX_RELATED);
    switch (key) {
      case 'bidders':
      case 'invited':
      case 'clarificationAttendees':
        for (const sub of rows) {
          const party = partyOf(sub);
          if (!party) continue;
          const quote = key === 'bidders' ? money(sub.amount).amount : null;
          related[key].push(quote === null ? party : { ...party, quoteAmount: quote });
        }
        break;
      case 'clarificationOfficials':
        for (const sub of rows) {
          const party = partyOf(sub);
          if (party)
            related.clarificationOfficials.push({ ...party, post: meaningful(textOf(sub.post)) || null });
        }
        break;
      case 'beneficialOwners':
        for (const sub of rows) {
          const party = partyOf(sub);
          if (party) related.beneficialOwners.push({ name: party.name });
        }
        break;
      case 'budgetLines':
        for (const sub of rows) {
          const code = meaningful(textOf(sub.budgetLine));
          if (code) related.budgetLines.push({ code: code.slice(0, 100) });
        }
        break;
      case 'amendments':
        for (const sub of rows) {
          const number = meaningful(textOf(sub.number)) || null;
          const object = meaningful(textOf(sub.object)) || null;
          const signedDate = readDate(sub.signedDate).value ?? null;
          const url = readUrl(publishedUrl(sub.url)).value ?? null;
          if (number || object || signedDate || url)
            related.amendments.push({
              number: number?.slice(0, 200) ?? null,
              object: object?.slice(0, 5_000) ?? null,
              signedDate,
              url,
            });
        }
        break;
    }
  }
  return { related, infos };
}

/** Stages one row of a format-28 workbook (format-28/reader.ts gives its cells by concept). */
export function stageFormat28Row(row: SheetRow, context: Format28Context): StagedRow {
  const raw = (concept: MainConcept) => row.cells[concept]?.value;
  const text = (concept: MainConcept) => meaningful(textOf(raw(concept)));
  const has = (concept: MainConcept) => concept in row.cells;
  const infos: Record<string, string[]> = {};
  const info = (code: string, message: string) => {
    infos[code] = [...(infos[code] ?? []), message];
  };
  const cells: Record<string, RawCell | undefined> = {};
  const put = (code: string, value: unknown) => {
    cells[code] = value === null || value === undefined || value === '' ? undefined : { value };
  };

  // The procedure: its type (the 2018–2023 direct-award sheet has none), subject, state and number.
  if (has('procedureType')) put('C1', raw('procedureType'));
  else {
    put('C1', 'Adjudicación directa');
    info('C1', DIRECT_AWARD_INFO);
  }
  if (foldForMatch(text('category')) === 'SERVICIOS RELACIONADOS CON OBRA PUBLICA') {
    put('C2', 'Obra pública');
    info('C2', RELATED_WORKS_INFO);
  } else put('C2', raw('category'));
  const deserted = readFlag(text('deserted')) === true;
  put('C8', deserted ? 'Desierto' : 'Concluido');
  put('C6', raw('procedureNumber'));

  // The year, its quarter and the administration.
  const year = textOf(raw('fiscalYear')).replace(/\.0+$/, '');
  put('C4', year);
  const start = readDate(raw('periodStart')).value ?? null;
  const end = readDate(raw('periodEnd')).value ?? null;
  if (start) {
    put('C5', quarterOf(start));
    if (end && quarterOf(end) !== quarterOf(start)) info('C5', SPANS_QUARTERS_INFO);
  } else put('C5', raw('periodStart'));
  const administration =
    context.administrationPeriod ??
    context.periods.find(
      (period) => /^\d{4}$/.test(year) && period.slice(0, 4) <= year && year <= period.slice(5),
    ) ??
    null;
  put('C3', administration);

  // What was contracted, and the procedure's documents.
  put('C9', publishedUrl(raw('announcementUrl')));
  put('C10', raw('announcementDate'));
  put('C11', text('description') || raw('contractObject'));
  put('C12', raw('clarificationMeetingDate'));
  put('C13', publishedUrl(raw('clarificationMeetingUrl')));
  put('C14', publishedUrl(raw('proposalsUrl')));

  // The supplier: the legal name, else the person's names; the RFC as published.
  const supplierName =
    text('supplierLegalName') ||
    joinNames(
      textOf(raw('supplierGivenNames')),
      textOf(raw('supplierFirstSurname')),
      textOf(raw('supplierSecondSurname')),
    );
  put('C15', supplierName);
  put('C16', raw('supplierRfc'));

  // The areas: the contracting one convenes, the requesting one applies; each falls back when absent.
  const areaInCharge = text('areaInCharge');
  let organizer = text('organizerArea');
  if (!organizer && areaInCharge) {
    organizer = areaInCharge;
    info('C17', ORGANIZER_FROM_AREA_INFO);
  }
  let applicant = text('applicantArea');
  if (!applicant && organizer) {
    applicant = organizer;
    info('C18', APPLICANT_FROM_ORGANIZER_INFO);
  }
  put('C17', organizer);
  put('C18', applicant);
  put('C27', raw('areaInCharge'));

  // The contract: its number and date, its amounts by the format's rule.
  const contractNumber = text('contractNumber');
  put('C20', raw('contractNumber'));
  if (!contractNumber && textOf(raw('contractNumber')) === '') info('C20', NO_NUMBER_INFO);
  put('C21', raw('contractDate'));
  if (textOf(raw('contractDate')) === '' && !deserted) info('C21', NO_CONTRACT_DATE_INFO);
  let contractType: 'NORMAL' | 'OPEN' | undefined;
  let amountError: string | null = null;
  const total = money(raw('amountTotal'));
  const minimum = money(raw('amountMin'));
  const maximum = money(raw('amountMax'));
  const beforeTax = money(raw('amountBeforeTax'));
  if (total.unreadable) put('C22', raw('amountTotal'));
  else if (total.amount !== null) {
    put('C22', total.amount);
    put('C25', total.amount);
    contractType = 'NORMAL';
  } else if (maximum.amount !== null) {
    put('C23', minimum.amount ?? 0);
    put('C24', maximum.amount);
    put('C25', maximum.amount);
    contractType = 'OPEN';
    info('C24', OPEN_CONTRACT_INFO);
  } else if (beforeTax.amount !== null) {
    put('C22', beforeTax.amount);
    put('C25', beforeTax.amount);
    contractType = 'NORMAL';
    info('C22', PRE_TAX_ONLY_INFO);
  } else if (!deserted) amountError = NO_AMOUNT_ERROR;
  else contractType = 'NORMAL';

  put('C26', publishedUrl(raw('contractUrl')));
  put('C28', raw('updateDate'));
  put('C31', raw('updateDate'));
  put('C29', raw('notes'));

  const { related, infos: linkInfos } = relationsOf(row);
  for (const message of linkInfos) info('C6', message);
  if (related.budgetLines.length > 0)
    put(
      'C7',
      related.budgetLines
        .map((line) => line.code)
        .join(', ')
        .slice(0, 100),
    );

  // Read as the template reads its cells, then the format's messages on them.
  const reading = readRow({ rowNumber: row.rowNumber, cells }, FORMAT_28_OPTIONAL);
  for (const [code, messages] of Object.entries(infos)) reading.cells[code]?.infos.push(...messages);
  if (amountError) {
    reading.cells.C22 ??= { text: '', value: null, errors: [], infos: [] };
    reading.cells.C22.errors.push(amountError);
  }

  // No supplier and no contract, and not a deserted tender: not a contract (listed apart).
  if (!supplierName && !contractNumber && !deserted) {
    const staged = stageRow(reading);
    for (const field of Object.values(staged.data)) delete field.errors;
    return { ...staged, hasErrors: false, identity: null, contract: null, notContract: NOT_A_CONTRACT };
  }

  const executingArea = text('executingArea');
  const staged = stageFormat28Reading(reading, {
    format: 'FORMAT_28',
    related,
    executingArea: executingArea ? executingArea.slice(0, 1_000) : null,
    contractType: contractType ?? null,
  });
  // No administration includes the row's year: that, rather than 'required', is what to fix.
  const noPeriod = administration === null && /^\d{4}$/.test(year);
  if (noPeriod && staged.data.administration)
    staged.data.administration = { ...staged.data.administration, errors: [noPeriodError(year)] };
  return staged;
}

/**
 * A format-28 row read into the template's cells, staged under the format's rules (decision 0050):
 * its RFC kept as published, its contract type as its amounts gave it, its executing area and
 * sub-tables kept, whether it has errors or not (the validations download carries them).
 */
export function stageFormat28Reading(reading: RowReading, extra: StagedExtra): StagedRow {
  const rfcCell = reading.cells.C16;
  if (rfcCell && rfcCell.value === null && rfcCell.text !== '') {
    // Kept as published, never corrected (pnt-import-rules.md).
    rfcCell.value = publishedRfc(rfcCell.text);
    rfcCell.infos = rfcCell.infos.map((message) =>
      message === RFC_FORMAT_INFO ? SAT_PATTERN_INFO : message,
    );
  }
  const staged = stageRow(reading, {
    schema: Format28ContractSchema,
    ...(extra.contractType ? { contractType: extra.contractType } : {}),
    extra: { executingArea: extra.executingArea },
    format: 'FORMAT_28',
    related: extra.related,
  });
  return { ...staged, extra };
}
