import { z } from 'zod';
import { DISPLAY_FORMS } from '../constants/enums';
import { IdSchema } from './common';
import { DownloadQuerySchema } from './filters';

/** The public corruption-risk index (GET /public-api/comparations/corruption-index). */

export const AdministrationPeriodSchema = z
  .string()
  .regex(
    /^[12][0-9]{3}-[12][0-9]{3}$/,
    'El campo Administración no cumple con el formato esperado. Ejemplo: 2017-2019',
  );

export const CorruptionIndexQuerySchema = z.object({
  /** The monitor (the original's parameter); the organization header when absent. */
  id: IdSchema.optional(),
  administrationPeriod: AdministrationPeriodSchema.optional(),
});

/** The index page's download: the monitor and the period as the page's, and the page's download signal. */
export const CorruptionIndexDownloadQuerySchema = DownloadQuerySchema.pick({
  organization: true,
  signal: true,
}).extend({ administrationPeriod: AdministrationPeriodSchema.optional() });

const Result = z.number().nullable();

const VariableItem = z.object({
  abbreviation: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.enum(['AMOUNT', 'COUNT']),
  value: Result,
});

const CalculationItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  abbreviation: z.string(),
  expression: z.string(),
  displayForm: z.enum(DISPLAY_FORMS),
  result: Result,
  /** Why there is no result, when it is not missing data. */
  message: z.string().optional(),
  /** Stable key (formula and scale): pairs calculations across monitors. */
  hash: z.string(),
  version: z.number().int(),
});

/** Where a reader checks a variable: the contracts list or supplier ranking filtered to it (shared/calculations/links). */
const LinkItem = z.object({
  abbreviation: z.string(),
  list: z.enum(['contracts', 'suppliers']),
  text: z.string(),
  /** The list's filters, the period included (PublicFilters). */
  filters: z.record(z.string(), z.unknown()),
  /** How many the list shows; null when it cannot be said. */
  count: z.number().nullable(),
});

const FormatQuarterItem = z.object({
  period: z.string(),
  formats: z.number().int(),
  onTime: z.number().int(),
  deadline: z.string().nullable(),
});

export const IndicatorSchema = CalculationItem.extend({
  variables: z.array(VariableItem),
  /** Links to the lists behind the variables (none for a calculation with filters of its own). */
  links: z.array(LinkItem),
  /** The XXVIII formats by quarter, for an indicator that counts them. */
  formats: z.array(FormatQuarterItem).optional(),
});
export const AxisSchema = CalculationItem.extend({ indicators: z.array(IndicatorSchema) });

export const CorruptionIndexSchema = CalculationItem.extend({
  administrationPeriod: z.string(),
  /** 'ALTO' | 'MEDIO' | 'BAJO', null without a result. */
  level: z.enum(['ALTO', 'MEDIO', 'BAJO']).nullable(),
  probability: z.enum(['ALTA', 'MEDIA', 'BAJA']).nullable(),
});

export const CorruptionIndexDataSchema = z.object({
  corruptionIndex: CorruptionIndexSchema.nullable(),
  calculationsInfo: z.array(CalculationItem),
  axes: z.array(AxisSchema),
  administrationPeriod: z.string().nullable(),
  administrationPeriods: z.array(z.string()),
  /** Fewer concluded contracts than the minimum sample: the page says 'Datos insuficientes'. */
  insufficientData: z.boolean(),
  concludedContracts: z.number().int(),
  minimumContracts: z.number().int(),
  /** The method's version: every change to the monitor's calculations adds one. */
  methodVersion: z.number().int(),
});
export type CorruptionIndexData = z.infer<typeof CorruptionIndexDataSchema>;

export const CorruptionIndexResponseSchema = z.object({
  error: z.literal(false),
  message: z.string(),
  data: CorruptionIndexDataSchema,
  lastUpdate: z.string().optional(),
});
