import { randomBytes } from 'node:crypto';
import { emptyFilters, filtersSearch } from '../../../shared/filters-url';
import { ANY_RED_FLAG } from '../../../shared/red-flags/definitions';
import { WEB_ROUTES } from '../../../shared/routes';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { LOCKS } from '../../db/migrate';
import type { ChangeCursor } from '../../db/sql';
import type { AppDeps, OrganizationRow } from '../../types';
import { corruptionIndex } from '../calculations/corruption-index.service';
import { contractConditions } from '../contracts/contract-filters.repository';
import { type FilterNames, filterNameBook } from '../figures/figures';
import { filtersText, followSubject, storedFilters } from './follows-text';
import {
  type ActiveFollow,
  activeFollows,
  advanceCursors,
  changesBeyond,
  closeWindow,
  lastDueQuarter,
  type MatchGroup,
  openWindow,
  queueChange,
  queueFlaggedContracts,
  queueNewContracts,
  recordIndex,
  settledHorizon,
  type Touched,
} from './matching.repository';

/**
 * What a monitor's changes mean to its followers (decision 0053): after each red-flag refresh the
 * CONTRACTS and FLAG follows look at the contracts' changes past their cursor; every night the
 * INDEX and PUBLICATION follows look at the index and the last quarter's publication. What matches
 * becomes outbox rows, each change once per address; the delivery job e-mails them.
 */

export type MatchingDeps = AppDeps;

/** How a link names its monitor for someone who arrives by it (the web's organization guard). */
const monitorParameter = (organizationId: string) =>
  `changeOrganization=${encodeURIComponent(organizationId)}`;

/** A page of the portal (its own query string kept), for the monitor, as an e-mail links to it. */
export function monitorLink(deps: Pick<AppDeps, 'config'>, path: string, organizationId: string): string {
  return `${deps.config.publicUrl}${path}${path.includes('?') ? '&' : '?'}${monitorParameter(organizationId)}`;
}

type RedFlagFilter = NonNullable<PublicFilters['redFlags']>[number];

/**
 * The contracts list as the follow sees it, where '… y N más' leads: a page's filters, or the
 * followed red flag (`?senal=`), in the list's own address (shared/filters-url).
 */
function followListLink(deps: MatchingDeps, follow: ActiveFollow, organizationId: string): string {
  const filters =
    follow.kind === 'CONTRACTS'
      ? storedFilters(follow.filters)
      : { ...emptyFilters(), redFlags: [(follow.code ?? ANY_RED_FLAG) as RedFlagFilter] };
  return monitorLink(deps, `${WEB_ROUTES.contracts}${filtersSearch(filters)}`, organizationId);
}

async function why(
  deps: MatchingDeps,
  follow: ActiveFollow,
  organizationId: string,
  names?: FilterNames,
): Promise<string> {
  return followSubject({
    kind: follow.kind,
    code: follow.code,
    threshold: follow.threshold,
    filtersText:
      follow.kind === 'CONTRACTS' ? await filtersText(deps, organizationId, follow.filters, names) : null,
  });
}

/** Groups of follows matched in one transaction. */
const GROUPS_PER_TRANSACTION = 50;

/** Order of two change cursors (decision 0051): by transaction, then by change. */
function compareCursors(a: ChangeCursor, b: ChangeCursor): number {
  const ax = BigInt(a.xid);
  const bx = BigInt(b.xid);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.change - b.change;
}

/**
 * Whether a follow's target can match what the changes touched: a page filtered by suppliers or
 * units none of which a changed contract names cannot, nor a flag none raised.
 */
function canMatch(follow: ActiveFollow, touched: Touched): boolean {
  if (follow.kind === 'FLAG')
    return follow.code === 'ANY' ? touched.flags.size > 0 : touched.flags.has(follow.code ?? '');
  const filters = storedFilters(follow.filters);
  if (filters.suppliers?.length && !filters.suppliers.some((id) => touched.suppliers.has(id))) return false;
  if (filters.administrativeUnits?.length && !filters.administrativeUnits.some((id) => touched.units.has(id)))
    return false;
  return true;
}

export interface MatchResult {
  /** Outbox rows added. */
  queued: number;
  /** Whether some of them are to be sent at once (IMMEDIATE follows). */
  immediate: boolean;
  /** Changes already committed but past the settled horizon: match again shortly. */
  later: boolean;
}

/**
 * Queues the new contracts (CONTRACTS) and newly flagged ones (FLAG) of the monitor's changes for
 * each confirmed follow, and moves each follow's cursor in the same transaction as its rows: a
 * retry after a failure starts where the last committed follow stopped, and the outbox's unique key
 * keeps a change from being queued twice.
 */
export async function matchChanges(deps: MatchingDeps, organizationId: string): Promise<MatchResult> {
  const result: MatchResult = { queued: 0, immediate: false, later: false };
  const organization = await deps.organizations.get(organizationId);
  if (!organization || organization.deletedAt) return result;
  // One run at a time (on PostgreSQL; the job queue runs one per monitor anyway): the follows and
  // their cursors are read under the lock. A run that still read them before another moved them
  // queues nothing for them (each group's statement locks its follows and checks their cursor).
  return deps.database.withExclusiveLock(LOCKS.alertsMatch, (own) =>
    matchUnderLock(deps, own, organizationId),
  );
}

async function matchUnderLock(
  deps: MatchingDeps,
  own: Database,
  organizationId: string,
): Promise<MatchResult> {
  const { db } = deps.database;
  const result: MatchResult = { queued: 0, immediate: false, later: false };
  const follows = await activeFollows(db, organizationId, ['CONTRACTS', 'FLAG']);
  if (follows.length === 0) return result;
  // One bound for every follow of this run: what is below it is settled, and what is above it waits.
  const horizon = await settledHorizon(db);
  // Follows of one target (a page's filters, a flag) and one cursor are matched together: one
  // statement for all of them (100,000 follows of a few hundred targets are a few hundred statements).
  const groups = new Map<string, ActiveFollow[]>();
  for (const follow of follows) {
    const target =
      follow.kind === 'CONTRACTS'
        ? `C|${JSON.stringify(storedFilters(follow.filters))}`
        : `F|${follow.code ?? ''}`;
    const key = `${target}|${follow.cursor ? `${follow.cursor.xid}:${follow.cursor.change}` : '-'}`;
    const group = groups.get(key);
    if (group) group.push(follow);
    else groups.set(key, [follow]);
  }
  // The run's window (every group's changes) is read once into a table of the run's own connection
  // (one run at a time in the installation); what it touched decides which groups are asked: one
  // whose filters name only other suppliers, units or flags is not (its cursor moves on at the end).
  const firsts = [...groups.values()].map(([first]) => first!);
  const cursors = firsts.flatMap((first) => (first.cursor ? [first.cursor] : []));
  const earliest =
    cursors.length === 0 ? null : cursors.reduce((a, b) => (compareCursors(a, b) <= 0 ? a : b));
  const uncursored = firsts.filter((first) => !first.cursor).map((first) => first.confirmedAt.getTime());
  const since = uncursored.length === 0 ? null : new Date(Math.min(...uncursored));
  const window = `alert_window_${randomBytes(6).toString('hex')}`;
  try {
    const touched = await openWindow(own, organizationId, { name: window, horizon, cursor: earliest, since });
    await matchGroups(deps, own, { organizationId, horizon, window }, [...groups.values()], touched, result);
  } finally {
    await closeWindow(own, window);
  }
  result.later = await changesBeyond(db, organizationId, horizon);
  return result;
}

/** Matches the groups of a run against its window (openWindow), on the run's connection. */
async function matchGroups(
  deps: MatchingDeps,
  own: Database,
  run: { organizationId: string; horizon: string; window: string },
  groups: ActiveFollow[][],
  touched: Touched,
  result: MatchResult,
): Promise<void> {
  const { db } = deps.database;
  const { organizationId, horizon, window } = run;
  const untouched: string[] = [];
  const asked: ActiveFollow[][] = [];
  for (const members of groups) {
    if (!canMatch(members[0]!, touched)) untouched.push(...members.map((follow) => follow.id));
    else asked.push(members);
  }
  // The names the asked pages' filters show (why an alert arrived), read at once for all of them:
  // a load touching 3,000 followed suppliers asked for each name alone.
  const filtersOfAsked = asked.flatMap(([first]) =>
    first!.kind === 'CONTRACTS' ? [storedFilters(first!.filters)] : [],
  );
  const names = await filterNameBook(db, organizationId, {
    suppliers: [...new Set(filtersOfAsked.flatMap((filters) => filters.suppliers ?? []))],
    units: [...new Set(filtersOfAsked.flatMap((filters) => filters.administrativeUnits ?? []))],
  });
  // A few dozen groups per transaction: each group's rows and its cursors commit together (a retry
  // starts where the last commit stopped), without a commit per group of thousands.
  for (let from = 0; from < asked.length; from += GROUPS_PER_TRANSACTION) {
    const chunk = asked.slice(from, from + GROUPS_PER_TRANSACTION);
    const prepared: {
      members: ActiveFollow[];
      told: ActiveFollow[];
      first: ActiveFollow;
      group: MatchGroup;
      where: Awaited<ReturnType<typeof contractConditions>> | null;
    }[] = [];
    for (const members of chunk) {
      const [first] = members as [ActiveFollow];
      // A suspended address is told nothing, now or when it is lifted: its cursor moves on.
      const told = members.filter((follow) => !follow.suspended);
      const group: MatchGroup = {
        followIds: told.map((follow) => follow.id),
        organizationId,
        window,
        why: await why(deps, first, organizationId, names),
        linkBase: `${deps.config.publicUrl}${WEB_ROUTES.contracts}/`,
        linkQuery: `?${monitorParameter(organizationId)}`,
        listLink: followListLink(deps, first, organizationId),
        cursor: first.cursor,
        horizon,
        since: new Date(Math.min(...members.map((follow) => follow.confirmedAt.getTime()))),
      };
      const where =
        first.kind === 'CONTRACTS'
          ? await contractConditions(db, organizationId, storedFilters(first.filters))
          : null;
      prepared.push({ members, told, first, group, where });
    }
    await own.transaction(async (tx) => {
      for (const { told, first, group, where } of prepared) {
        const queued = where
          ? await queueNewContracts(tx, group, where)
          : await queueFlaggedContracts(tx, group, first.code ?? '');
        result.queued += queued;
        if (queued > 0 && told.some((follow) => follow.frequency === 'IMMEDIATE')) result.immediate = true;
      }
      // The chunk's cursors in one statement, committed with its rows.
      await advanceCursors(
        tx,
        prepared.flatMap(({ members }) => members.map((follow) => follow.id)),
        horizon,
      );
    });
  }
  await advanceCursors(own, untouched, horizon);
}

/** Today in Mexico City (the deadlines' time zone), as a calendar date. */
function todayInMexico(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(now);
}

/**
 * The nightly look of the INDEX and PUBLICATION follows: the monitor's current index against the
 * value last told (moved by more than the follow's threshold: told, and kept as the new reference;
 * the first look only keeps the reference), and the last quarter whose publication deadline passed
 * after the follow was confirmed without any contract of it (told once per quarter).
 */
export async function matchNightly(deps: MatchingDeps, organizationId: string): Promise<MatchResult> {
  const { db } = deps.database;
  const result: MatchResult = { queued: 0, immediate: false, later: false };
  const organization = await deps.organizations.get(organizationId);
  if (!organization || organization.deletedAt) return result;
  const follows = (await activeFollows(db, organizationId, ['INDEX', 'PUBLICATION'])).filter(
    (follow) => !follow.suspended,
  );
  const indexFollows = follows.filter((follow) => follow.kind === 'INDEX');
  const publicationFollows = follows.filter((follow) => follow.kind === 'PUBLICATION');
  const count = (queued: boolean, follow: ActiveFollow) => {
    if (!queued) return;
    result.queued += 1;
    if (follow.frequency === 'IMMEDIATE') result.immediate = true;
  };
  if (indexFollows.length > 0) {
    for (const [follow, queued] of await matchIndex(deps, organization, indexFollows)) count(queued, follow);
  }
  if (publicationFollows.length > 0) {
    const due = await lastDueQuarter(db, organizationId, todayInMexico(deps.now()));
    for (const follow of publicationFollows) {
      // Only a deadline that passed while the follow was there.
      if (due.published || due.deadline < todayInMexico(follow.confirmedAt)) continue;
      const queued = await queueChange(
        db,
        { ...follow, followId: follow.id, organizationId },
        `publication:${organizationId}:${due.period}`,
        {
          kind: 'PUBLICATION',
          period: due.period,
          deadline: due.deadline,
          link: monitorLink(deps, WEB_ROUTES.contracts, organizationId),
          why: await why(deps, follow, organizationId),
        },
      );
      count(queued, follow);
    }
  }
  return result;
}

async function matchIndex(
  deps: MatchingDeps,
  organization: OrganizationRow,
  follows: ActiveFollow[],
): Promise<[ActiveFollow, boolean][]> {
  // The current data's index of the monitor's current administration period, never a kept older one.
  const data = await deps.cache.fresh(() => corruptionIndex(deps, organization));
  const value = data.corruptionIndex?.result ?? null;
  if (value === null || data.insufficientData) return [];
  const outcomes: [ActiveFollow, boolean][] = [];
  for (const follow of follows) {
    const reason = await why(deps, follow, organization.id);
    const outcome = await deps.database.db.transaction(async (tx) => {
      if (follow.lastIndex === null) {
        await recordIndex(tx, follow.id, value);
        return false;
      }
      if (Math.abs(value - follow.lastIndex) <= (follow.threshold ?? 0)) return false;
      const queued = await queueChange(
        tx,
        { ...follow, followId: follow.id, organizationId: organization.id },
        `index:${organization.id}:${data.administrationPeriod}:${organization.dataVersion}.${data.methodVersion}`,
        {
          kind: 'INDEX',
          value,
          previous: follow.lastIndex,
          period: data.administrationPeriod,
          link: monitorLink(deps, WEB_ROUTES.corruptionIndex, organization.id),
          why: reason,
        },
      );
      await recordIndex(tx, follow.id, value);
      return queued;
    });
    outcomes.push([follow, outcome]);
  }
  return outcomes;
}
