import { z } from 'zod';
import { DATA_LOAD_ROW_STATUSES, DATA_LOAD_STATUSES } from '../constants/enums';
import { CONTRACT_SHEET_COLUMNS } from '../contracts/fields';
import type { ContractRelations } from '../contracts/relations';
import { PageQuerySchema, PaginationSchema, SearchTextSchema } from './common';

/** The review's name of each sheet column (the spec's data-load row fields), by code. */
export const ROW_FIELD_OF: ReadonlyMap<string, string> = new Map(
  CONTRACT_SHEET_COLUMNS.map((column) => {
    if (column.field === 'supplier')
      return [column.code, column.part === 'rfc' ? 'supplierRfc' : 'supplierName'];
    if (column.field === 'administrationPeriod') return [column.code, 'administration'];
    if (column.field === 'updateDate') return [column.code, 'actualizationDate'];
    return [column.code, column.field];
  }),
);

/** The spreadsheet load's messages (admin spec, sections 5 and 8; data-load-rules.md). */
export const DATA_LOAD_MESSAGES = {
  noFile: 'Por favor selecciona un archivo para la carga de datos',
  notSpreadsheet: 'Por favor selecciona un archivo de hoja de cálculos para la carga de datos (.xls o .xlsx)',
  tooLarge: 'El archivo es demasiado grande: el límite es de 25 MB. Divídelo en varios archivos.',
  tooManyFiles: 'Puedes cargar hasta 20 archivos a la vez (25 MB en total).',
  inProgress:
    'Ya existe una carga de datos en progreso. Por favor continúa o cancela esa carga antes de cargar otro archivo.',
  notAvailable:
    'La carga de datos no se encuentra disponible. Por favor recarga la página para actualizar la información.',
  stillReading: 'El archivo aún se está procesando. Espera a que termine para confirmar los registros.',
  errorsNeedChoice:
    'Hay errores en uno o más registros. Para cargar solo los registros sin errores elige «Ignorar errores y continuar».',
  errorsBanner:
    'Hay errores en uno o más registros. Por favor, descarga el archivo con validaciones y realiza las correcciones necesarias.',
  uploaded: 'El archivo se recibió. Estamos leyendo los registros.',
  cancelled: 'La carga de datos se canceló.',
  confirmed: 'Los registros se cargaron correctamente.',
  rowHasErrors: 'Uno o más valores tienen errores',
  rowSkipped: 'El registro se omitirá al detectarse un duplicado.',
  rowCreates: 'Se creará al menos un registro',
  administrationPeriodFormat:
    'La administración debe tener el formato AAAA-AAAA, del primer al último año (por ejemplo 2021-2024).',
} as const;

/** The upload's optional administration period (a format-28 workbook has none): YYYY-YYYY, from a year to a later one. */
export const AdministrationPeriodFieldSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || (/^\d{4}-\d{4}$/.test(value) && value.slice(0, 4) <= value.slice(5)));

export const DataLoadSummarySchema = z.object({
  newContractsCount: z.number().int(),
  newSuppliersCount: z.number().int(),
  newAdministrativeUnitsCount: z.number().int(),
  skippedContractsCount: z.number().int(),
  skippedSuppliersCount: z.number().int(),
  skippedAdministrativeUnitsCount: z.number().int(),
  errorsCount: z.number().int(),
  /** Rows that are not contracts (format 28: no supplier and no contract), listed apart. */
  notContractsCount: z.number().int().default(0),
});

export type DataLoadSummary = z.infer<typeof DataLoadSummarySchema>;

/** One cell of an uploaded row as the load keeps it; no messages are stored as absent (rows stay small). */
export interface DataLoadField {
  value: unknown;
  errors?: string[];
  infos?: string[];
  shouldCreateDoc?: boolean;
}

/**
 * A row ready to be written: the contract's checked values (supplier and units left empty) and
 * the supplier and units by name, looked up again in the monitor when the load is confirmed.
 */
export interface StagedContract {
  values: Record<string, unknown>;
  supplier: { name: string; rfc: string | null } | null;
  organizerUnit: string;
  applicantUnit: string;
  fingerprint: string | null;
  /** The sheet's kind, when its rules are not the template's (a format-28 workbook). */
  format?: 'FORMAT_28';
  /** What the workbook's sub-tables say of the contract (format 28). */
  related?: ContractRelations;
}

/**
 * What a format-28 row keeps beside the template's cells, with or without errors: its sub-tables,
 * its executing area and the contract type its amounts gave (the validations download carries it).
 */
export interface StagedExtra {
  format: 'FORMAT_28';
  related: ContractRelations;
  executingArea: string | null;
  contractType: 'NORMAL' | 'OPEN' | null;
}

/** The load being read or waiting for review. */
export const CurrentLoadSchema = z.object({
  _id: z.string(),
  status: z.enum(DATA_LOAD_STATUSES),
  fileName: z.string(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Rows read so far and the sheet's rows (null while unknown). */
  rowsProcessed: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  summary: DataLoadSummarySchema.nullable(),
  /** What the load says about the whole file (columns it ignored, say). */
  messages: z.array(z.string()),
});

export const DataLoadInfoSchema = z.object({
  current: CurrentLoadSchema.nullable(),
  recent: z.object({ recentConfirmedAt: z.string(), recentUploadedBy: z.string().nullable() }).nullable(),
  /** The latest load could not be read: its file and why (shown once after an upload). */
  failed: z
    .object({ _id: z.string(), fileName: z.string(), message: z.string(), createdAt: z.string() })
    .nullable(),
});
export type DataLoadInfo = z.infer<typeof DataLoadInfoSchema>;

export const DataLoadFieldSchema = z.object({
  value: z.string().nullable(),
  errors: z.array(z.string()),
  infos: z.array(z.string()),
  shouldCreateDoc: z.boolean(),
});

export const DataLoadRowSchema = z.object({
  rowIndex: z.number().int(),
  /** The file the row came from, when the upload had several (else null). */
  fileName: z.string().nullable(),
  data: z.record(z.string(), DataLoadFieldSchema),
  hasErrors: z.boolean(),
  hasInfos: z.boolean(),
  skipRow: z.boolean(),
  willCreateDoc: z.boolean(),
  status: z.enum(DATA_LOAD_ROW_STATUSES),
  /** Why the row is not a contract (status NOT_CONTRACT), else null. */
  reason: z.string().nullable(),
});
export type DataLoadRowDoc = z.infer<typeof DataLoadRowSchema>;

export const DataLoadRowsSchema = PaginationSchema.extend({ docs: z.array(DataLoadRowSchema) });

const flag = z
  .enum(['true', 'false'], { message: 'El filtro debe ser true o false.' })
  .default('true')
  .transform((value) => value === 'true');

export const DataLoadRowsQuerySchema = PageQuerySchema.extend({
  search: SearchTextSchema.optional(),
  showNoIssues: flag,
  showSkipped: flag,
  showErrors: flag,
  /** The rows that are not contracts (format 28), listed apart: only when asked. */
  showNotContracts: z
    .enum(['true', 'false'], { message: 'El filtro debe ser true o false.' })
    .default('false')
    .transform((value) => value === 'true'),
});

export const ConfirmLoadBodySchema = z
  .object({
    /** The explicit choice to load the rows without errors when some rows have errors. */
    ignoreErrors: z.boolean().default(false),
  })
  .default({ ignoreErrors: false });
