import {
  RED_FLAG_MESSAGES,
  type RedFlagCode,
  type RedFlagParameters,
} from '../../../../shared/red-flags/definitions';
import { RedFlagParametersSchema } from '../../../../shared/red-flags/parameters-schema';

/** A number field as Mantine's NumberInput hands it over: a number, or the text while it is empty. */
type NumberValue = number | string;

/** One row of the direct-award limits: a fiscal year and its amount in MXN. */
export interface LimitRow {
  year: string;
  amount: NumberValue;
}

/** The parameters as the form edits them: the limits as rows, the concentration share as a percentage. */
export interface ParametersDraft {
  limits: LimitRow[];
  chainWindowDays: NumberValue;
  concentrationPercent: NumberValue;
  concentrationMinContracts: NumberValue;
  outlierFactor: NumberValue;
  outlierMinContracts: NumberValue;
  enabled: Record<RedFlagCode, boolean>;
}

/** Errors by field: a parameter's key, or 'limits.<row>.year' / 'limits.<row>.amount' for the limits. */
export type DraftErrors = Record<string, string>;

const toNumber = (value: NumberValue) => (typeof value === 'number' ? value : Number.NaN);
/** 0.4 → 40 and back, without the binary fractions (0.07 × 100 = 7.000000000000001). */
const toPercent = (share: number) => Math.round(share * 10_000) / 100;
const toShare = (percent: number) => Math.round(percent * 100) / 10_000;

export function toDraft(parameters: RedFlagParameters): ParametersDraft {
  return {
    limits: Object.entries(parameters.directAwardLimits)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([year, amount]) => ({ year, amount })),
    chainWindowDays: parameters.chainWindowDays,
    concentrationPercent: toPercent(parameters.concentrationShare),
    concentrationMinContracts: parameters.concentrationMinContracts,
    outlierFactor: parameters.outlierFactor,
    outlierMinContracts: parameters.outlierMinContracts,
    enabled: { ...parameters.enabled },
  };
}

function toParameters(draft: ParametersDraft): RedFlagParameters {
  return {
    directAwardLimits: Object.fromEntries(draft.limits.map((row) => [row.year.trim(), toNumber(row.amount)])),
    chainWindowDays: toNumber(draft.chainWindowDays),
    concentrationShare: toShare(toNumber(draft.concentrationPercent)),
    concentrationMinContracts: toNumber(draft.concentrationMinContracts),
    outlierFactor: toNumber(draft.outlierFactor),
    outlierMinContracts: toNumber(draft.outlierMinContracts),
    enabled: { ...draft.enabled },
  };
}

const FIELD_OF: Record<string, string> = { concentrationShare: 'concentrationPercent' };

/**
 * Where an issue of the shared schema (or the server's, 'body.directAwardLimits.2024') goes in
 * the form: a limit's problem to its row, by the year it names; the rest to their field.
 */
export function fieldOf(path: readonly (string | number)[], draft: ParametersDraft, code?: string): string {
  const [head, key] = path.map(String).filter((part, at) => !(at === 0 && part === 'body'));
  if (head === 'directAwardLimits' && key !== undefined) {
    const row = draft.limits.findIndex((limit) => limit.year.trim() === key);
    if (row >= 0) return `limits.${row}.${code === 'invalid_key' ? 'year' : 'amount'}`;
  }
  return FIELD_OF[head ?? ''] ?? head ?? 'parameters';
}

/**
 * The form's values checked with the shared schema (the server's messages, next to each field),
 * or the body to send. A year written twice is the form's own problem: a record cannot hold it.
 */
export function checkDraft(
  draft: ParametersDraft,
): { ok: true; parameters: RedFlagParameters } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const seen = new Set<string>();
  draft.limits.forEach((row, index) => {
    const year = row.year.trim();
    if (!/^\d{4}$/.test(year)) errors[`limits.${index}.year`] = RED_FLAG_MESSAGES.fiscalYear;
    else if (seen.has(year))
      errors[`limits.${index}.year`] = `El ejercicio fiscal ${year} ya tiene un límite.`;
    seen.add(year);
  });
  const parsed = RedFlagParametersSchema.safeParse(toParameters(draft));
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, parameters: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    errors[fieldOf(issue.path as (string | number)[], draft, issue.code)] ??= issue.message;
  }
  return { ok: false, errors };
}
