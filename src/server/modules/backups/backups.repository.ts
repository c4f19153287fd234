import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BackupReason, BackupState } from '../../../shared/constants/backups';
import { type Database, queryRows } from '../../db/client';
import {
  documentAttempts,
  documentCopiesVersions,
  documentSources,
  documentVersions,
  fileContents,
  files,
} from '../../db/schema';
import { jsonRecordset, sqlArray } from '../../db/sql';
import { newId } from '../../lib/ids';
import type { DocumentLink } from '../contracts/document-links';

/**
 * The backup copies' tables (decision 0037): document sources (one per monitor and link), their
 * versions and every attempt. Claims hand a process the documents that are due, within the limit
 * per host, under a lease; the outcome of each attempt is written in one transaction.
 */

/** Links per INSERT statement. */
const REGISTER_BATCH = 10_000;

/**
 * Registers the links of a monitor's contracts (inside the contracts' write): new ones wait for their
 * first copy; a link that is no address to fetch fails at once, waiting for an administrator. A few
 * statements for a data load's 50,000 links (jsonRecordset: the query builder took 7 s of a 67 s
 * confirm at 1,000,000 contracts).
 */
export async function registerDocuments(
  db: Database,
  organizationId: string,
  links: readonly DocumentLink[],
): Promise<void> {
  for (let start = 0; start < links.length; start += REGISTER_BATCH) {
    const records = links.slice(start, start + REGISTER_BATCH).map((link) => ({
      id: newId(),
      url: link.url,
      host: link.host,
      state: (link.fetchable ? 'PENDING' : 'FAILED') satisfies BackupState,
      reason: link.fetchable ? null : ('ADDRESS' satisfies BackupReason),
    }));
    await db.execute(sql`
      INSERT INTO ${documentSources} (id, organization_id, url, host, state, reason, next_check_at)
      SELECT r.id, ${organizationId}::uuid, r.url, r.host, r.state, r.reason,
        CASE WHEN r.reason IS NULL THEN now() ELSE 'infinity'::timestamptz END
      FROM ${jsonRecordset(JSON.stringify(records), 'id uuid, url text, host text, state backup_state, reason text')}
      ON CONFLICT (organization_id, url) DO NOTHING`);
  }
}

export interface ClaimedSource {
  id: string;
  organizationId: string;
  url: string;
  host: string;
  etag: string | null;
  lastModified: string | null;
  failures: number;
  currentVersionId: string | null;
  currentSha256: string | null;
}

/**
 * Takes up to `limit` due documents for this process, at most `perHost` at a time per host name
 * across every process (a host counts as busy while a lease on one of its documents runs, the
 * pause after a download included). Claims are one at a time in the installation (an advisory
 * lock held for the statement's transaction), so two processes never exceed the limit together.
 */
export async function claimDue(
  db: Database,
  options: { limit: number; perHost: number; leaseUntil: Date; now: Date; scan?: number },
): Promise<ClaimedSource[]> {
  if (options.limit <= 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vigia-backups-claim'))`);
    return queryRows<ClaimedSource>(
      tx,
      sql`WITH busy AS (
            SELECT host, count(*)::int AS n FROM document_sources
            WHERE lease_until > ${options.now} GROUP BY host
          ), candidates AS (
            SELECT id, host, next_check_at FROM document_sources
            WHERE next_check_at <= ${options.now} AND (lease_until IS NULL OR lease_until <= ${options.now})
            ORDER BY next_check_at
            LIMIT ${options.scan ?? Math.max(200, options.limit * 10)}
          ), ranked AS (
            SELECT c.id, c.next_check_at,
              row_number() OVER (PARTITION BY c.host ORDER BY c.next_check_at, c.id) + coalesce(b.n, 0) AS slot
            FROM candidates c LEFT JOIN busy b ON b.host = c.host
          ), chosen AS (
            SELECT id FROM ranked WHERE slot <= ${options.perHost} ORDER BY next_check_at LIMIT ${options.limit}
          )
          UPDATE document_sources s SET lease_until = ${options.leaseUntil}
          FROM chosen WHERE s.id = chosen.id
          RETURNING s.id, s.organization_id AS "organizationId", s.url, s.host, s.etag,
            s.last_modified AS "lastModified", s.failures, s.current_version_id AS "currentVersionId",
            (SELECT v.sha256 FROM document_versions v WHERE v.id = s.current_version_id) AS "currentSha256"`,
    );
  });
}

/**
 * When a claim may next find a document (null when nothing waits): the earliest a document is due
 * and not leased; when that is already past, a claim found nothing only because its host is busy
 * (a download or the pause after one), so the earliest end of a running lease. Index scans only: a
 * runner asks between downloads, and a monitor's 100,000 documents on one host made it scan them
 * all every 100-ms pause (decision 0037).
 */
export async function nextDueAt(db: Database, now: Date): Promise<Date | null> {
  const [row] = await queryRows<{ due: Date | string | null; ends: Date | string | null }>(
    db,
    sql`WITH unleased AS (
          SELECT next_check_at AS at FROM document_sources
           WHERE next_check_at < 'infinity'::timestamptz AND (lease_until IS NULL OR lease_until <= ${now})
           ORDER BY next_check_at LIMIT 1
        ), leased AS (
          SELECT min(greatest(next_check_at, lease_until)) AS at, min(lease_until) AS ends FROM document_sources
           WHERE lease_until > ${now} AND next_check_at < 'infinity'::timestamptz
        )
        SELECT least((SELECT at FROM unleased), leased.at) AS due, leased.ends FROM leased`,
  );
  if (!row?.due) return null;
  const due = new Date(row.due);
  return due <= now && row.ends ? new Date(row.ends) : due;
}

/** Space the copies of a monitor take (each version counted). */
export async function usedBytes(db: Database, organizationId: string): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number | null }>(
    db,
    sql`SELECT coalesce(sum(v.size), 0) AS bytes FROM document_versions v
        JOIN document_sources s ON s.id = v.source_id WHERE s.organization_id = ${organizationId}`,
  );
  return Number(row?.bytes ?? 0);
}

interface AttemptRecord {
  at: Date;
  outcome: 'COPIED' | 'CHANGED' | 'UNCHANGED' | 'GONE' | 'FAILED';
  reason?: BackupReason | null;
  httpStatus?: number | null;
  bytes?: number | null;
  durationMs: number;
}

async function recordAttempt(db: Database, sourceId: string, attempt: AttemptRecord): Promise<void> {
  await db.insert(documentAttempts).values({
    id: newId(),
    sourceId,
    at: attempt.at,
    outcome: attempt.outcome,
    reason: attempt.reason ?? null,
    httpStatus: attempt.httpStatus ?? null,
    bytes: attempt.bytes ?? null,
    durationMs: attempt.durationMs,
  });
}

/** A new copy (first or changed): its file, its version, the source up to date, the attempt. */
export async function recordVersion(
  db: Database,
  source: ClaimedSource,
  version: {
    contentId: string;
    sha256: string;
    size: number;
    mimeType: string;
    filename: string;
    etag: string | null;
    lastModified: string | null;
  },
  attempt: AttemptRecord,
  next: { nextCheckAt: Date; leaseUntil: Date },
): Promise<string> {
  const fileId = newId();
  const versionId = newId();
  await db.insert(files).values({
    id: fileId,
    organizationId: source.organizationId,
    kind: 'DOCUMENT_BACKUP',
    filename: version.filename,
    contentId: version.contentId,
    sourceUrl: source.url,
  });
  await db.insert(documentVersions).values({
    id: versionId,
    sourceId: source.id,
    fileId,
    sha256: version.sha256,
    size: version.size,
    mimeType: version.mimeType,
    copiedAt: attempt.at,
  });
  await db
    .update(documentSources)
    .set({
      state: 'COPIED',
      reason: null,
      failures: 0,
      currentVersionId: versionId,
      etag: version.etag,
      lastModified: version.lastModified,
      goneSince: null,
      lastCheckedAt: attempt.at,
      nextCheckAt: next.nextCheckAt,
      leaseUntil: next.leaseUntil,
    })
    .where(eq(documentSources.id, source.id));
  await recordAttempt(db, source.id, attempt);
  return versionId;
}

/** The source answered the same document (304, or the same bytes). */
export async function recordUnchanged(
  db: Database,
  source: ClaimedSource,
  validators: { etag: string | null; lastModified: string | null } | null,
  attempt: AttemptRecord,
  next: { nextCheckAt: Date; leaseUntil: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(documentSources)
      .set({
        state: 'COPIED',
        reason: null,
        failures: 0,
        goneSince: null,
        lastCheckedAt: attempt.at,
        nextCheckAt: next.nextCheckAt,
        leaseUntil: next.leaseUntil,
        ...(validators ? { etag: validators.etag, lastModified: validators.lastModified } : {}),
      })
      .where(eq(documentSources.id, source.id));
    await recordAttempt(tx, source.id, attempt);
  });
}

/**
 * An attempt that failed. A document with a copy keeps it (and, when the source says 404 or 410,
 * since when it is gone); one without is FAILED with the reason.
 */
export async function recordFailure(
  db: Database,
  source: ClaimedSource,
  reason: BackupReason,
  attempt: AttemptRecord,
  /** 'never': not until the link changes or an administrator asks. */
  next: { nextCheckAt: Date | 'never'; leaseUntil: Date },
): Promise<void> {
  const hasCopy = source.currentVersionId !== null;
  await db.transaction(async (tx) => {
    await tx
      .update(documentSources)
      .set({
        state: hasCopy ? 'COPIED' : 'FAILED',
        reason,
        failures: sql`${documentSources.failures} + 1`,
        goneSince:
          hasCopy && reason === 'GONE'
            ? sql`coalesce(${documentSources.goneSince}, ${attempt.at})`
            : hasCopy
              ? sql`${documentSources.goneSince}`
              : null,
        lastCheckedAt: attempt.at,
        nextCheckAt: next.nextCheckAt === 'never' ? sql`'infinity'::timestamptz` : next.nextCheckAt,
        leaseUntil: next.leaseUntil,
      })
      .where(eq(documentSources.id, source.id));
    await recordAttempt(tx, source.id, attempt);
  });
}

/**
 * Gives a claimed document back untouched: due again at once (the process is stopping), or after
 * `until` (an error that was not the document's, such as the database failing).
 */
export async function releaseClaim(db: Database, sourceId: string, until: Date | null = null): Promise<void> {
  await db.update(documentSources).set({ leaseUntil: until }).where(eq(documentSources.id, sourceId));
}

export interface DocumentBackupInfo {
  url: string;
  state: BackupState;
  reason: BackupReason | null;
  lastCheckedAt: Date | null;
  goneSince: Date | null;
  versions: { fileId: string; sha256: string; size: number; mimeType: string; copiedAt: Date }[];
}

/** A timestamp as the driver gives it (a Date, or text). */
const instantOrNull = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The copies of some links of a monitor (a contract's documents), newest version first. Each link
 * is looked up through the (monitor, link) index, and each found source's versions through theirs,
 * one by one (LATERAL, kept from being flattened): with the links as `url = ANY(…)` the planner
 * expected every one to match and read the monitor's every source instead (a bulk file's batch of
 * 1,500 links: 50 ms over 144,000 sources against 3 ms, and growing with the table).
 */
export async function documentsOf(
  db: Database,
  organizationId: string,
  urls: readonly string[],
): Promise<Map<string, DocumentBackupInfo>> {
  const found = new Map<string, DocumentBackupInfo>();
  if (urls.length === 0) return found;
  const sources = await queryRows<{
    id: string;
    url: string;
    state: BackupState;
    reason: string | null;
    last_checked_at: Date | string | null;
    gone_since: Date | string | null;
  }>(
    db,
    sql`SELECT s.id, s.url, s.state, s.reason, s.last_checked_at, s.gone_since
          FROM unnest(${sqlArray([...new Set(urls)], 'text')}) AS link(url)
          CROSS JOIN LATERAL (
            SELECT d.id, d.url, d.state, d.reason, d.last_checked_at, d.gone_since FROM document_sources d
             WHERE d.organization_id = ${organizationId} AND d.url = link.url LIMIT 1
          ) s`,
  );
  if (sources.length === 0) return found;
  const versions = await queryRows<{
    source_id: string;
    file_id: string;
    sha256: string;
    size: number | string;
    mime_type: string;
    copied_at: Date | string;
  }>(
    db,
    sql`SELECT source.id AS source_id, v.file_id, v.sha256, v.size, v.mime_type, v.copied_at
          FROM unnest(${sqlArray(
            sources.map((source) => source.id),
            'uuid',
          )}) AS source(id)
          CROSS JOIN LATERAL (
            SELECT v.file_id, v.sha256, v.size, v.mime_type, v.copied_at FROM document_versions v
             WHERE v.source_id = source.id ORDER BY v.copied_at DESC OFFSET 0
          ) v`,
  );
  const versionsOf = new Map<string, DocumentBackupInfo['versions']>();
  for (const version of versions)
    versionsOf.set(version.source_id, [
      ...(versionsOf.get(version.source_id) ?? []),
      {
        fileId: version.file_id,
        sha256: version.sha256,
        size: Number(version.size),
        mimeType: version.mime_type,
        copiedAt: instantOrNull(version.copied_at)!,
      },
    ]);
  for (const source of sources)
    found.set(source.url, {
      url: source.url,
      state: source.state,
      reason: source.reason as BackupReason | null,
      lastCheckedAt: instantOrNull(source.last_checked_at),
      goneSince: instantOrNull(source.gone_since),
      versions: versionsOf.get(source.id) ?? [],
    });
  return found;
}

/** The state of a monitor's copies: documents per state, failures per reason, gone ones, space. */
export async function backupSummary(db: Database, organizationId: string) {
  const states = await db
    .select({ state: documentSources.state, reason: documentSources.reason, n: count() })
    .from(documentSources)
    .where(eq(documentSources.organizationId, organizationId))
    .groupBy(documentSources.state, documentSources.reason);
  const [gone] = await db
    .select({ n: count() })
    .from(documentSources)
    .where(and(eq(documentSources.organizationId, organizationId), isNotNull(documentSources.goneSince)));
  return { states, gone: gone?.n ?? 0, bytes: await usedBytes(db, organizationId) };
}

/** A page of a monitor's documents, optionally of one state and reason (failed ones first by default). */
export async function findSources(
  db: Database,
  organizationId: string,
  filter: { state?: BackupState; reason?: BackupReason; offset: number; limit: number },
) {
  const where = and(
    eq(documentSources.organizationId, organizationId),
    filter.state ? eq(documentSources.state, filter.state) : undefined,
    filter.reason ? eq(documentSources.reason, filter.reason) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(documentSources).where(where);
  const rows = await db
    .select({
      id: documentSources.id,
      url: documentSources.url,
      state: documentSources.state,
      reason: documentSources.reason,
      failures: documentSources.failures,
      lastCheckedAt: documentSources.lastCheckedAt,
      nextCheckAt: sql<
        Date | string | null
      >`CASE WHEN ${documentSources.nextCheckAt} = 'infinity' THEN NULL ELSE ${documentSources.nextCheckAt} END`,
      goneSince: documentSources.goneSince,
      versions: sql<number>`(SELECT count(*)::int FROM document_versions v WHERE v.source_id = document_sources.id)`,
      size: sql<
        number | null
      >`(SELECT v.size FROM document_versions v WHERE v.id = ${documentSources.currentVersionId})`,
    })
    .from(documentSources)
    .where(where)
    .orderBy(asc(documentSources.url), asc(documentSources.id))
    .offset(filter.offset)
    .limit(filter.limit);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Asks for the documents again now (an administrator's retry): the given ones, or every failed
 * one of the monitor; permanent outcomes too, since someone looked at them.
 */
export async function retrySources(
  db: Database,
  organizationId: string,
  ids: readonly string[] | null,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(documentSources)
    .set({ nextCheckAt: now, failures: 0 })
    .where(
      and(
        eq(documentSources.organizationId, organizationId),
        ids ? inArray(documentSources.id, [...ids]) : eq(documentSources.state, 'FAILED'),
      ),
    )
    .returning({ id: documentSources.id });
  return rows.length;
}

/**
 * Contents of backup copies still kept in the database's chunks (copied before the embedded
 * installation kept its copies on disk), a few at a time.
 */
export async function copiesInDatabase(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: fileContents.id })
    .from(fileContents)
    .innerJoin(files, eq(files.contentId, fileContents.id))
    .where(
      and(eq(files.kind, 'DOCUMENT_BACKUP'), isNull(fileContents.objectKey), isNotNull(fileContents.sha256)),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** How many times what visitors see of a monitor's copies changed (0: never); migration 0040 keeps it. */
export async function copiesVersionOf(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ version: documentCopiesVersions.version })
    .from(documentCopiesVersions)
    .where(eq(documentCopiesVersions.organizationId, organizationId));
  return row?.version ?? 0;
}
