import { WEB_ROUTES } from '../../../shared/routes';
import type { AppDeps } from '../../types';
import { type AlertItem, alertMail } from './alert-mail';
import { claimPending, markFailed, markSent, pendingSubscribers } from './delivery.repository';
import { monitorLink } from './matching.service';
import { alertTokens } from './tokens';

/**
 * The alerts' e-mails (decision 0053): one e-mail per address with every pending change of the
 * frequencies being sent (IMMEDIATE after a match; IMMEDIATE and WEEKLY on Monday's digest).
 * Once: an address's rows are claimed in one statement (one more attempt counted; a claim keeps
 * other senders off them for ten minutes), the e-mail is sent with no transaction open, and the rows
 * are marked sent only once the mail server accepted it; a refusal releases them with the reason,
 * and the job is retried with backoff.
 */

export type DeliveryDeps = Pick<
  AppDeps,
  'database' | 'config' | 'organizations' | 'now' | 'mailer' | 'sessionKey'
>;

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
  for (const subscriberId of await pendingSubscribers(db, frequencies)) {
    // Claimed in one statement, sent with no transaction open, then marked: a mail server that
    // takes seconds to answer holds no connection and no row (on the embedded database, the only
    // connection); a claim keeps any other sender off these rows meanwhile.
    const claim = await claimPending(db, subscriberId, frequencies);
    if (!claim || claim.rows.length === 0) continue;
    const items: AlertItem[] = [];
    for (const row of claim.rows) {
      items.push({
        organizationId: row.organizationId,
        organizationName: (await deps.organizations.get(row.organizationId))?.name ?? '',
        followKey: row.followId ?? String(row.payload.why ?? ''),
        payload: row.payload,
      });
    }
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
      continue;
    }
    await markSent(db, ids, deps.now());
    result.emails += 1;
    result.rows += ids.length;
  }
  return result;
}
