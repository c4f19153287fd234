import { z } from 'zod';
import { DOWNLOAD_SIGNAL_PATTERN } from '../constants/downloads';
import {
  CONTRACT_CATEGORIES,
  CONTRACT_DOCUMENTS,
  PROCEDURE_STATES,
  PROCEDURE_TYPES,
  type ProcedureType,
} from '../constants/enums';
import { PATTERNS } from '../constants/limits';
import { ANY_RED_FLAG, RED_FLAG_CODES } from '../red-flags/definitions';
import { SearchTextSchema } from './common';

/** At most this many values per filter: a visitor picks a few, not thousands. */
const MAX_VALUES = 50;

const uuid = z.uuid({ message: 'El identificador no es válido.' });

/**
 * A filter value may come plain ('2021-2024') or as the original client sends it
 * ({ administrationPeriod: '2021-2024' }); either way the value's own rule and message apply.
 */
function values<T extends z.ZodType>(item: T, key: string) {
  const unwrap = (value: unknown) =>
    value !== null && typeof value === 'object' && key in value
      ? (value as Record<string, unknown>)[key]
      : value;
  return z
    .array(z.preprocess(unwrap, item), { message: 'El filtro debe ser una lista.' })
    .max(MAX_VALUES, `Un filtro admite como máximo ${MAX_VALUES} valores.`)
    .default([]);
}

const administrationPeriod = z
  .string()
  .regex(PATTERNS.administrationPeriod, 'La administración debe tener el formato 2021-2024.');
const fiscalYear = z
  .union([z.string(), z.number().int()])
  .transform(String)
  .pipe(z.string().regex(PATTERNS.fiscalYear, 'El ejercicio debe ser un año de cuatro cifras, como 2022.'));
const quarter = z.string().regex(PATTERNS.quarter, 'El trimestre debe tener el formato 1o 2022.');
const procedureType = z.enum(PROCEDURE_TYPES, { message: 'El tipo de procedimiento no es válido.' });
const procedureState = z.enum(PROCEDURE_STATES, { message: 'El estado del procedimiento no es válido.' });
const category = z.enum(CONTRACT_CATEGORIES, { message: 'La materia no es válida.' });
const document = z.enum(CONTRACT_DOCUMENTS, { message: 'El documento no es válido.' });
const flag = (label: string) =>
  z.boolean({ message: `El filtro «${label}» debe ser verdadero o falso.` }).optional();

/**
 * The public filters of the contracts, suppliers and charts (spec: public area, filters). Each
 * non-empty filter narrows the result; values of one filter are alternatives.
 */
const PublicFiltersObject = z
  .object({
    administrationPeriods: values(administrationPeriod, 'administrationPeriod'),
    fiscalYears: values(fiscalYear, 'fiscalYear'),
    trimonths: values(quarter, 'period'),
    procedureTypes: values(procedureType, '_id'),
    administrativeUnits: values(uuid, '_id'),
    suppliers: values(uuid, '_id'),
    search: SearchTextSchema.optional(),
    countedOnly: z
      .boolean({ message: 'El filtro «Solo los que cuentan en los totales» debe ser verdadero o falso.' })
      .optional()
      .describe('Only the contracts that count in the totals (concluded, not amendments; decision 0004)'),
    /** The filters the index's indicators link with (issue 13): the exact contracts behind a count. */
    procedureStates: values(procedureState, '_id'),
    categories: values(category, '_id'),
    /** Contracts without a link to each of these documents. */
    withoutDocuments: values(document, '_id'),
    limitExceeded: flag('Exceden el monto máximo').describe(
      'Only the contracts marked as exceeding the approved maximum amount',
    ),
    withoutFolio: flag('Sin número de folio').describe('Only the contracts without a folio (process id)'),
    /** Contracts with any of these red flags ('ANY': with any flag), issue 32. */
    redFlags: z
      .array(z.enum([...RED_FLAG_CODES, ANY_RED_FLAG], { message: 'La señal de alerta no es válida.' }), {
        message: 'El filtro debe ser una lista.',
      })
      .max(RED_FLAG_CODES.length + 1, 'El filtro de señales de alerta tiene demasiados valores.')
      .optional()
      .describe(
        "Only the contracts with any of these red flags; 'ANY' for a contract with any flag (also accepted as `flags`)",
      ),
  })
  .strip();

/**
 * `flags` is accepted for `redFlags` (the name the red flags' issue gives the filter): an unknown
 * filter would be dropped silently and list every contract, which reads as an answer.
 */
function acceptFlagsAlias(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('flags' in value))
    return value;
  const { flags, ...rest } = value as { flags: unknown; redFlags?: unknown };
  if (rest.redFlags === undefined) return { ...rest, redFlags: flags };
  return Array.isArray(rest.redFlags) && Array.isArray(flags)
    ? { ...rest, redFlags: [...new Set([...rest.redFlags, ...flags])] }
    : rest;
}

export const PublicFiltersSchema = z.preprocess(acceptFlagsAlias, PublicFiltersObject);
/** The filters without the supplier (a supplier's own page). */
export const SupplierPageFiltersSchema = z.preprocess(
  acceptFlagsAlias,
  PublicFiltersObject.omit({ suppliers: true }),
);
export type PublicFiltersInput = z.input<typeof PublicFiltersObject>;
export type PublicFilters = z.output<typeof PublicFiltersSchema>;

export const EMPTY_FILTERS: PublicFilters = {
  administrationPeriods: [],
  fiscalYears: [],
  trimonths: [],
  procedureTypes: [] as ProcedureType[],
  administrativeUnits: [],
  suppliers: [],
  procedureStates: [],
  categories: [],
  withoutDocuments: [],
};

/** Body of the POST list calls: `{ filters }` (the original client also sends `query`, ignored). */
export const FilteredListBodySchema = z
  .object({ filters: PublicFiltersSchema.default(EMPTY_FILTERS) })
  .default({
    filters: EMPTY_FILTERS,
  });

/**
 * The public filters as JSON in a GET's `?filters=` (downloads, and the cacheable GET forms of the
 * POST lists and charts); none means no filter.
 */
export const FiltersJsonSchema = z
  .string()
  .max(20_000, 'Los filtros exceden el tamaño permitido.')
  .optional()
  .transform((text, context) => {
    if (!text) return EMPTY_FILTERS;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Los filtros no son un JSON válido.' });
      return z.NEVER;
    }
  })
  .pipe(PublicFiltersSchema);

/** `?filters=` alone (a chart's GET form). */
export const FiltersQuerySchema = z.object({ filters: FiltersJsonSchema });

/**
 * Downloads are GET requests carrying the filters as JSON in `?filters=`, and the monitor in the
 * header or, for a plain link, in `?organization=`.
 */
export const DownloadQuerySchema = z.object({
  organization: z.uuid({ message: 'La organización seleccionada no existe.' }).optional(),
  /** Set by the download menu: the answer sets a cookie named after it (constants/downloads). */
  signal: z.string().regex(DOWNLOAD_SIGNAL_PATTERN, 'La señal de descarga no es válida.').optional(),
  filters: FiltersJsonSchema,
});

export const DOWNLOAD_FORMATS = ['pdf', 'xls', 'json'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DownloadFormatSchema = z.enum(DOWNLOAD_FORMATS, {
  message: 'El formato de descarga debe ser pdf, xls o json.',
});
