import { WEB_ROUTES } from '../../../shared/routes';
import type { AppDeps } from '../../types';
import { type AlertItem, alertMail } from './alert-mail';
import {
  batchesOf,
  type ClaimedRow,
  claimPending,
  markFailed,
  markSent,
  pendingSubscribers,
} from './delivery.repository';
import { monitorLink } from './matching.service';
import { alertTokens } from './tokens';

/**
 * The alerts' e-mails (decision 0053): one e-mail per address with every pending change of the
 * frequencies being sent (IMMEDIATE after a match; IMMEDIATE and WEEKLY on Monday's digest).
 * Once: an address's rows are claimed in one statement (one more attempt counted; a claim keeps
 * other senders off them for ten minutes), the e-mail is sent with no transaction open, and the rows
 * are marked sent only once the mail server accepted it; a refusal releases them with the reason,
 * and the job is retried with backoff. SENDERS addresses are sent at a time over the mailer's pooled
 * SMTP connections: one at a time, each e-mail waited for the database and the mail server in turn.
 */

export type DeliveryDeps = Pick<
  AppDeps,
  'database' | 'config' | 'organizations' | 'now' | 'mailer' | 'sessionKey'
>;

/** Addresses sent to at once (each its own e-mail; the mailer pools its connections). */
const SENDERS = 8;

/** Longest delivery error kept with a row (SMTP answers can be long). */
const ERROR_MAX = 500;

export interface DeliveryResult {
  /** E-mails the mail server accepted. */
  emails: number;
  /** Outbox rows they carried. */
  rows: number;
  /** The first refusal, when some address could not be sent to (its rows wait for the retry). */
  failure: unknown;
}

/** Sends every address's pending rows of these frequencies, one e-mail each. */
export async function deliverAlerts(
  deps: DeliveryDeps,
  options: { weekly: boolean },
): Promise<DeliveryResult> {
  const result: DeliveryResult = { emails: 0, rows: 0, failure: null };
  // Without SMTP nothing is sent (the log is no mailbox): the rows wait for a mail server.
  if (!deps.mailer.delivers) return result;
  const { db } = deps.database;
  const frequencies = options.weekly ? ['IMMEDIATE', 'WEEKLY'] : ['IMMEDIATE'];
  const tokens = alertTokens(deps.sessionKey);
  const sendTo = async (subscriberId: string) => {
    // Claimed in one statement, sent with no transaction open, then marked: a mail server that
    // takes seconds to answer holds no connection and no row (on the embedded database, the only
    // connection); a claim keeps any other sender off these rows meanwhile.
    const claim = await claimPending(db, subscriberId, frequencies);
    if (!claim || claim.rows.length === 0) return;
    const batches = await batchesOf(
      db,
      claim.rows.flatMap((row) => (row.batchId === null ? [] : [row.batchId])),
    );
    const names = new Map<string, string>();
    for (const { organizationId } of claim.rows) {
      if (!names.has(organizationId))
        names.set(organizationId, (await deps.organizations.get(organizationId))?.name ?? '');
    }
    const items = alertItems(claim.rows, batches, names);
    const token = tokens.management(subscriberId, claim.tokenVersion);
    const ids = claim.rows.map((row) => row.id);
    try {
      await deps.mailer.send(
        alertMail({
          to: claim.email,
          items,
          manageUrl: `${deps.config.publicUrl}/alerts/${token}`,
          unsubscribeUrl: `${deps.config.publicUrl}/public-api/alerts/unsubscribe/${token}`,
          unsubscribePageUrl: `${deps.config.publicUrl}/alerts/unsubscribe/${token}`,
          listUrl: (organizationId) => monitorLink(deps, WEB_ROUTES.contracts, organizationId),
        }),
      );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      await markFailed(db, ids, reason || 'Error desconocido');
      result.failure ??= error;
      failuresInARow += 1;
      return;
    }
    failuresInARow = 0;
    await markSent(db, ids, deps.now());
    result.emails += 1;
    result.rows += ids.length;
  };
  const pending = await pendingSubscribers(db, frequencies);
  let next = 0;
  // A mail server that refuses every e-mail (down, or over its limit) is not asked for each of
  // thousands of addresses: after SENDERS refusals in a row the rest wait for the job's retry. One
  // address it refuses does not stop the others.
  let failuresInARow = 0;
  const sender = async () => {
    while (next < pending.length && failuresInARow < SENDERS) await sendTo(pending[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(SENDERS, pending.length) }, sender));
  return result;
}

/**
 * An e-mail's changes from its outbox rows: a row of its own is one change; a row pointing at a
 * matching run's batch is the batch's items after the follow's confirmation ('since'), then, when
 * the follow had more matches than the batch lists, one 'more' item counting them. A contract (or a
 * flag of it) that two follows of the address found is listed once.
 */
export function alertItems(
  rows: readonly Pick<ClaimedRow, 'organizationId' | 'followId' | 'payload' | 'batchId'>[],
  batches: ReadonlyMap<number, Record<string, unknown>>,
  organizationNames: ReadonlyMap<string, string>,
): AlertItem[] {
  const items: AlertItem[] = [];
  const listed = new Set<string>();
  for (const row of rows) {
    const organizationName = organizationNames.get(row.organizationId) ?? '';
    if (row.batchId === null) {
      items.push({
        organizationId: row.organizationId,
        organizationName,
        followKey: row.followId ?? String(row.payload.why ?? ''),
        payload: row.payload,
      });
      continue;
    }
    const batch = batches.get(row.batchId);
    if (!batch) continue; // gone with its monitor
    const why = batch.why;
    const followKey = row.followId ?? String(why ?? '');
    const since = typeof row.payload.since === 'number' ? row.payload.since : null;
    const found = (Array.isArray(batch.items) ? batch.items : []) as Record<string, unknown>[];
    const own = since === null ? found : found.filter((item) => Number(item.at) > since);
    for (const item of own) {
      const key = `${row.organizationId}|${String(item.key)}`;
      if (listed.has(key)) continue;
      listed.add(key);
      items.push({
        organizationId: row.organizationId,
        organizationName,
        followKey,
        payload: { ...item, why },
      });
    }
    const more = Number(row.payload.total ?? 0) - own.length;
    if (more > 0)
      items.push({
        organizationId: row.organizationId,
        organizationName,
        followKey,
        payload: { kind: 'MORE', more, why, link: batch.link, flag: batch.flag },
      });
  }
  return items;
}
