import type { z } from 'zod';
import {
  ADMINISTRATIVE_UNIT_TYPE_LABELS,
  ADMINISTRATIVE_UNIT_TYPES,
  CONTRACT_CATEGORIES,
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  PROCEDURE_STATE_LABELS,
  PROCEDURE_STATES,
  PROCEDURE_TYPE_LABELS,
  PROCEDURE_TYPES,
} from '../constants/enums';
import { PATTERNS } from '../constants/limits';
import {
  amount,
  CONTRACT_ID,
  calendarDate,
  contractFormatMessage,
  emptyFlag,
  nullableFlag,
  optionalChoice,
  optionalFormatted,
  optionalText,
  requiredChoice,
  requiredFormatted,
  requiredQuarter,
  requiredReference,
  requiredText,
  supplierReference,
  webUrl,
} from './rules';

/**
 * Every field of a contract, defined once (docs/decisions/0028-procedure-state-required.md for
 * `required`): the database column (Drizzle property of db/schema/contracts.ts), the zod rule with
 * its Spanish messages (the form and the server validate with it), the Spanish label, a format
 * example, the download column, the spreadsheet column (code C1..C34 and the template's header,
 * with the import's reading rules) and when the field is required. The shared schemas, the
 * catalogue, the repository, the presenters, the seed and the web form derive from this list.
 *
 * Where the contract form and the spreadsheet import differ, the field says so: `form.derived`
 * (the form computes it: totalOrMaxAmount), `sheet` absent with `sheetDerived` (the import computes
 * it: contractType), `sheet[].required` (the import requires what the form derives), and the
 * reading rules of `sheet[]` (placeholders, synonyms, hyperlinks) that apply to the import only.
 */

/** How a value is kept and shown. */
export type FieldKind = 'text' | 'url' | 'date' | 'money' | 'boolean' | 'choice' | 'reference';
/** When the field must have a value: always, or when the row is not a "no procedures held" row. */
export type Requirement = 'always' | 'unlessEmpty';
export type ExportKind = 'text' | 'money' | 'date' | 'url';

/** A column of the downloads (XLSX, PDF); `order` is its position, `pdf` keeps it in the narrow PDF. */
export interface ExportSpec {
  order: number;
  header: string;
  kind: ExportKind;
  width: number;
  pdf?: boolean;
}

/** How the import reads a cell of the column (data-load-rules.md, 'Reading a cell'). */
export type SheetReading =
  | 'text'
  /** A hyperlink cell gives its target; `www.` gets `http://` (with an info); http/https only. */
  | 'url'
  /** Excel dates, serial numbers and d/m/yyyy, d-m-yyyy, d/m/yy, yyyy-mm-dd texts. */
  | 'date'
  /** Numbers; texts without $, thousands separators and spaces; `1.234.567,89`; empty is never 0. */
  | 'amount'
  /** One of the field's values, by its synonyms (whole value, accents and case ignored). */
  | 'choice'
  /** sí/si/true/verdadero/x/1 or no/false/falso/0/empty. */
  | 'flag'
  /** The quarter, normalised to `1o 2019` from `1° 2019`, `1º trimestre 2019`, `1 2019`. */
  | 'quarter'
  /** A supplier or unit matched by normalised name (RFC first for suppliers), created when new. */
  | 'reference';

/** One spreadsheet column: the template's code and header, and how its cells are read. */
export interface SheetColumn {
  code: string;
  /** The template's header (row 2), trimmed. */
  header: string;
  reading: SheetReading;
  /** For a field with two columns (the supplier): which part this column gives. */
  part?: 'name' | 'rfc';
  /** Spanish input (upper-case, no accents) → stored value. */
  synonyms?: Readonly<Record<string, readonly string[]>>;
  /** A placeholder (NA, S/D, …) is accepted as "none", with an info (the contract number). */
  placeholderIsNone?: boolean;
  /** The import's own requirement, where it differs from the form's (the form derives the value). */
  required?: Requirement;
  /** The template's instruction, where the reading's general one does not fit the column. */
  help?: string;
  /** The template's example, where the field's does not fit the column (a supplier's two parts). */
  example?: string;
}

export interface FieldSpec {
  /** Property of the Drizzle table (db/schema/contracts.ts). */
  column: string;
  kind: FieldKind;
  /** The field's rule, with its Spanish messages. */
  rule: z.ZodType;
  /** The column never holds null (the API's doc says so too). */
  notNull?: boolean;
  /** The coded values of a choice, with their Spanish labels. */
  values?: readonly [string, ...string[]];
  labels?: Readonly<Record<string, string>>;
  example?: string;
  required?: Requirement;
  /** Shown in the OpenAPI description. */
  description?: string;
  /** Where the public API shows it: the list (and the detail), the detail only (default), or nowhere. */
  shown?: 'list' | 'detail' | 'internal';
  export?: ExportSpec;
  /** The spreadsheet columns (absent: the import derives the field). */
  sheet?: readonly SheetColumn[];
  /** What the import derives the field from, when it has no column. */
  sheetDerived?: string;
  form?: { derived?: string };
}

type Defined<S extends FieldSpec> = S & { label: string };

/** One field: its label, and what is built from it (the rule's messages name the field by it). */
function define<const S extends FieldSpec>(label: string, build: (label: string) => S): Defined<S> {
  return { label, ...build(label) };
}

const CONCLUDED = ['CONCLUIDO', 'FINALIZADO', 'TERMINADO', 'ADJUDICADO'] as const;

export const CONTRACT_FIELDS = {
  supplier: define('Proveedor', () => ({
    shown: 'list',
    column: 'supplierId',
    kind: 'reference',
    rule: supplierReference,
    description: 'Id of a supplier of the monitor, or none',
    export: { order: 3, header: 'PROVEEDOR', kind: 'text', width: 34, pdf: true },
    sheet: [
      {
        code: 'C15',
        header: 'Nombre completo del o los contratista(s) elegidos',
        reading: 'reference',
        part: 'name',
        help: 'Nombre del proveedor como lo escribe la empresa; se crea si no existe. No puede empezar con =, +, - ni @.',
        example: 'Limpieza Total, S.A. de C.V.',
      },
      {
        code: 'C16',
        header: 'RFC',
        reading: 'reference',
        part: 'rfc',
        help: 'RFC del proveedor, de 12 o 13 caracteres. Con él se busca primero al proveedor; sin RFC, o si no tiene un formato válido, se busca por su nombre.',
        example: 'LTO010101AB1',
      },
    ],
  })),
  procedureType: define('Tipo de procedimiento', (label) => ({
    shown: 'list',
    column: 'procedureType',
    kind: 'choice',
    rule: requiredChoice(PROCEDURE_TYPES, label),
    notNull: true,
    values: PROCEDURE_TYPES,
    labels: PROCEDURE_TYPE_LABELS,
    required: 'always',
    export: { order: 7, header: 'TIPO DE PROCEDIMIENTO', kind: 'text', width: 20, pdf: true },
    sheet: [
      {
        code: 'C1',
        header: label,
        reading: 'choice',
        synonyms: {
          PUBLIC: [
            'LICITACION PUBLICA',
            'PUBLICA',
            'LP',
            'LICITACION PUBLICA NACIONAL',
            'LICITACION PUBLICA INTERNACIONAL',
          ],
          INVITATION: [
            'INVITACION',
            'POR INVITACION',
            'INVITACION RESTRINGIDA',
            'INVITACION A CUANDO MENOS TRES PERSONAS',
            'INVITACION A CUANDO MENOS TRES PROVEEDORES',
            'LICITACION RESTRINGIDA',
          ],
          NO_BID: ['ADJUDICACION DIRECTA', 'ADJ DIRECTA', 'ADJ. DIRECTA', 'AD'],
        },
      },
    ],
  })),
  category: define('Materia', (label) => ({
    shown: 'list',
    column: 'category',
    kind: 'choice',
    rule: requiredChoice(CONTRACT_CATEGORIES, label),
    values: CONTRACT_CATEGORIES,
    labels: CONTRACT_CATEGORY_LABELS,
    required: 'always',
    export: { order: 10, header: 'MATERIA', kind: 'text', width: 16, pdf: true },
    sheet: [
      {
        code: 'C2',
        header: label,
        reading: 'choice',
        synonyms: {
          EXTENSION: ['AMPLIACION', 'EXTENSION'],
          MODIFICATION: ['MODIFICACION', 'MODIFICATORIO'],
          ADENDUM: ['ADENDUM', 'ADENDA'],
          ACQUISITION: ['ADQUISICION', 'ADQUISICIONES'],
          SERVICES: ['SERVICIO', 'SERVICIOS', 'SERVICIOS RELACIONADOS CON OBRA PUBLICA'],
          LEASE: ['ARRENDAMIENTO', 'ARRENDAMIENTOS'],
          PUBLIC_WORKS: ['OBRA PUBLICA', 'OBRAS PUBLICAS'],
        },
      },
    ],
  })),
  administrationPeriod: define('Administración', (label) => ({
    shown: 'list',
    column: 'administrationPeriod',
    kind: 'text',
    // From a year to a later (or the same) one: 2021-2018 is not a period.
    rule: requiredFormatted(label, PATTERNS.administrationPeriod, '2019-2021').refine(
      (period) => period.slice(0, 4) <= period.slice(5),
      contractFormatMessage(label, '2019-2021'),
    ),
    notNull: true,
    example: '2019-2021',
    required: 'always',
    export: { order: 12, header: 'ADMINISTRACIÓN', kind: 'text', width: 12 },
    sheet: [{ code: 'C3', header: label, reading: 'text' }],
  })),
  fiscalYear: define('Ejercicio', (label) => ({
    shown: 'list',
    column: 'fiscalYear',
    kind: 'text',
    rule: requiredFormatted(label, PATTERNS.fiscalYear, '2019'),
    notNull: true,
    example: '2019',
    required: 'always',
    export: { order: 13, header: 'EJERCICIO', kind: 'text', width: 10 },
    sheet: [{ code: 'C4', header: label, reading: 'text' }],
  })),
  period: define('Periodo', (label) => ({
    shown: 'list',
    column: 'period',
    kind: 'text',
    // Inner spaces collapsed ('1o  2019' is '1o 2019'); the import also reads other spellings.
    rule: requiredQuarter(label, PATTERNS.quarter, '1o 2019'),
    notNull: true,
    example: '1o 2019',
    required: 'always',
    export: { order: 14, header: 'TRIMESTRE', kind: 'text', width: 10 },
    sheet: [{ code: 'C5', header: 'Periodo que se reporta', reading: 'quarter' }],
  })),
  contractId: define('ID', (label) => ({
    shown: 'list',
    column: 'contractId',
    kind: 'text',
    rule: optionalFormatted(label, CONTRACT_ID, 'XX000/00', 100),
    example: 'XX000/00',
    description: 'Process identifier (ID of the transparency format)',
    export: { order: 1, header: 'ID. PROCESO', kind: 'text', width: 18, pdf: true },
    sheet: [{ code: 'C6', header: label, reading: 'text' }],
  })),
  partida: define('Partida', (label) => ({
    column: 'partida',
    kind: 'text',
    rule: optionalText(100),
    sheet: [{ code: 'C7', header: label, reading: 'text' }],
  })),
  procedureState: define('Estado del procedimiento', (label) => ({
    shown: 'list',
    column: 'procedureState',
    kind: 'choice',
    rule: optionalChoice(PROCEDURE_STATES, label),
    values: PROCEDURE_STATES,
    labels: PROCEDURE_STATE_LABELS,
    // Every total depends on it (decision 0028).
    required: 'unlessEmpty',
    export: { order: 8, header: 'ESTADO DEL PROCEDIMIENTO', kind: 'text', width: 18, pdf: true },
    sheet: [
      {
        code: 'C8',
        header: label,
        reading: 'choice',
        synonyms: {
          CONCLUDED,
          IN_PROGRESS: ['EN PROCESO', 'EN PROGRESO', 'EN CURSO', 'VIGENTE'],
          CANCELED: ['CANCELADO'],
          DESERTED: ['DESIERTO', 'DESIERTA', 'DECLARADO DESIERTO'],
        },
      },
    ],
  })),
  announcementUrl: define('Hipervínculo a la convocatoria', (label) => ({
    shown: 'list',
    column: 'announcementUrl',
    kind: 'url',
    rule: webUrl(label),
    export: { order: 16, header: 'HIPERVÍNCULO A LA CONVOCATORIA', kind: 'url', width: 30 },
    sheet: [{ code: 'C9', header: 'Hipervínculo a la convocatoria o invitaciones', reading: 'url' }],
  })),
  announcementDate: define('Fecha de la convocatoria', () => ({
    column: 'announcementDate',
    kind: 'date',
    rule: calendarDate,
    sheet: [{ code: 'C10', header: 'Fecha de la convocatoria o invitación', reading: 'date' }],
  })),
  servicesDescription: define('Descripción de las obras, bienes o servicios', (label) => ({
    shown: 'list',
    column: 'servicesDescription',
    kind: 'text',
    rule: optionalText(5_000),
    required: 'unlessEmpty',
    export: {
      order: 4,
      header: 'DESCRIPCIÓN DE LA OBRA, BIEN O SERVICIO',
      kind: 'text',
      width: 50,
      pdf: true,
    },
    sheet: [{ code: 'C11', header: label, reading: 'text' }],
  })),
  clarificationMeetingDate: define('Fecha de la junta de aclaraciones', () => ({
    column: 'clarificationMeetingDate',
    kind: 'date',
    rule: calendarDate,
    sheet: [{ code: 'C12', header: 'Fecha en la que se celebró la junta de aclaraciones', reading: 'date' }],
  })),
  clarificationMeetingJudgmentUrl: define('Hipervínculo al fallo de la junta de aclaraciones', (label) => ({
    column: 'clarificationMeetingJudgmentUrl',
    kind: 'url',
    rule: webUrl(label),
    sheet: [{ code: 'C13', header: 'Hipervínculo al fallo de Junta de Aclaraciones', reading: 'url' }],
  })),
  presentationProposalsDocUrl: define('Hipervínculo a la presentación de propuestas', (label) => ({
    shown: 'list',
    column: 'presentationProposalsDocUrl',
    kind: 'url',
    rule: webUrl(label),
    export: { order: 18, header: 'HIPERVÍNCULO A LA PRESENTACIÓN DE PROPUESTAS', kind: 'url', width: 30 },
    sheet: [
      {
        code: 'C14',
        header: 'Hipervínculo al documento de la Presentación de Propuestas',
        reading: 'url',
      },
    ],
  })),
  organizerAdministrativeUnit: define('Unidad administrativa convocante', (label) => ({
    column: 'organizerAdministrativeUnitId',
    kind: 'reference',
    rule: requiredReference(label),
    required: 'always',
    sheet: [{ code: 'C17', header: label, reading: 'reference' }],
  })),
  applicantAdministrativeUnit: define('Unidad administrativa solicitante', (label) => ({
    shown: 'list',
    column: 'applicantAdministrativeUnitId',
    kind: 'reference',
    rule: requiredReference(label),
    required: 'always',
    export: { order: 9, header: 'UNIDAD ADMINISTRATIVA SOLICITANTE', kind: 'text', width: 30, pdf: true },
    sheet: [{ code: 'C18', header: label, reading: 'reference' }],
  })),
  administrativeUnitType: define('Tipo de unidad administrativa', (label) => ({
    column: 'administrativeUnitType',
    kind: 'choice',
    rule: optionalChoice(ADMINISTRATIVE_UNIT_TYPES, label),
    values: ADMINISTRATIVE_UNIT_TYPES,
    labels: ADMINISTRATIVE_UNIT_TYPE_LABELS,
    required: 'unlessEmpty',
    sheet: [
      {
        code: 'C19',
        header: 'Centralizada/Descentralizada',
        reading: 'choice',
        synonyms: {
          CENTRALIZED: ['CENTRALIZADA', 'CENTRALIZADO'],
          DESCENTRALIZED: ['DESCENTRALIZADA', 'DESCENTRALIZADO', 'PARAMUNICIPAL', 'PARAESTATAL'],
        },
      },
    ],
  })),
  contractNumber: define('Número de contrato', () => ({
    shown: 'list',
    column: 'contractNumber',
    kind: 'text',
    rule: optionalText(200),
    required: 'unlessEmpty',
    export: { order: 2, header: 'ID. CONTRATO', kind: 'text', width: 20, pdf: true },
    sheet: [
      {
        code: 'C20',
        header: 'Número que identifique al contrato',
        reading: 'text',
        // Real sheets write NA widely: the contract's identity falls back to its fingerprint.
        placeholderIsNone: true,
      },
    ],
  })),
  contractDate: define('Fecha del contrato', (label) => ({
    shown: 'list',
    column: 'contractDate',
    kind: 'date',
    rule: calendarDate,
    required: 'unlessEmpty',
    description: 'YYYY-MM-DD',
    export: { order: 6, header: 'FECHA DEL CONTRATO', kind: 'date', width: 14, pdf: true },
    sheet: [{ code: 'C21', header: label, reading: 'date' }],
  })),
  contractType: define('Tipo de contrato', (label) => ({
    shown: 'list',
    column: 'contractType',
    kind: 'choice',
    rule: optionalChoice(CONTRACT_TYPES, label),
    values: CONTRACT_TYPES,
    labels: CONTRACT_TYPE_LABELS,
    required: 'unlessEmpty',
    export: { order: 11, header: 'TIPO DE CONTRATO', kind: 'text', width: 14 },
    sheetDerived: 'OPEN when the minimum and the maximum are both present and not zero, else NORMAL',
  })),
  totalAmount: define('Monto total', () => ({
    column: 'totalAmount',
    kind: 'money',
    rule: amount,
    sheet: [{ code: 'C22', header: 'Monto total del contrato con impuestos incluidos', reading: 'amount' }],
  })),
  minAmount: define('Monto mínimo', () => ({
    column: 'minAmount',
    kind: 'money',
    rule: amount,
    sheet: [{ code: 'C23', header: 'Monto mínimo, en su caso', reading: 'amount' }],
  })),
  maxAmount: define('Monto máximo', () => ({
    column: 'maxAmount',
    kind: 'money',
    rule: amount,
    sheet: [{ code: 'C24', header: 'Monto máximo, en su caso', reading: 'amount' }],
  })),
  totalOrMaxAmount: define('Monto total o máximo', () => ({
    shown: 'list',
    column: 'totalOrMaxAmount',
    kind: 'money',
    /** Optional: derived from the contract type; when sent it must agree. */
    rule: amount.optional(),
    form: { derived: 'the total of a NORMAL contract, the maximum of an OPEN one' },
    export: { order: 5, header: 'MONTO TOTAL O MÁXIMO', kind: 'money', width: 18, pdf: true },
    sheet: [
      {
        code: 'C25',
        header: 'Monto total o Monto máximo, en su caso',
        reading: 'amount',
        required: 'unlessEmpty',
      },
    ],
  })),
  contractUrl: define('Hipervínculo al contrato', (label) => ({
    shown: 'list',
    column: 'contractUrl',
    kind: 'url',
    rule: webUrl(label),
    export: { order: 17, header: 'HIPERVÍNCULO AL DOCUMENTO DEL CONTRATO', kind: 'url', width: 30 },
    sheet: [{ code: 'C26', header: 'Hipervínculo al documento del contrato y anexos', reading: 'url' }],
  })),
  areaInCharge: define('Área responsable', (label) => ({
    column: 'areaInCharge',
    kind: 'text',
    rule: requiredText(label, 300),
    required: 'always',
    sheet: [{ code: 'C27', header: 'Área responsable de la información', reading: 'text' }],
  })),
  executingArea: define('Área responsable de la ejecución', () => ({
    column: 'executingArea',
    kind: 'text',
    rule: optionalText(1_000),
    sheetDerived: 'format 28 only: Área(s) responsable de su ejecución (the template has no column for it)',
  })),
  updateDate: define('Fecha de actualización', (label) => ({
    column: 'updateDate',
    kind: 'date',
    rule: calendarDate,
    sheet: [{ code: 'C28', header: label, reading: 'date' }],
  })),
  notes: define('Notas', () => ({
    shown: 'list',
    column: 'notes',
    kind: 'text',
    rule: optionalText(5_000),
    export: { order: 15, header: 'NOTAS', kind: 'text', width: 30 },
    sheet: [{ code: 'C29', header: 'Nota', reading: 'text' }],
  })),
  karewaNotes: define('Notas de la asociación', () => ({
    shown: 'internal',
    column: 'karewaNotes',
    kind: 'text',
    rule: optionalText(5_000),
    sheet: [{ code: 'C30', header: 'Notas Karewa', reading: 'text' }],
  })),
  informationDate: define('Fecha de obtención de la información', () => ({
    shown: 'list',
    column: 'informationDate',
    kind: 'date',
    rule: calendarDate,
    export: { order: 19, header: 'FECHA DE OBTENCIÓN DE LOS DATOS', kind: 'date', width: 14 },
    sheet: [{ code: 'C31', header: 'Fecha de obtención de los datos', reading: 'date' }],
  })),
  limitExceeded: define('Excede el límite de la adjudicación directa', () => ({
    column: 'limitExceeded',
    kind: 'boolean',
    // Direct awards only: other types store none (the rules of withContractRules).
    rule: nullableFlag,
    sheet: [
      {
        code: 'C32',
        header: 'Adjudicaciones Directas que exceden el límite',
        reading: 'choice',
        synonyms: {
          true: ['EXCEDE', 'EXCEDE EL LIMITE', 'SI'],
          false: ['NO EXCEDE', 'NO EXCEDE EL LIMITE', 'NO'],
        },
      },
    ],
  })),
  amountExceeded: define('Monto que excede el límite', () => ({
    column: 'amountExceeded',
    kind: 'money',
    rule: amount.optional(),
    sheet: [
      { code: 'C33', header: 'Monto que excede el límite de la Adjudicación Directa', reading: 'amount' },
    ],
  })),
  isEmpty: define('Sin procedimientos en el periodo', () => ({
    shown: 'list',
    column: 'isEmpty',
    kind: 'boolean',
    rule: emptyFlag,
    notNull: true,
    sheet: [{ code: 'C34', header: 'No se llevaron a cabo procedimientos', reading: 'flag' }],
  })),
} as const;

export type ContractField = keyof typeof CONTRACT_FIELDS;
type Fields = typeof CONTRACT_FIELDS;
export const CONTRACT_FIELD_KEYS = Object.keys(CONTRACT_FIELDS) as ContractField[];

/** Each field's rule, by field (the shape of ContractFieldsSchema). */
export type ContractFieldRules = { [K in ContractField]: Fields[K]['rule'] };
/** The database column each field is stored in. */
export type ContractColumnOf<K extends ContractField> = Fields[K]['column'];
export type ContractColumn = ContractColumnOf<ContractField>;

export const contractFieldRules = (): ContractFieldRules =>
  Object.fromEntries(
    CONTRACT_FIELD_KEYS.map((key) => [key, CONTRACT_FIELDS[key].rule]),
  ) as ContractFieldRules;

/** The fields a row must have unless it is a "no procedures held" row (isEmpty). */
export function requiredUnlessEmpty(where: 'form' | 'sheet'): ContractField[] {
  return CONTRACT_FIELD_KEYS.filter((key) => {
    const spec: FieldSpec = CONTRACT_FIELDS[key];
    if (where === 'form')
      return spec.required === 'unlessEmpty' && !spec.form?.derived && spec.kind !== 'money';
    return CONTRACT_SHEET_COLUMNS.some(
      (column) => column.field === key && sheetRequirement(column) === 'unlessEmpty',
    );
  });
}

/**
 * When a spreadsheet column must hold a value: the column's own requirement (the import's, where
 * it differs from the form's), else its field's. Never the RFC: the supplier's name identifies it.
 */
export function sheetRequirement(column: SheetColumn & { field: ContractField }): Requirement | undefined {
  if (column.part === 'rfc') return undefined;
  const spec: FieldSpec = CONTRACT_FIELDS[column.field];
  return column.required ?? spec.required;
}

/** The spreadsheet's columns C1..C34, in code order, with the field each one fills. */
export const CONTRACT_SHEET_COLUMNS: readonly (SheetColumn & { field: ContractField })[] =
  CONTRACT_FIELD_KEYS.flatMap(
    (field) => (CONTRACT_FIELDS[field] as FieldSpec).sheet?.map((column) => ({ ...column, field })) ?? [],
  ).sort((a, b) => Number(a.code.slice(1)) - Number(b.code.slice(1)));

/** The download's columns from the fields, in their order. */
export const CONTRACT_EXPORT_FIELDS: readonly (ExportSpec & { field: ContractField })[] =
  CONTRACT_FIELD_KEYS.flatMap((field) => {
    const spec = (CONTRACT_FIELDS[field] as FieldSpec).export;
    return spec ? [{ ...spec, field }] : [];
  }).sort((a, b) => a.order - b.order);

/** Fields that name another row of the monitor (supplier, units): stored as its id. */
export type ReferenceField = {
  [K in ContractField]: Fields[K] extends { kind: 'reference' } ? K : never;
}[ContractField];
/** Fields stored as they are, in a column of the same name. */
export type PlainField = Exclude<ContractField, ReferenceField>;

export const isPlainField = (key: ContractField): key is PlainField =>
  (CONTRACT_FIELDS[key] as FieldSpec).kind !== 'reference';

/** The plain ones among some fields. */
export const plainFields = <K extends ContractField>(keys: readonly K[]) =>
  keys.filter(isPlainField) as Extract<K, PlainField>[];
