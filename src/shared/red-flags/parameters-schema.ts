import { z } from 'zod';
import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_CODES,
  RED_FLAG_MESSAGES,
  RED_FLAG_PARAMETER_BOUNDS,
  type RedFlagCode,
  type RedFlagParameters,
} from './definitions';

/*
 * A monitor's red-flag parameters as zod reads them (the settings API, the admin form, the
 * /red-flags page), apart from definitions.ts so that the code that only needs the flags' codes
 * and texts (the public filters in the app's first chunk, the contract page) does not load zod.
 */

const bounds = RED_FLAG_PARAMETER_BOUNDS;
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const FiscalYearKey = z
  .string()
  .regex(/^\d{4}$/)
  .refine((year) => Number(year) >= bounds.fiscalYear.min && Number(year) <= bounds.fiscalYear.max);

const DirectAwardLimit = z
  .number({ message: RED_FLAG_MESSAGES.directAwardLimit })
  .min(bounds.directAwardLimit.min, RED_FLAG_MESSAGES.directAwardLimit)
  .max(bounds.directAwardLimit.max, RED_FLAG_MESSAGES.directAwardLimitMax)
  .refine(hasCents, RED_FLAG_MESSAGES.directAwardLimit);

const bounded = (range: { min: number; max: number }, message: string, integer = false) => {
  const number = z.number({ message }).min(range.min, message).max(range.max, message);
  return integer ? number.int(message) : number;
};

const EnabledSchema = z.object(
  Object.fromEntries(
    RED_FLAG_CODES.map((code) => [code, z.boolean({ message: RED_FLAG_MESSAGES.enabled }).default(true)]),
  ) as Record<RedFlagCode, z.ZodDefault<z.ZodBoolean>>,
  { message: RED_FLAG_MESSAGES.parameters },
);

/**
 * A monitor's parameters, as the admin form sends them and as they are stored. Every field has its
 * default, so a stored value written before a flag existed still reads (the new flag on, with the
 * reference's defaults); unknown keys (a flag since removed) are dropped.
 */
export const RedFlagParametersSchema = z.object(
  {
    directAwardLimits: z
      .record(FiscalYearKey, DirectAwardLimit, {
        error: (issue) =>
          issue.code === 'invalid_key' ? RED_FLAG_MESSAGES.fiscalYear : RED_FLAG_MESSAGES.parameters,
      })
      .default(() => ({})),
    chainWindowDays: bounded(bounds.chainWindowDays, RED_FLAG_MESSAGES.chainWindowDays, true).default(
      DEFAULT_RED_FLAG_PARAMETERS.chainWindowDays,
    ),
    concentrationShare: bounded(bounds.concentrationShare, RED_FLAG_MESSAGES.concentrationShare).default(
      DEFAULT_RED_FLAG_PARAMETERS.concentrationShare,
    ),
    concentrationMinContracts: bounded(bounds.minContracts, RED_FLAG_MESSAGES.minContracts, true).default(
      DEFAULT_RED_FLAG_PARAMETERS.concentrationMinContracts,
    ),
    outlierFactor: bounded(bounds.outlierFactor, RED_FLAG_MESSAGES.outlierFactor).default(
      DEFAULT_RED_FLAG_PARAMETERS.outlierFactor,
    ),
    outlierMinContracts: bounded(bounds.minContracts, RED_FLAG_MESSAGES.minContracts, true).default(
      DEFAULT_RED_FLAG_PARAMETERS.outlierMinContracts,
    ),
    enabled: EnabledSchema.default(() => ({ ...DEFAULT_RED_FLAG_PARAMETERS.enabled })),
  },
  { message: RED_FLAG_MESSAGES.parameters },
) satisfies z.ZodType<RedFlagParameters>;
export type RedFlagParametersInput = z.input<typeof RedFlagParametersSchema>;
