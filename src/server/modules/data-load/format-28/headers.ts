import { foldForMatch } from '../../../../shared/contracts/sheet';

/**
 * The headers of the national transparency platform's format 28 (pnt-import-rules.md, 'Recognising
 * the file'; their three families in pnt-format-28.md §2): each concept the import reads, told by
 * the header's normalised text, so a column is found whatever its position, its `Tabla_NNNNNN`
 * suffix, its trailing spaces or the wording of its version.
 */

/**
 * A header as it is compared: the `\nTabla_NNNNNN` suffix (or `(Tabla_NNNNNN)`) and the `ESTE
 * CRITERIO APLICA A PARTIR DEL … -> ` prefix removed, then trimmed, spaces collapsed, upper-case and
 * without accents, without a final colon or full stop.
 */
export function normaliseHeader(header: string): string {
  return foldForMatch(
    header.replace(/\(?\s*Tabla_\d+\s*\)?\s*$/i, '').replace(/^\s*ESTE CRITERIO APLICA[^>]*->\s*/i, ''),
  )
    .replace(/[:.]+$/, '')
    .trim();
}

/** The sheet a sub-table column names (`Tabla_492838`), when its header says. */
export function subTableSheetOf(header: string): string | null {
  return /Tabla_\d+/i.exec(header)?.[0] ?? null;
}

/** What a header is, given its normalised text. */
type Test = (header: string) => boolean;
const starts =
  (...prefixes: string[]): Test =>
  (header) =>
    prefixes.some((prefix) => header.startsWith(prefix));
const equals =
  (...texts: string[]): Test =>
  (header) =>
    texts.includes(header);
const all =
  (...words: string[]): Test =>
  (header) =>
    words.every((word) => header.includes(word));
const either =
  (...tests: Test[]): Test =>
  (header) =>
    tests.some((test) => test(header));

/** The main sheet's columns the import reads (the rest are ignored and listed once). */
export const MAIN_CONCEPTS = {
  // Sub-tables first (a header is tried against each concept in this order): the cell holds the ID
  // of rows of a Tabla_NNNNNN sheet, and some of their headers speak of a 'razón social' too.
  invited: starts('POSIBLES CONTRATANTES', 'POSIBLES LICITANTES'),
  bidders: starts(
    'PERSONAS FISICAS O MORALES CON PROPOSICION',
    'NOMBRE COMPLETO O RAZON SOCIAL DE LAS COTIZACIONES',
    'RELACION CON LOS NOMBRES DE LAS PERSONAS FISICAS O MORALES QUE PRESENTARON',
  ),
  clarificationAttendees: starts(
    'RELACION DE ASISTENTES A LA JUNTA',
    'RELACION CON LOS NOMBRES DE LAS/LOS PARTICIPANTES EN LA JUNTA',
  ),
  clarificationOfficials: starts(
    'RELACION CON LOS DATOS DE LOS SERVIDORES PUBLICOS',
    'RELACION CON LOS NOMBRES DE LAS PERSONAS SERVIDORAS PUBLICAS',
  ),
  beneficialOwners: starts('NOMBRE COMPLETO DE LA(S) PERSONA(S) BENEFICIARIA(S)'),
  budgetLines: starts('PARTIDA PRESUPUESTAL'),
  amendments: either(equals('CONVENIOS MODIFICATORIOS'), starts('DATOS DE LOS CONVENIOS MODIFICATORIOS')),
  fiscalYear: equals('EJERCICIO'),
  periodStart: starts('FECHA DE INICIO DEL PERIODO'),
  periodEnd: starts('FECHA DE TERMINO DEL PERIODO'),
  procedureType: starts('TIPO DE PROCEDIMIENTO'),
  category: starts('MATERIA'),
  deserted: starts('SE DECLARO DESIERTA'),
  procedureNumber: starts('NUMERO DE EXPEDIENTE'),
  announcementUrl: starts('HIPERVINCULO A LA CONVOCATORIA'),
  announcementDate: starts('FECHA DE LA CONVOCATORIA'),
  description: starts('DESCRIPCION DE LAS OBRAS', 'DESCRIPCION DE OBRAS'),
  clarificationMeetingDate: starts('FECHA EN LA QUE SE CELEBRO LA JUNTA'),
  clarificationMeetingUrl: (header) =>
    header.startsWith('HIPERVINCULO AL') &&
    header.includes('JUNTA') &&
    header.includes('ACLARACIONES') &&
    !header.includes('DONDE CONSTE'),
  proposalsUrl: all('HIPERVINCULO', 'DONDE CONSTE LA PRESENTACION'),
  supplierGivenNames: starts(
    'NOMBRE(S) DEL CONTRATISTA',
    'NOMBRE(S) DEL ADJUDICADO',
    'NOMBRE(S) DE LA PERSONA FISICA GANADORA',
  ),
  supplierFirstSurname: starts(
    'PRIMER APELLIDO DEL CONTRATISTA',
    'PRIMER APELLIDO DEL ADJUDICADO',
    'PRIMER APELLIDO DE LA PERSONA FISICA GANADORA',
  ),
  supplierSecondSurname: starts(
    'SEGUNDO APELLIDO DEL CONTRATISTA',
    'SEGUNDO APELLIDO DEL ADJUDICADO',
    'SEGUNDO APELLIDO DE LA PERSONA FISICA GANADORA',
  ),
  // On the main sheet only the awarded supplier has a legal name and an RFC: any wording of them.
  supplierLegalName: (header) => header.includes('RAZON SOCIAL') || header === 'DENOMINACION',
  supplierRfc: (header) => /\bRFC\b/.test(header) || header.startsWith('REGISTRO FEDERAL DE CONTRIBUYENTES'),
  applicantArea: starts('AREA(S) SOLICITANTE'),
  organizerArea: starts('AREA(S) CONTRATANTE'),
  executingArea: starts('AREA(S) RESPONSABLE DE SU EJECUCION', 'AREA(S) RESPONSABLE(S) DE LA EJECUCION'),
  areaInCharge: starts('AREA(S) RESPONSABLE(S) QUE GENERA'),
  contractNumber: either(
    starts('NUMERO QUE IDENTIFIQUE AL CONTRATO'),
    equals('NUMERO DE CONTRATO', 'NUMERO DEL CONTRATO', 'NO. DE CONTRATO', 'NO DE CONTRATO'),
  ),
  contractDate: starts('FECHA DEL CONTRATO'),
  amountBeforeTax: all('MONTO', 'CONTRATO', 'SIN IMPUESTOS'),
  amountTotal: (header) =>
    header.startsWith('MONTO TOTAL') &&
    header.includes('CONTRATO') &&
    (header.includes('CON IMPUESTOS') || /\bCON IVA\b/.test(header) || header.includes('IVA INCLUIDO')),
  amountMin: starts('MONTO MINIMO'),
  amountMax: starts('MONTO MAXIMO'),
  contractObject: equals('OBJETO DEL CONTRATO'),
  contractUrl: starts('HIPERVINCULO AL DOCUMENTO DEL CONTRATO'),
  updateDate: equals('FECHA DE ACTUALIZACION'),
  notes: equals('NOTA', 'NOTAS'),
} satisfies Record<string, Test>;

export type MainConcept = keyof typeof MAIN_CONCEPTS;

/** The sub-tables a contract keeps (pnt-import-rules.md, 'Sub-tables'). */
export const SUB_TABLES = [
  'invited',
  'bidders',
  'clarificationAttendees',
  'clarificationOfficials',
  'beneficialOwners',
  'budgetLines',
  'amendments',
] as const satisfies readonly MainConcept[];
export type SubTable = (typeof SUB_TABLES)[number];

/** The columns of a sub-table sheet (headers in the row that starts with `ID`). */
export const SUB_CONCEPTS = {
  givenNames: starts('NOMBRE(S)', 'NOMBRE (S)'),
  firstSurname: starts('PRIMER APELLIDO'),
  secondSurname: starts('SEGUNDO APELLIDO'),
  legalName: (header: string) => header.includes('RAZON SOCIAL'),
  rfc: (header: string) => header.startsWith('RFC') || header.startsWith('REGISTRO FEDERAL'),
  post: starts('CARGO'),
  amount: starts('MONTO TOTAL DE LA COTIZACION'),
  number: starts('NUMERO DE CONVENIO'),
  object: starts('OBJETO DEL CONVENIO'),
  signedDate: starts('FECHA DE FIRMA'),
  url: starts('HIPERVINCULO'),
  budgetLine: starts('PARTIDA PRESUPUESTAL'),
} satisfies Record<string, Test>;

export type SubConcept = keyof typeof SUB_CONCEPTS;

/** The concept a header names, among some concepts not yet taken (the first column of a concept wins). */
export function conceptOf<C extends string>(
  concepts: Readonly<Record<C, Test>>,
  header: string,
  taken: ReadonlySet<C>,
): C | null {
  for (const [concept, test] of Object.entries(concepts) as [C, Test][])
    if (!taken.has(concept) && test(header)) return concept;
  return null;
}

/**
 * Whether a row of headers is format 28's (pnt-import-rules.md): `Ejercicio` with a `Tipo de
 * procedimiento` header, or, in the 2018 direct-award layout, the period's start with the awardee's
 * names. The original's template has `Ejercicio` and `Tipo de procedimiento` too: a row with its
 * own `Periodo que se reporta` or `Administración` is the template's (decision 0050).
 */
export function isFormat28HeaderRow(headers: readonly string[]): boolean {
  const has = (test: Test) => headers.some((header) => test(header));
  if (has(equals('PERIODO QUE SE REPORTA', 'ADMINISTRACION'))) return false;
  return (
    (has(MAIN_CONCEPTS.fiscalYear) && has(MAIN_CONCEPTS.procedureType)) ||
    (has(MAIN_CONCEPTS.periodStart) && has(starts('NOMBRE(S) DEL ADJUDICADO')))
  );
}

/** Which version of the format the headers are (the review names it). */
export function formatLabel(headers: readonly string[]): string {
  const has = (test: Test) => headers.some((header) => test(header));
  const base = 'Formato 28 de la Plataforma Nacional de Transparencia';
  if (
    has(MAIN_CONCEPTS.deserted) ||
    has(MAIN_CONCEPTS.beneficialOwners) ||
    has(equals('DENOMINACION O RAZON SOCIAL'))
  )
    return `${base} (2024, formato único)`;
  const directAward =
    has(starts('MOTIVOS Y FUNDAMENTOS LEGALES APLICADOS PARA REALIZAR LA ADJUDICACION')) ||
    has(starts('NOMBRE(S) DEL ADJUDICADO'));
  const since2021 = has(starts('CARACTER DEL PROCEDIMIENTO')) || has(starts('SEXO'));
  return `${base} (${since2021 ? '2021' : '2018'}, ${directAward ? 'adjudicación directa' : 'licitación e invitación'})`;
}
