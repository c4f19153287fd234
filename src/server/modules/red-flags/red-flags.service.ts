import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_CATEGORY_NAMES,
  RED_FLAG_CODES,
  RED_FLAGS,
  type RedFlagCode,
  type RedFlagParameters,
} from '../../../shared/red-flags/definitions';
import { RedFlagParametersSchema } from '../../../shared/red-flags/parameters-schema';
import {
  type ContractFacts,
  flagSentence,
  interpolate,
  unevaluatedFlags,
} from '../../../shared/red-flags/sentences';
import type { ContractFlag, RedFlagsOverview, UnevaluatedFlag } from '../../../shared/schemas/red-flags';
import type { Database } from '../../db/client';
import { LOCKS } from '../../db/migrate';
import type { AppDeps } from '../../types';
import { matchAlertsLater } from '../alerts/alerts-jobs';
import type { FlagRegistration } from '../contracts/contracts.write';
import { holidaysBetween } from './calendar';
import {
  applyFlagChanges,
  bumpDataVersion,
  chainMembers,
  computeFlagChanges,
  type FlagInputs,
  finishFlagChanges,
  flagCodesOf,
  flagCounts,
  flagCubeIsCurrent,
  flagsOfContract,
  loadedLists,
  lockMonitorFlags,
  noteFlagWrites,
  ROW_FLAGS,
  readOneSnapshot,
  rebuildFlagCube,
  replaceFlags,
  saveSettings,
  storedSettings,
  supplierFlagCounts,
  tidyFlagTables,
} from './red-flags.repository';

/**
 * The red flags (issue 32, decision 0052): a monitor's settings, the flags a write decides in its
 * own transaction, and the whole monitor's recomputation the refresh job runs. Flags are never
 * computed in a visitor's request: the pages read what these keep.
 */

export type RedFlagsDeps = Pick<AppDeps, 'database' | 'jobs' | 'now'>;

/** A monitor's parameters (the defaults until an administrator sets them) and the method's version. */
export interface RedFlagSettings {
  parameters: RedFlagParameters;
  methodVersion: number;
}

export async function settingsOf(db: Database, organizationId: string): Promise<RedFlagSettings> {
  const stored = await storedSettings(db, organizationId);
  if (!stored) return { parameters: structuredClone(DEFAULT_RED_FLAG_PARAMETERS), methodVersion: 1 };
  const parsed = RedFlagParametersSchema.safeParse(stored.parameters);
  return {
    parameters: parsed.success ? parsed.data : structuredClone(DEFAULT_RED_FLAG_PARAMETERS),
    methodVersion: stored.methodVersion,
  };
}

/** Every holiday from 2000 to next year: the dates a contract may carry (a few hundred). */
function holidays(now: Date) {
  return holidaysBetween('2000-01-01', `${now.getUTCFullYear() + 1}-12-31`);
}

async function inputsOf(db: Database, organizationId: string, now: Date): Promise<FlagInputs> {
  const { parameters, methodVersion } = await settingsOf(db, organizationId);
  return { parameters, methodVersion, holidays: holidays(now) };
}

/** The queue of the monitor-wide recomputation, one queued and one running per monitor and kind. */
export const RED_FLAGS_REFRESH_JOB = 'red-flags-refresh';

/**
 * What a refresh recomputes. After contract writes ('writes'): only the flags a write cannot decide
 * from its own rows (chains, shares, fences, shared RFCs, gone documents; the written rows' own flags
 * were replaced in the write's transaction). After a change of the parameters or of a list, at night
 * and for a monitor never flagged ('whole'): every flag of every contract.
 */
export type RefreshKind = 'writes' | 'whole';

/**
 * Asks for the monitor's flags to be recomputed (in `tx` when given: only if the write commits).
 * Each kind has its own place in the queue, so a whole recomputation asked while one after writes
 * waits is not taken for it (and dropped).
 */
export function refreshFlagsLater(
  deps: Pick<AppDeps, 'jobs'>,
  organizationId: string,
  tx?: Database,
  kind: RefreshKind = 'whole',
): Promise<unknown> {
  return deps.jobs.enqueue(
    RED_FLAGS_REFRESH_JOB,
    { organizationId, kind },
    { singletonKey: kind === 'whole' ? organizationId : `${organizationId}:writes`, ...(tx ? { tx } : {}) },
  );
}

/**
 * What a contract write does about flags, in its transaction (the write path's port, like the
 * documents' registration): the flags its own rows decide are replaced now, and the monitor-wide
 * ones (chains, shares, fences, shared RFCs, gone documents) are recomputed by the refresh job once
 * the write commits. A deletion (no contract written) only asks for the recomputation: a deleted
 * contract's flags are never read, but a chain or a share it was part of changes for the others.
 */
export function flagRegistration(deps: Pick<AppDeps, 'jobs' | 'now'>): FlagRegistration {
  return async (tx, organizationId, contractIds) => {
    if (contractIds.length === 0) {
      await refreshFlagsLater(deps, organizationId, tx, 'writes');
      return;
    }
    await lockMonitorFlags(tx, organizationId);
    const inputs = await inputsOf(tx, organizationId, deps.now());
    await replaceFlags(tx, { organizationId, contractIds }, ROW_FLAGS, inputs);
    // A refresh computing meanwhile leaves these contracts to the next one (queued below).
    await noteFlagWrites(tx, organizationId, contractIds);
    await refreshFlagsLater(deps, organizationId, tx, 'writes');
    // The new contracts and their row flags are told at once, beside the refresh (at a million
    // contracts it takes most of a minute); the flags it raises are told by the match it queues
    // (decision 0053: a FLAG follow is told each flag by the transaction that raised it).
    await matchAlertsLater(deps, organizationId, tx);
  };
}

/**
 * Recomputes every flag of the monitor's contracts on a connection of its own that no statement
 * timeout cuts short, one recomputation at a time in the installation (LOCKS.redFlags): computed
 * from one snapshot without holding the monitor's flags (saves go on: at a million contracts this
 * takes most of a minute), then what changed applied under them in a short transaction, leaving
 * out the contracts written meanwhile (their writes queued the next refresh). Readers see the old
 * flags until that commits.
 */
export async function refreshMonitorFlags(
  deps: Pick<AppDeps, 'database' | 'now'>,
  organizationId: string,
  options: {
    codes?: readonly RedFlagCode[];
    /** Runs between the two halves (tests: a save while the refresh computes). */
    computed?: () => Promise<void>;
    /**
     * Runs once the changes are committed, before the list's cube is rebuilt (a third of the
     * refresh at a million contracts): the job queues the alerts' match here, so the flags raised
     * are told without waiting for the cube.
     */
    applied?: () => Promise<unknown>;
    /** About how many changed flags each short transaction applies (tests: many batches). */
    batchRows?: number;
  } = {},
): Promise<{ changed: Record<string, number>; steps: Record<string, number> }> {
  const { codes = RED_FLAG_CODES, computed, applied: onApplied, batchRows } = options;
  return deps.database.withExclusiveLock(LOCKS.redFlags, async (db) => {
    const { inputs, steps, batches } = await db.transaction(async (tx) => {
      await readOneSnapshot(tx);
      const read = await inputsOf(tx, organizationId, deps.now());
      return { inputs: read, ...(await computeFlagChanges(tx, organizationId, codes, read, batchRows)) };
    });
    await computed?.();
    let started = performance.now();
    // Applied in short transactions (a monitor's first flags are millions of rows): readers may see
    // some contracts' new flags before others' for those seconds; saves wait one batch at most.
    const applied: Awaited<ReturnType<typeof applyFlagChanges>> = [];
    for (let batch = 0; batch < batches; batch++)
      applied.push(
        ...(await db.transaction(async (tx) => {
          await lockMonitorFlags(tx, organizationId);
          return applyFlagChanges(tx, organizationId, inputs.methodVersion, batch);
        })),
      );
    await db.transaction((tx) => finishFlagChanges(tx, organizationId));
    steps.apply = Math.round(performance.now() - started);
    // What the recomputation changed, per flag: raised minus removed (the nightly one should change
    // nothing a write did not).
    const changed: Record<string, number> = {};
    for (const { code, op, n } of applied) {
      const difference = op === 'I' ? n : op === 'D' ? -n : 0;
      if (difference !== 0) changed[code] = (changed[code] ?? 0) + difference;
    }
    // Cached answers that filter or count by flag, or show a flag's facts, are of the monitor's
    // data version. Bumped after the commit, not inside: a write holds the monitor's row (its
    // trigger) while it waits for the flags' lock, and bumping under that lock deadlocked with it.
    if (applied.some(({ n }) => n > 0)) await bumpDataVersion(db, organizationId);
    await onApplied?.();
    // The list's totals by one flag from a cube built at the version just reached (the contracts
    // answer them meanwhile, and again after the next write until the next refresh).
    started = performance.now();
    const rebuild = !(await flagCubeIsCurrent(db, organizationId));
    if (rebuild) await db.transaction((tx) => rebuildFlagCube(tx, organizationId));
    steps.cube = Math.round(performance.now() - started);
    // Dead rows and statistics after many changes (the cube's every rebuild; the flags' and the
    // written contracts' notes past a few thousand rows).
    started = performance.now();
    const many = applied.reduce((sum, { n }) => sum + n, 0) >= TIDY_AFTER_ROWS;
    await tidyFlagTables(db, [
      ...(many ? (['contract_flags', 'flag_writes'] as const) : []),
      ...(rebuild ? (['flag_cube'] as const) : []),
    ]);
    steps.tidy = Math.round(performance.now() - started);
    return { changed, steps };
  });
}

/** How many changed flags make a recomputation vacuum and analyze the flags' tables. */
const TIDY_AFTER_ROWS = 5_000;

/** The contracts of a chain a contract's page lists (the chain's size is said beside them). */
const CHAIN_LISTED = 25;

/** A contract's red flags as its page shows them: the raised ones with their sentence, the ones not evaluated with why. */
export async function contractFlags(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  contractId: string,
  facts: ContractFacts,
): Promise<{ flags: ContractFlag[]; unevaluated: UnevaluatedFlag[]; flagsMethodVersion: number }> {
  const { db } = deps.database;
  const [{ parameters, methodVersion }, stored, lists] = await Promise.all([
    settingsOf(db, organizationId),
    flagsOfContract(db, organizationId, contractId),
    loadedLists(db),
  ]);
  const raised = new Map(stored.map((flag) => [flag.code, flag.evidence]));
  // A chain is kept by its bounds: its contracts are read for the page (at most CHAIN_LISTED).
  const chain = raised.get('SPLIT_DIRECT_AWARDS');
  if (chain)
    raised.set('SPLIT_DIRECT_AWARDS', {
      ...chain,
      contracts: await chainMembers(
        db,
        organizationId,
        chain as {
          supplierId: string;
          unitId: string;
          fiscalYear: string;
          from: string;
          to: string;
          limit: number;
        },
        CHAIN_LISTED,
      ),
    });
  const flags = RED_FLAG_CODES.flatMap((code): ContractFlag[] => {
    const evidence = raised.get(code);
    if (!evidence || !parameters.enabled[code]) return [];
    const template = flagSentence(code, evidence);
    const { name, category } = RED_FLAGS[code];
    return [
      { code, name, category, sentence: interpolate(template.text, template.values), template, evidence },
    ];
  });
  const unevaluated = unevaluatedFlags(facts, parameters, {
    sat69b: lists.has('SAT_69B'),
    sanctions: lists.has('SANCTIONS'),
  })
    .filter(({ code }) => !raised.has(code))
    .map(({ code, reason }) => ({ code, name: RED_FLAGS[code].name, reason }));
  return { flags, unevaluated, flagsMethodVersion: methodVersion };
}

/** Every flag with the monitor's parameters and how many of its live contracts carry it (the /red-flags page). */
export async function flagsOverview(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
): Promise<RedFlagsOverview> {
  const { db } = deps.database;
  const [{ parameters, methodVersion }, counts, lists] = await Promise.all([
    settingsOf(db, organizationId),
    flagCounts(db, organizationId),
    supplierListsInfo(deps),
  ]);
  return {
    methodVersion,
    parameters: parameters as unknown as Record<string, unknown>,
    flags: RED_FLAG_CODES.map((code) => {
      const definition = RED_FLAGS[code];
      return {
        code,
        name: definition.name,
        category: definition.category,
        categoryName: RED_FLAG_CATEGORY_NAMES[definition.category],
        rule: definition.rule,
        why: definition.why,
        needs: definition.needs,
        enabled: parameters.enabled[code],
        contracts: parameters.enabled[code] ? (counts.get(code) ?? 0) : 0,
      };
    }),
    lists,
  };
}

/** The installation's supplier lists: each one's own date, when it was loaded and its rows (null: never loaded). */
export async function supplierListsInfo(deps: Pick<AppDeps, 'database'>): Promise<RedFlagsOverview['lists']> {
  const lists = await loadedLists(deps.database.db);
  const list = (kind: string) => {
    const found = lists.get(kind);
    return found ? { cutOff: found.cutOff, loadedAt: found.loadedAt.toISOString(), rows: found.rows } : null;
  };
  return { sat69b: list('SAT_69B'), sanctions: list('SANCTIONS') };
}

/**
 * An administrator's parameters and switches for the monitor: stored, the method's version bumped
 * (every flag then says which version computed it), the monitor's flags recomputed by the job.
 */
export async function changeSettings(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  organizationId: string,
  parameters: RedFlagParameters,
  userId: string,
): Promise<RedFlagSettings> {
  return deps.database.db.transaction(async (tx) => {
    const methodVersion = await saveSettings(tx, organizationId, parameters, userId);
    await refreshFlagsLater(deps, organizationId, tx);
    return { parameters, methodVersion };
  });
}

/** The flags each listed contract raised, in the flags' order (the list's tags). */
export async function listedFlags(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  contractIds: readonly string[],
): Promise<Map<string, RedFlagCode[]>> {
  const stored = await flagCodesOf(deps.database.db, organizationId, contractIds);
  return new Map(
    [...stored].map(([id, codes]) => [id, RED_FLAG_CODES.filter((code) => codes.includes(code))]),
  );
}

/** Flagged contracts and flags by kind, as the supplier list and page show them. */
export interface SupplierRedFlags {
  flagged: number;
  byKind: { code: RedFlagCode; name: string; contracts: number }[];
}

const NO_FLAGS: SupplierRedFlags = { flagged: 0, byKind: [] };

function presentSupplierFlags(counts: { byCode: Map<string, number>; flagged: number }): SupplierRedFlags {
  return {
    flagged: counts.flagged,
    byKind: RED_FLAG_CODES.flatMap((code) =>
      counts.byCode.get(code)
        ? [{ code, name: RED_FLAGS[code].name, contracts: counts.byCode.get(code)! }]
        : [],
    ),
  };
}

/** A supplier's flagged contracts and its flags by kind, under the page's conditions (the supplier's page). */
export async function supplierFlags(
  deps: Pick<AppDeps, 'database'>,
  where: Parameters<typeof supplierFlagCounts>[1],
): Promise<SupplierRedFlags> {
  const [counts] = (await supplierFlagCounts(deps.database.db, where)).values();
  return counts ? presentSupplierFlags(counts) : NO_FLAGS;
}

/** The same for each supplier of a list's page, under the list's conditions (one query). */
export async function suppliersFlags(
  deps: Pick<AppDeps, 'database'>,
  where: Parameters<typeof supplierFlagCounts>[1],
  supplierIds: readonly string[],
): Promise<Map<string, SupplierRedFlags>> {
  const counts = await supplierFlagCounts(deps.database.db, where, supplierIds);
  return new Map(
    supplierIds.map((id) => [id, counts.has(id) ? presentSupplierFlags(counts.get(id)!) : NO_FLAGS]),
  );
}
