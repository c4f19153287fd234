import { createHash } from 'node:crypto';
import { riskLevel } from '../../../shared/calculations/display';
import { formulaReferences, parseFormula } from '../../../shared/calculations/formula';
import { linkedCount, VARIABLE_LINKS } from '../../../shared/calculations/links';
import { VARIABLE_BY_ABBREVIATION } from '../../../shared/calculations/variables';
import type { CorruptionIndexData } from '../../../shared/schemas/calculations';
import type { AppDeps, OrganizationRow } from '../../types';
import { filterOptions } from '../contracts/contracts.options';
import { indexFormats, indexVariables, type VariableSet, type VariableValues } from '../figures/figures';
import { type CalculationRow, installationDataVersion, liveCalculations } from './calculations.repository';
import { appliesTo, type CalculationDefinition, type Evaluation, evaluateCalculations } from './index-engine';
import { methodKeysOf } from './method-key';

/**
 * The public corruption-risk index of a monitor for an administration period (public spec,
 * /calculations/corruption-index; index-and-federation.md): the locked calculation with its level,
 * its axes (the calculations it uses) and their indicators (the calculations each axis uses) with
 * the variables behind them, and the other enabled calculations. Kept in the result cache per
 * monitor, period, changes of its calculations and data version (every monitor's, when a GENERAL
 * calculation is involved), so a page view never recomputes unchanged figures.
 */

/** Fewer concluded contracts than this in the period: 'Datos insuficientes' instead of a score. */
export const MINIMUM_CONTRACTS = 30;

export function definitionOf(row: CalculationRow): CalculationDefinition {
  return {
    id: row.id,
    abbreviation: row.abbreviation,
    type: row.type,
    administrationPeriod: row.administrationPeriod,
    hasPercentScale: row.hasPercentScale,
    scale: row.scale,
    filters: row.filters,
    expression: row.formula.expression,
    displayForm: row.displayForm,
  };
}

type Deps = AppDeps;

/** The variables of the XXVIII formats: an indicator using them shows the formats by quarter. */
const FORMAT_VARIABLES = new Set(['$NTF', '$NFXXVII']);

export async function corruptionIndex(
  deps: Deps,
  organization: OrganizationRow,
  requestedPeriod?: string,
): Promise<CorruptionIndexData> {
  return (await corruptionIndexAnswer(deps, organization, requestedPeriod)).data;
}

/**
 * The index as corruptionIndex gives it, with the version of the answer given (an HTTP validator
 * names it, plugins/http-cache.ts): its calculations' changes, its data version (the
 * installation's, 'g', with a GENERAL calculation) and the default period it resolved
 * (`indexVersion` tells the current one from memory); null while its counts are still running.
 */
export async function corruptionIndexAnswer(
  deps: Deps,
  organization: OrganizationRow,
  requestedPeriod?: string,
): Promise<{ data: CorruptionIndexData; version: string | null; current: boolean }> {
  const { db } = deps.database;
  // The calculations as they are now, never a previous list: the index's key names their version.
  const rows = await deps.cache.fresh(() =>
    deps.cache.get({ name: calculationsKey(organization), version: organization.calculationsChanges }, () =>
      liveCalculations(db, organization.id),
    ),
  );
  const periods = await periodsOf(deps, organization);
  const period = requestedPeriod ?? organization.defaultAdministrationPeriod ?? periods[0] ?? null;
  const general = rows.some((row) => row.type === 'GENERAL');
  const dataVersion = general ? await installationDataVersion(db) : organization.dataVersion;
  const key = {
    name: `${organization.id}|corruption-index|${period ?? ''}|m${organization.calculationsChanges}|${general ? 'all' : 'one'}`,
    version: dataVersion,
  };
  const given = ({ value, version }: { value: CorruptionIndexData; version: number }) => ({
    data: value,
    version: indexTag(organization, general, version),
    current: version === dataVersion,
  });
  const full = (scans: Scans) => () => compute(deps, organization, rows, periods, period, dataVersion, scans);
  if (!countsInBackground(deps, rows, period)) return given(await deps.cache.getVersioned(key, full('now')));
  // Counted once, whoever asks, and kept when done. A visitor waits for it at most
  // RESULT_PREVIOUS_AFTER_MS, then gets the previous data's answer, whole (decision 0030)…
  const hadAnswer = deps.cache.stored(key.name) !== undefined;
  const answer = deps.cache.getVersioned(key, full('background'));
  // A download or the side another server keeps (fresh(): the current data's) waits for every count.
  if (hadAnswer || deps.cache.inFreshScope()) return given(await answer);
  // …or, the first time, what needs no count over the contracts, the rest saying it is being calculated.
  answer.catch(() => undefined);
  const waitMs = deps.config.resultPreviousAfterMs ?? 0;
  let timer: NodeJS.Timeout | undefined;
  const first =
    waitMs > 0
      ? await Promise.race([
          answer,
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => resolve(undefined), waitMs);
          }),
        ]).finally(() => clearTimeout(timer))
      : undefined;
  if (first) return given(first);
  return {
    data: await compute(deps, organization, rows, periods, period, dataVersion, 'none'),
    version: null,
    current: false,
  };
}

const calculationsKey = (organization: OrganizationRow) => `${organization.id}|calculations`;

/** The version text of a monitor's index answer (see corruptionIndexAnswer). */
function indexTag(organization: OrganizationRow, general: boolean, dataVersion: number): string {
  const defaultPeriod = createHash('sha256')
    .update(organization.defaultAdministrationPeriod ?? '')
    .digest('base64url')
    .slice(0, 8);
  return `i${organization.calculationsChanges}.${general ? 'g' : ''}${dataVersion}.${defaultPeriod}`;
}

/**
 * The version of a monitor's index answers now, from memory (its calculations as this process
 * keeps them): undefined when it does not hold them, or when a GENERAL calculation makes every
 * monitor's data count (the installation's version is a statement away).
 */
export function indexVersion(deps: Pick<Deps, 'cache'>, organization: OrganizationRow): string | undefined {
  const kept = deps.cache.stored<CalculationRow[]>(calculationsKey(organization));
  if (!kept || kept.version !== organization.calculationsChanges) return undefined;
  if (kept.value.some((row) => row.type === 'GENERAL')) return undefined;
  return indexTag(organization, false, organization.dataVersion);
}

/**
 * Whether this index is counted in the background: on the embedded engine (the database runs in
 * the server's own thread, so a request computing 50 calculations with filters held every other
 * request for 30 s, issue 27) when a calculation of the period filters its variables or uses a red
 * flag's (each one a count over the contracts). Not where every answer must be the current one
 * (RESULT_PREVIOUS_AFTER_MS unset, as in the tests) or without a result cache to keep it in.
 */
function countsInBackground(deps: Deps, rows: readonly CalculationRow[], period: string | null): boolean {
  return (
    deps.database.kind === 'pglite' &&
    deps.config.resultPreviousAfterMs !== null &&
    deps.config.resultCacheEntries > 0 &&
    period !== null &&
    rows.some((row) => (row.filters.length > 0 || usesFlags(row)) && appliesTo(row, period))
  );
}

/** Whether a calculation's formula uses a red flag's variable (counted from the flags, not the kept figures). */
function usesFlags(row: CalculationRow): boolean {
  try {
    return formulaReferences(parseFormula(row.formula.expression)).variables.some(
      (name) => VARIABLE_BY_ABBREVIATION.get(name)?.flag,
    );
  } catch {
    return false;
  }
}

/**
 * The period corruptionIndex shows when asked for `requestedPeriod`: that one, else the monitor's
 * default, else its latest with contracts. Lets a caller ask for other figures of the same period
 * alongside the index (the comparison's side) instead of after it.
 */
export async function indexPeriod(
  deps: Deps,
  organization: OrganizationRow,
  requestedPeriod?: string,
): Promise<string | null> {
  return (
    requestedPeriod ??
    organization.defaultAdministrationPeriod ??
    (await periodsOf(deps, organization))[0] ??
    null
  );
}

/** The periods the contracts page offers (cached by the options themselves), newest first. */
async function periodsOf(deps: Deps, organization: OrganizationRow): Promise<string[]> {
  return (await filterOptions(deps, organization, 'administration-periods', {}))
    .map((option) => String(option._id))
    .reverse();
}

/**
 * The variables of a contract set through the figures engine, under the right data version, each
 * set asked once per computation (the page's own count of concluded contracts and the formulas
 * without filters ask the same set: one read, whether the result cache is on or not).
 */
function variablesFor(
  deps: Deps,
  organization: OrganizationRow,
  installationVersion: number,
  scans: Scans = 'now',
): (set: VariableSet) => Promise<VariableValues | null> {
  const asked = new Map<string, Promise<VariableValues>>();
  let turn: Promise<unknown> = Promise.resolve();
  return async (set: VariableSet) => {
    // The sets with filters and the red flags' are counted from the contracts (scans).
    const scanned = set.filters.length > 0 || set.flags === true;
    // Without scans, those are not counted (the background counts them).
    if (scans === 'none' && scanned) return null;
    const key = JSON.stringify([
      set.organizationId,
      set.administrationPeriod,
      set.filters,
      set.flags ?? false,
    ]);
    let values = asked.get(key);
    if (!values) {
      const ask = () =>
        indexVariables(
          deps,
          set,
          set.organizationId === null ? installationVersion : organization.dataVersion,
        );
      if (scans === 'background' && scanned) {
        // One count at a time, each after a turn of the event loop: the embedded database runs
        // in this thread, and counts chained back to back would hold every answer until the last.
        values = turn.then(() => new Promise((resolve) => setImmediate(resolve))).then(ask);
        turn = values.catch(() => undefined);
      } else values = ask();
      asked.set(key, values);
    }
    return values;
  };
}

/** How a computation counts the variable sets with filters: now, in the background's turns, or not yet. */
type Scans = 'now' | 'background' | 'none';

/**
 * A calculation as the form has it, evaluated with the monitor's others for a period (the
 * period asked, else the monitor's default, else its latest): the admin form's preview and
 * POST /api/calculations/formula/validate. `replaces` is the saved calculation it edits.
 */
export async function evaluateCandidate(
  deps: Deps,
  organization: OrganizationRow,
  candidate: Omit<CalculationDefinition, 'id'>,
  options: {
    replaces?: string;
    administrationPeriod?: string | null;
    /** The monitor's live calculations, when the caller has read them already. */
    calculations?: readonly CalculationRow[];
  },
): Promise<{ value: number | null; message?: string; administrationPeriod: string | null }> {
  const { db } = deps.database;
  const period =
    options.administrationPeriod ??
    candidate.administrationPeriod ??
    organization.defaultAdministrationPeriod ??
    (await periodsOf(deps, organization))[0] ??
    null;
  if (!period)
    return {
      value: null,
      message: 'La organización no tiene contratos para evaluar la fórmula.',
      administrationPeriod: null,
    };
  const others = (options.calculations ?? (await liveCalculations(db, organization.id)))
    .filter((row) => row.id !== options.replaces && row.abbreviation !== candidate.abbreviation)
    .map(definitionOf);
  const general = candidate.type === 'GENERAL' || others.some((row) => row.type === 'GENERAL');
  const version = general ? await installationDataVersion(db) : organization.dataVersion;
  const results = await evaluateCalculations(
    [...others, { ...candidate, id: options.replaces ?? 'candidate' }],
    {
      organizationId: organization.id,
      administrationPeriod: period,
      variables: variablesFor(deps, organization, version),
    },
  );
  const result = results.get(candidate.abbreviation);
  return {
    value: result?.value ?? null,
    ...(result?.message ? { message: result.message } : {}),
    administrationPeriod: period,
  };
}

async function compute(
  deps: Deps,
  organization: OrganizationRow,
  rows: CalculationRow[],
  periods: string[],
  period: string | null,
  installationVersion: number,
  scans: Scans = 'now',
): Promise<CorruptionIndexData> {
  const variablesOf = variablesFor(deps, organization, installationVersion, scans);
  const base =
    (period
      ? await variablesOf({ organizationId: organization.id, administrationPeriod: period, filters: [] })
      : null) ?? {};
  const concluded = Number(base.$NTC ?? 0);
  const results = period
    ? await evaluateCalculations(rows.map(definitionOf), {
        organizationId: organization.id,
        administrationPeriod: period,
        variables: variablesOf,
      })
    : new Map<string, Evaluation>();
  const byAbbreviation = new Map(rows.map((row) => [row.abbreviation, row]));
  // The stable key of each method (its references, filters and scales included): pairs calculations across monitors.
  const keys = await methodKeysOf(deps.database.db, organization.id, rows);
  const item = (row: CalculationRow) => {
    const evaluation = results.get(row.abbreviation);
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      abbreviation: row.abbreviation,
      expression: row.formula.expression,
      displayForm: row.displayForm,
      result: evaluation?.value ?? null,
      ...(evaluation?.message ? { message: evaluation.message } : {}),
      hash: keys.get(row.abbreviation) ?? '',
      version: row.version,
    };
  };
  const children = (row: CalculationRow) =>
    (results.get(row.abbreviation)?.calculations ?? [])
      .map((abbreviation) => byAbbreviation.get(abbreviation))
      .filter((child): child is CalculationRow => Boolean(child));
  const variables = (row: CalculationRow) =>
    Object.entries(results.get(row.abbreviation)?.variables ?? {}).flatMap(([abbreviation, value]) => {
      const known = VARIABLE_BY_ABBREVIATION.get(abbreviation);
      return known
        ? [{ abbreviation, name: known.name, description: known.description, unit: known.unit, value }]
        : [];
    });

  // The lists behind an indicator's variables, with the counts they show (the period's variables,
  // the red flags' among them when an indicator with links uses one: the set the formulas asked).
  const linked = rows.filter((row) => row.filters.length === 0 && appliesTo(row, period));
  const counts = {
    ...base,
    ...(period && linked.some(usesFlags)
      ? await variablesOf({
          organizationId: organization.id,
          administrationPeriod: period,
          filters: [],
          flags: true,
        })
      : null),
  };
  const links = (row: CalculationRow) =>
    row.filters.length > 0 || !period
      ? []
      : [
          // One link per list and filters: the supplier variables all open the same ranking.
          ...new Map(
            Object.keys(results.get(row.abbreviation)?.variables ?? {}).flatMap((abbreviation) => {
              const link = VARIABLE_LINKS[abbreviation];
              if (!link) return [];
              const filters = { administrationPeriods: [period], ...link.filters };
              return [
                [
                  `${link.list}|${JSON.stringify(filters)}`,
                  {
                    abbreviation,
                    list: link.list,
                    text: link.text,
                    filters,
                    count: linkedCount(abbreviation, counts),
                  },
                ] as const,
              ];
            }),
          ).values(),
        ];
  const countsFormats = (row: CalculationRow) =>
    row.filters.length === 0 &&
    Object.keys(results.get(row.abbreviation)?.variables ?? {}).some((name) => FORMAT_VARIABLES.has(name));
  const formats =
    period && rows.some(countsFormats)
      ? await indexFormats(deps, organization.id, period, organization.dataVersion)
      : [];

  const locked = rows.find((row) => row.locked);
  const insufficientData = concluded < MINIMUM_CONTRACTS;
  let corruptionIndex: CorruptionIndexData['corruptionIndex'] = null;
  if (locked && period) {
    const index = item(locked);
    const result = insufficientData ? null : index.result;
    const level = result === null ? null : riskLevel(Math.max(0, Math.min(100, result)));
    corruptionIndex = {
      ...index,
      result,
      administrationPeriod: period,
      level: level?.level ?? null,
      probability: level?.probability ?? null,
    };
  }
  return {
    corruptionIndex,
    axes: locked
      ? children(locked).map((axis) => ({
          ...item(axis),
          indicators: children(axis).map((indicator) => ({
            ...item(indicator),
            variables: variables(indicator),
            links: links(indicator),
            ...(countsFormats(indicator) ? { formats } : {}),
          })),
        }))
      : [],
    calculationsInfo: rows.filter((row) => row.enabled && !row.locked && appliesTo(row, period)).map(item),
    administrationPeriod: period,
    administrationPeriods: [...new Set([...(period ? [period] : []), ...periods])].sort().reverse(),
    insufficientData,
    concludedContracts: concluded,
    minimumContracts: MINIMUM_CONTRACTS,
    methodVersion: organization.calculationsVersion,
  };
}
