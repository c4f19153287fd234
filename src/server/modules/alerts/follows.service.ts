import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  type AlertSummary,
  type FollowBody,
  type FollowPatch,
  type FollowView,
  type ManageData,
} from '../../../shared/schemas/alerts';
import type { Actor } from '../../lib/actor';
import type { Captcha } from '../../lib/captcha';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AppDeps, OrganizationRow } from '../../types';
import { presentSummary } from './alerts.presenter';
import {
  bumpTokenVersion,
  confirmFollow,
  countFollows,
  deleteFollow,
  deliveryCounts,
  eraseSubscriber,
  type FollowTarget,
  findFollowDetail,
  findSameFollow,
  findSubscriber,
  findSubscriberByEmail,
  followCounts,
  followsOf,
  type SubscriberRow,
  setSuspended,
  spendCaptcha,
  storeFollowRequest,
  subscriberData,
  supplierFollowCounts,
  suppressionOf,
  updateFollow,
} from './follows.repository';
import { FOLLOW_MAIL_JOB, type FollowMailJob } from './follows-jobs';
import { compactFilters } from './follows-text';
import { followViews } from './follows-views';
import { alertTokens } from './tokens';

/**
 * Follows by e-mail without an account (issue 33, decision 0053): the follow form (double opt-in,
 * captcha, limits, the 30-day rule after unsubscribing), the confirmation link and the management
 * page behind the address's link (see, change, end, export, erase, new link, one-click unsubscribe),
 * and the administrators' counts and suspensions. E-mails go out from a job, never in the request.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The suppression list's key: the SHA-256 of the (lower-cased) address, nothing that names it. */
export function emailSha256(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

const tokensOf = (deps: Pick<AppDeps, 'sessionKey'>) => alertTokens(deps.sessionKey);
const invalidLink = () => new AppError('NOT_FOUND', ALERT_MESSAGES.invalidLink);

function targetOf(organization: OrganizationRow, body: FollowBody): FollowTarget {
  return {
    organizationId: organization.id,
    kind: body.kind,
    filters: body.kind === 'CONTRACTS' ? compactFilters(body.filters) : null,
    code: body.kind === 'FLAG' ? (body.code ?? null) : null,
  };
}

/** Confirmation and new-link e-mails to one address per hour, counted in the shared counters. */
async function countMail(deps: AppDeps, email: string): Promise<void> {
  const key = `alerts-mail:${emailSha256(email)}`;
  const state = await deps.limiter.hit(key, { max: ALERT_LIMITS.mailsPerHour, windowMs: HOUR_MS });
  if (state.exceeded) {
    throw new AppError('RATE_LIMITED', ALERT_MESSAGES.tooManyMails, {
      retryAfterSeconds: Math.max(1, Math.ceil((state.resetAt.getTime() - deps.now().getTime()) / 1000)),
    });
  }
}

/**
 * A follow asked from the header's monitor. The answer is the same whether or not the address
 * already follows anything (no enumeration); the follow stays inactive until its link is used.
 */
export async function requestFollow(
  deps: AppDeps,
  captcha: Captcha,
  organization: OrganizationRow,
  body: FollowBody,
  log: FastifyBaseLogger,
): Promise<void> {
  const check = await captcha.check(body.altcha);
  if (!check.ok) {
    throw new AppError(
      'BAD_REQUEST',
      check.reason === 'expired' ? ALERT_MESSAGES.captchaExpired : ALERT_MESSAGES.captchaInvalid,
    );
  }
  const { db } = deps.database;
  const now = deps.now();
  const target = targetOf(organization, body);
  const subscriber = await findSubscriberByEmail(db, body.email);
  const unsubscribedAt = subscriber ? null : await suppressionOf(db, emailSha256(body.email));
  if (unsubscribedAt && now.getTime() - unsubscribedAt.getTime() < ALERT_LIMITS.suppressionDays * DAY_MS) {
    if (!body.again) throw new AppError('CONFLICT', ALERT_MESSAGES.recentlyUnsubscribed);
  }
  if (
    subscriber &&
    !subscriber.suspendedAt &&
    !(await findSameFollow(db, subscriber.id, target)) &&
    (await countFollows(db, subscriber.id)) >= ALERT_LIMITS.followsPerAddress
  ) {
    throw new AppError('CONFLICT', ALERT_MESSAGES.tooManyFollows);
  }
  if (!subscriber?.suspendedAt) await countMail(deps, body.email);
  const settings = {
    frequency: body.frequency,
    threshold: body.kind === 'INDEX' ? (body.threshold ?? ALERT_LIMITS.defaultThreshold) : null,
  };
  const outcome = await storeFollowRequestOrSpend(deps, {
    suspended: Boolean(subscriber?.suspendedAt),
    email: body.email,
    target,
    settings,
    captcha: { signature: check.signature, expiresAt: check.expiresAt },
    now,
  });
  if (outcome === 'captchaUsed') throw new AppError('CONFLICT', ALERT_MESSAGES.captchaUsed);
  if (outcome === 'tooMany') throw new AppError('CONFLICT', ALERT_MESSAGES.tooManyFollows);
  log.debug({ alertFollow: outcome === 'suspended' ? null : outcome.followId }, 'follow requested');
}

/**
 * Stores the request with its e-mail's job, or, for a suspended address, only spends the captcha:
 * the answer is the same, nothing is sent.
 */
async function storeFollowRequestOrSpend(
  deps: AppDeps,
  input: {
    suspended: boolean;
    email: string;
    target: FollowTarget;
    settings: { frequency: string; threshold: number | null };
    captcha: { signature: string; expiresAt: Date };
    now: Date;
  },
) {
  if (input.suspended) {
    return (await spendCaptcha(deps.database.db, input.captcha)) ? ('suspended' as const) : 'captchaUsed';
  }
  return storeFollowRequest(
    deps.database.db,
    { ...input, id: newId, maxFollows: ALERT_LIMITS.followsPerAddress },
    (tx, followId) =>
      deps.jobs.enqueue(FOLLOW_MAIL_JOB, { confirmFollow: followId } satisfies FollowMailJob, { tx }),
  );
}

/** The follow a confirmation token names, or 404. */
async function followOfConfirmation(deps: AppDeps, token: string) {
  const id = tokensOf(deps).idOf(token);
  const follow = id ? await findFollowDetail(deps.database.db, id) : undefined;
  if (!follow || !tokensOf(deps).isConfirmation(token, follow.id)) throw invalidLink();
  return follow;
}

/** What a confirmation link is about and whether it was used (no side effect: scanners fetch links). */
export async function confirmationOf(
  deps: AppDeps,
  token: string,
): Promise<{ confirmed: boolean; follow: FollowView }> {
  const follow = await followOfConfirmation(deps, token);
  const [view] = await followViews(deps, [follow]);
  return { confirmed: view!.confirmed, follow: view! };
}

/**
 * Confirms the follow: from now on what is new to its cursor is told. Gives the address's
 * management token; a link already used only says so (409), so an old confirmation e-mail never
 * hands out a management link issued after it.
 */
export async function confirm(deps: AppDeps, token: string): Promise<{ manageToken: string }> {
  const follow = await followOfConfirmation(deps, token);
  const confirmed = await confirmFollow(deps.database.db, follow.id, {
    now: deps.now(),
    emailSha256: emailSha256(follow.email),
    // The index's value is read by the nightly match (null: seen there first, told from then on).
    lastIndex: null,
  });
  if (!confirmed) throw new AppError('CONFLICT', ALERT_MESSAGES.alreadyConfirmed);
  return { manageToken: tokensOf(deps).management(follow.subscriberId, follow.tokenVersion) };
}

/** The address a management token names at its current version, or 404. */
async function subscriberOf(deps: AppDeps, token: string): Promise<SubscriberRow> {
  const id = tokensOf(deps).idOf(token);
  const subscriber = id ? await findSubscriber(deps.database.db, id) : undefined;
  if (!subscriber || !tokensOf(deps).isManagement(token, subscriber.id, subscriber.tokenVersion)) {
    throw invalidLink();
  }
  return subscriber;
}

/** The management page: the address and every follow of it. */
export async function manage(deps: AppDeps, token: string): Promise<ManageData> {
  const subscriber = await subscriberOf(deps, token);
  return {
    email: subscriber.email,
    suspended: subscriber.suspendedAt !== null,
    follows: await followViews(deps, await followsOf(deps.database.db, subscriber.id)),
  };
}

/** Changes a follow's frequency, or an INDEX follow's threshold. */
export async function changeFollow(
  deps: AppDeps,
  token: string,
  followId: string,
  patch: FollowPatch,
): Promise<FollowView> {
  const subscriber = await subscriberOf(deps, token);
  const { db } = deps.database;
  const follow = await findFollowDetail(db, followId);
  if (!follow || follow.subscriberId !== subscriber.id)
    throw new AppError('NOT_FOUND', ALERT_MESSAGES.followNotFound);
  if (patch.threshold !== undefined && follow.kind !== 'INDEX') {
    throw new AppError('BAD_REQUEST', ALERT_MESSAGES.thresholdOnlyIndex);
  }
  await updateFollow(db, subscriber.id, followId, patch);
  const [view] = await followViews(deps, [(await findFollowDetail(db, followId))!]);
  return view!;
}

/** Ends one follow; the last one takes the address with it (its hash kept for the 30-day rule). */
export async function endFollow(
  deps: AppDeps,
  token: string,
  followId: string,
): Promise<{ addressDeleted: boolean }> {
  const subscriber = await subscriberOf(deps, token);
  const outcome = await deleteFollow(deps.database.db, {
    subscriberId: subscriber.id,
    followId,
    emailSha256: emailSha256(subscriber.email),
    now: deps.now(),
  });
  if (!outcome) throw new AppError('NOT_FOUND', ALERT_MESSAGES.followNotFound);
  return outcome;
}

/** A new management link, by e-mail only: every earlier one stops working. */
export async function newManagementLink(deps: AppDeps, token: string): Promise<void> {
  const subscriber = await subscriberOf(deps, token);
  // A suspended address is sent nothing, and a link it cannot receive would lock it out.
  if (subscriber.suspendedAt) return;
  await countMail(deps, subscriber.email);
  await bumpTokenVersion(deps.database.db, subscriber.id, (tx) =>
    deps.jobs.enqueue(FOLLOW_MAIL_JOB, { manageLink: subscriber.id } satisfies FollowMailJob, { tx }),
  );
}

/** Everything stored about the address, for its download (JSON). */
export async function exportAddress(deps: AppDeps, token: string) {
  const subscriber = await subscriberOf(deps, token);
  const data = await subscriberData(deps.database.db, subscriber.id);
  return {
    exportedAt: deps.now().toISOString(),
    subscriber: {
      _id: subscriber.id,
      email: subscriber.email,
      createdAt: subscriber.createdAt.toISOString(),
      suspendedAt: subscriber.suspendedAt?.toISOString() ?? null,
      linkVersion: subscriber.tokenVersion,
    },
    follows: data.follows.map((follow) => ({
      _id: follow.id,
      organization: { _id: follow.organizationId, name: follow.organizationName },
      kind: follow.kind,
      filters: follow.filters,
      code: follow.code,
      threshold: follow.threshold,
      frequency: follow.frequency,
      createdAt: follow.createdAt.toISOString(),
      confirmationSentAt: follow.confirmationSentAt?.toISOString() ?? null,
      confirmedAt: follow.confirmedAt?.toISOString() ?? null,
      lastIndex: follow.lastIndex,
    })),
    sent: data.outbox.map((row) => ({
      followId: row.followId,
      organizationId: row.organizationId,
      change: row.changeKey,
      content: row.payload,
      frequency: row.frequency,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      attempts: row.attempts,
    })),
  };
}

/** Erases the address and everything of it; only the hash of the address is kept (30 days). */
export async function eraseAddress(deps: AppDeps, token: string): Promise<void> {
  const subscriber = await subscriberOf(deps, token);
  await eraseSubscriber(deps.database.db, {
    subscriberId: subscriber.id,
    emailSha256: emailSha256(subscriber.email),
    now: deps.now(),
  });
}

/**
 * One-click unsubscribe (RFC 8058): the same as erasing. A link whose address is gone already
 * answers as done; one that never named it (a wrong or revoked link of a stored address) is 404.
 */
export async function unsubscribe(deps: AppDeps, token: string): Promise<void> {
  const id = tokensOf(deps).idOf(token);
  if (!id) throw invalidLink();
  if (!(await findSubscriber(deps.database.db, id))) return;
  await eraseAddress(deps, token);
}

/** The administrators' counts of a monitor's follows and deliveries (never an address). */
export async function alertSummary(deps: AppDeps, organization: OrganizationRow): Promise<AlertSummary> {
  const { db } = deps.database;
  const since = new Date(deps.now().getTime() - 7 * DAY_MS);
  const [counts, suppliers, deliveries] = await Promise.all([
    followCounts(db, organization.id),
    supplierFollowCounts(db, organization.id, 20),
    deliveryCounts(db, organization.id, since),
  ]);
  return presentSummary({ counts, suppliers, deliveries });
}

/** A GENERAL administrator stops (or allows again) every e-mail to an address that complained. */
export async function suspendAddress(
  deps: AppDeps,
  actor: Actor,
  body: { email: string; suspended: boolean },
): Promise<void> {
  const found = await setSuspended(
    deps.database.db,
    body.email,
    body.suspended ? { at: deps.now(), by: actor.userId } : null,
  );
  if (!found) throw new AppError('NOT_FOUND', ALERT_MESSAGES.addressNotFound);
}
