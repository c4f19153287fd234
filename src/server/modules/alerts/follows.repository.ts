import { and, asc, count, eq, isNull, lt, max, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import {
  alertBatches,
  alertFollows,
  alertOutbox,
  alertSubscribers,
  alertSuppressions,
  organizations,
  usedCaptchas,
} from '../../db/schema';
import { settledHorizon } from './matching.repository';

export type SubscriberRow = typeof alertSubscribers.$inferSelect;
export type FollowRow = typeof alertFollows.$inferSelect;

/** A follow with its address and monitor, as the pages and the e-mails show it. */
export interface FollowDetail extends FollowRow {
  organizationName: string;
  email: string;
  tokenVersion: number;
  suspendedAt: Date | null;
}

/** What is followed: the monitor, the kind and its target (filters in their compact form, or a code). */
export interface FollowTarget {
  organizationId: string;
  kind: string;
  filters: Record<string, unknown> | null;
  code: string | null;
}

const detailColumns = {
  follow: alertFollows,
  organizationName: organizations.name,
  email: alertSubscribers.email,
  tokenVersion: alertSubscribers.tokenVersion,
  suspendedAt: alertSubscribers.suspendedAt,
};

const detail = (row: {
  follow: FollowRow;
  organizationName: string;
  email: string;
  tokenVersion: number;
  suspendedAt: Date | null;
}): FollowDetail => ({
  ...row.follow,
  organizationName: row.organizationName,
  email: row.email,
  tokenVersion: row.tokenVersion,
  suspendedAt: row.suspendedAt,
});

export async function findSubscriberByEmail(db: Database, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
  return row;
}

export async function findSubscriber(db: Database, id: string): Promise<SubscriberRow | undefined> {
  const [row] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.id, id));
  return row;
}

/** When the address with this hash last unsubscribed, if it did. */
export async function suppressionOf(db: Database, emailSha256: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: alertSuppressions.unsubscribedAt })
    .from(alertSuppressions)
    .where(eq(alertSuppressions.emailSha256, emailSha256));
  return row?.at ?? null;
}

/** The address's follow of exactly this target, if it has one. */
export async function findSameFollow(
  db: Database,
  subscriberId: string,
  target: FollowTarget,
): Promise<FollowRow | undefined> {
  const [row] = await db
    .select()
    .from(alertFollows)
    .where(
      and(
        eq(alertFollows.subscriberId, subscriberId),
        eq(alertFollows.organizationId, target.organizationId),
        eq(alertFollows.kind, target.kind),
        target.filters === null
          ? isNull(alertFollows.filters)
          : sql`${alertFollows.filters} = ${JSON.stringify(target.filters)}::jsonb`,
        target.code === null ? isNull(alertFollows.code) : eq(alertFollows.code, target.code),
      ),
    );
  return row;
}

export async function countFollows(db: Database, subscriberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alertFollows)
    .where(eq(alertFollows.subscriberId, subscriberId));
  return row?.n ?? 0;
}

/** Records a captcha as used (the request is refused or answered without storing anything); false on a replay. */
export async function spendCaptcha(
  db: Database,
  captcha: { signature: string; expiresAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(usedCaptchas)
    .values(captcha)
    .onConflictDoNothing({ target: usedCaptchas.signature })
    .returning({ signature: usedCaptchas.signature });
  return claimed.length > 0;
}

/** Thrown inside the transaction to undo it (the captcha stays unused). */
class TooManyFollows extends Error {}

export type StoreFollowOutcome = 'captchaUsed' | 'tooMany' | { followId: string };

/**
 * Records the captcha as used, creates the address if needed and its follow of the target (or
 * reuses the same one: an unconfirmed one takes the new frequency and threshold), marks the
 * confirmation sent and runs `afterStore` (the e-mail's job), in one transaction. The address's row
 * is locked meanwhile, so two requests cannot both pass the limit of follows.
 */
export async function storeFollowRequest(
  db: Database,
  input: {
    id: () => string;
    email: string;
    target: FollowTarget;
    settings: { frequency: string; threshold: number | null };
    maxFollows: number;
    captcha: { signature: string; expiresAt: Date };
    now: Date;
  },
  afterStore: (tx: Database, followId: string) => Promise<unknown>,
): Promise<StoreFollowOutcome> {
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date()));
  return db
    .transaction(async (tx) => {
      if (!(await spendCaptcha(tx as unknown as Database, input.captcha))) return 'captchaUsed';
      await tx
        .insert(alertSubscribers)
        .values({ id: input.id(), email: input.email })
        .onConflictDoNothing({ target: alertSubscribers.email });
      const [subscriber] = await tx
        .select({ id: alertSubscribers.id })
        .from(alertSubscribers)
        .where(eq(alertSubscribers.email, input.email))
        .for('update');
      const subscriberId = subscriber!.id;
      const txDb = tx as unknown as Database;
      const same = await findSameFollow(txDb, subscriberId, input.target);
      let followId: string;
      if (same) {
        followId = same.id;
        await tx
          .update(alertFollows)
          .set({
            confirmationSentAt: input.now,
            ...(same.confirmedAt ? {} : input.settings),
          })
          .where(eq(alertFollows.id, same.id));
      } else {
        if ((await countFollows(txDb, subscriberId)) >= input.maxFollows) {
          throw new TooManyFollows();
        }
        followId = input.id();
        await tx.insert(alertFollows).values({
          id: followId,
          subscriberId,
          ...input.target,
          ...input.settings,
          confirmationSentAt: input.now,
          createdAt: input.now,
        });
      }
      await afterStore(txDb, followId);
      return { followId };
    })
    .catch((error: unknown) => {
      if (error instanceof TooManyFollows) return 'tooMany' as const;
      throw error;
    });
}

/** A follow with its address and monitor. */
export async function findFollowDetail(db: Database, followId: string): Promise<FollowDetail | undefined> {
  const [row] = await db
    .select(detailColumns)
    .from(alertFollows)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertFollows.subscriberId))
    .innerJoin(organizations, eq(organizations.id, alertFollows.organizationId))
    .where(eq(alertFollows.id, followId));
  return row && detail(row);
}

/** Every follow of an address, oldest first, with its monitor. */
export async function followsOf(db: Database, subscriberId: string): Promise<FollowDetail[]> {
  const rows = await db
    .select(detailColumns)
    .from(alertFollows)
    .innerJoin(alertSubscribers, eq(alertSubscribers.id, alertFollows.subscriberId))
    .innerJoin(organizations, eq(organizations.id, alertFollows.organizationId))
    .where(eq(alertFollows.subscriberId, subscriberId))
    .orderBy(asc(alertFollows.createdAt), asc(alertFollows.id));
  return rows.map(detail);
}

/**
 * Where the contracts' change order stands now (decision 0051's cursor): just before the oldest
 * running transaction. Every change of a transaction older than it is settled and behind it; every
 * change still being written, or committed later, comes after it (whatever its monitor). A walk of
 * a monitor's releases from here (rows after the cursor, settled) sees exactly what is new.
 */
export async function contractsHighWaterMark(db: Database): Promise<{ xid: string; change: number }> {
  return { xid: await settledHorizon(db), change: 0 };
}

/**
 * Confirms a follow that was not yet confirmed, starting its cursor where the monitor's contracts
 * stand now; the address's suppression (it asked again) is forgotten. False when it was confirmed
 * already (by another click meanwhile).
 */
export async function confirmFollow(
  db: Database,
  followId: string,
  input: { now: Date; emailSha256: string; lastIndex: number | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [follow] = await tx
      .select({ id: alertFollows.id })
      .from(alertFollows)
      .where(and(eq(alertFollows.id, followId), isNull(alertFollows.confirmedAt)))
      .for('update');
    if (!follow) return false;
    const mark = await contractsHighWaterMark(tx as unknown as Database);
    await tx
      .update(alertFollows)
      .set({
        confirmedAt: input.now,
        cursorXid: mark.xid,
        cursorChange: mark.change,
        lastIndex: input.lastIndex,
      })
      .where(eq(alertFollows.id, followId));
    await tx.delete(alertSuppressions).where(eq(alertSuppressions.emailSha256, input.emailSha256));
    return true;
  });
}

export async function updateFollow(
  db: Database,
  subscriberId: string,
  followId: string,
  changes: { frequency?: string; threshold?: number },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(alertFollows)
    .set(changes)
    .where(and(eq(alertFollows.id, followId), eq(alertFollows.subscriberId, subscriberId)));
}

/** Forgets the address (follows and outbox go with it) and keeps its hash for the 30-day rule. */
async function forgetAddress(tx: Database, subscriberId: string, emailSha256: string, now: Date) {
  await tx.delete(alertSubscribers).where(eq(alertSubscribers.id, subscriberId));
  await tx
    .insert(alertSuppressions)
    .values({ emailSha256, unsubscribedAt: now })
    .onConflictDoUpdate({ target: alertSuppressions.emailSha256, set: { unsubscribedAt: now } });
}

/**
 * Ends one follow of the address; its last one takes the address with it (decision 0053). Null
 * when the address has no such follow.
 */
export async function deleteFollow(
  db: Database,
  input: { subscriberId: string; followId: string; emailSha256: string; now: Date },
): Promise<{ addressDeleted: boolean } | null> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const deleted = await tx
      .delete(alertFollows)
      .where(and(eq(alertFollows.id, input.followId), eq(alertFollows.subscriberId, input.subscriberId)))
      .returning({ id: alertFollows.id });
    if (deleted.length === 0) return null;
    if ((await countFollows(txDb, input.subscriberId)) > 0) return { addressDeleted: false };
    await forgetAddress(txDb, input.subscriberId, input.emailSha256, input.now);
    return { addressDeleted: true };
  });
}

/** Erases the address, every follow and every outbox row of it; keeps only its hash. */
export async function eraseSubscriber(
  db: Database,
  input: { subscriberId: string; emailSha256: string; now: Date },
): Promise<void> {
  await db.transaction((tx) =>
    forgetAddress(tx as unknown as Database, input.subscriberId, input.emailSha256, input.now),
  );
}

/**
 * A new token version: every earlier management link stops working. `afterBump` runs in the same
 * transaction (the new link's e-mail job).
 */
export async function bumpTokenVersion(
  db: Database,
  subscriberId: string,
  afterBump: (tx: Database) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(alertSubscribers)
      .set({ tokenVersion: sql`${alertSubscribers.tokenVersion} + 1` })
      .where(eq(alertSubscribers.id, subscriberId));
    await afterBump(tx as unknown as Database);
  });
}

/**
 * Everything stored about an address: its row, its follows and its outbox rows, each with the
 * matching run's finds it points at (what it was or will be told).
 */
export async function subscriberData(db: Database, subscriberId: string) {
  const [subscriber, follows, rows] = await Promise.all([
    findSubscriber(db, subscriberId),
    followsOf(db, subscriberId),
    db
      .select({ row: alertOutbox, batch: alertBatches.payload })
      .from(alertOutbox)
      .leftJoin(alertBatches, eq(alertBatches.id, alertOutbox.batchId))
      .where(eq(alertOutbox.subscriberId, subscriberId))
      .orderBy(asc(alertOutbox.id)),
  ]);
  return { subscriber, follows, outbox: rows.map(({ row, batch }) => ({ ...row, batch })) };
}

/** Suspends or lifts an address; false when no address is stored under it. */
export async function setSuspended(
  db: Database,
  email: string,
  suspension: { at: Date; by: string } | null,
): Promise<boolean> {
  const rows = await db
    .update(alertSubscribers)
    .set({ suspendedAt: suspension?.at ?? null, suspendedBy: suspension?.by ?? null })
    .where(eq(alertSubscribers.email, email))
    .returning({ id: alertSubscribers.id });
  return rows.length > 0;
}

/** The counts of a monitor's follows (confirmed, by kind, by flag, unconfirmed). */
export async function followCounts(db: Database, organizationId: string) {
  return db
    .select({
      kind: alertFollows.kind,
      code: alertFollows.code,
      confirmed: sql<boolean>`${alertFollows.confirmedAt} IS NOT NULL`,
      follows: count(),
    })
    .from(alertFollows)
    .where(eq(alertFollows.organizationId, organizationId))
    .groupBy(alertFollows.kind, alertFollows.code, sql`${alertFollows.confirmedAt} IS NOT NULL`);
}

/** Confirmed CONTRACTS follows whose filters are exactly one supplier, most followed first. */
export async function supplierFollowCounts(db: Database, organizationId: string, limit: number) {
  return queryRows<{ id: string; name: string; follows: number }>(
    db,
    sql`SELECT s.id, s.name, f.follows::int AS follows FROM (
          SELECT (filters->'suppliers'->>0)::uuid AS supplier_id, count(*) AS follows
            FROM alert_follows
           WHERE organization_id = ${organizationId} AND kind = 'CONTRACTS' AND confirmed_at IS NOT NULL
             AND filters = jsonb_build_object('suppliers', jsonb_build_array(filters->'suppliers'->0))
           GROUP BY 1) f
        JOIN suppliers s ON s.id = f.supplier_id AND s.organization_id = ${organizationId}
       ORDER BY f.follows DESC, s.name LIMIT ${limit}`,
  );
}

/** The state of a monitor's outbox: waiting, failing, sent in the last days and last sent. */
export async function deliveryCounts(db: Database, organizationId: string, since: Date) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${alertOutbox.sentAt} IS NULL)::int`,
      failing: sql<number>`count(*) FILTER (WHERE ${alertOutbox.sentAt} IS NULL AND ${alertOutbox.attempts} > 0)::int`,
      sentSince: sql<number>`count(*) FILTER (WHERE ${alertOutbox.sentAt} >= ${since.toISOString()}::timestamptz)::int`,
      lastSentAt: max(alertOutbox.sentAt),
    })
    .from(alertOutbox)
    .where(eq(alertOutbox.organizationId, organizationId));
  return row!;
}
