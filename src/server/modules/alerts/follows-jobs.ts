import { z } from 'zod';
import type { AppDeps } from '../../types';
import { followLine } from './alerts.presenter';
import { findFollowDetail, findSubscriber, followsOf } from './follows.repository';
import { confirmationMail, managementLinkMail } from './follows-mail';
import { followViews } from './follows-views';
import { alertTokens } from './tokens';

/** The e-mails of the follow form and the management page: a confirmation, or a new management link. */
export const FOLLOW_MAIL_JOB = 'alerts-follow-mail';

export const FollowMailJobSchema = z.union([
  z.object({ confirmFollow: z.string() }),
  z.object({ manageLink: z.string().describe('The subscriber') }),
]);
export type FollowMailJob = z.infer<typeof FollowMailJobSchema>;

/** The links of the alerts' web pages (decision 0053). */
export function alertLinks(deps: Pick<AppDeps, 'config' | 'sessionKey'>) {
  const tokens = alertTokens(deps.sessionKey);
  const base = deps.config.publicUrl;
  return {
    confirm: (followId: string) => `${base}/alerts/confirm/${tokens.confirmation(followId)}`,
    manage: (subscriberId: string, version: number) =>
      `${base}/alerts/${tokens.management(subscriberId, version)}`,
  };
}

/**
 * Sends the e-mail after the request that asked for it, retried with backoff while the mail server
 * refuses it (like the contact form's). Links are made when sending, so a new management link asked
 * for meanwhile is the one mailed. Nothing goes to a suspended address or one that left meanwhile.
 */
export function defineFollowJobs(deps: AppDeps): void {
  const links = alertLinks(deps);
  deps.jobs.define(
    FOLLOW_MAIL_JOB,
    FollowMailJobSchema,
    async (payload, job) => {
      const { db } = deps.database;
      if ('confirmFollow' in payload) {
        const follow = await findFollowDetail(db, payload.confirmFollow);
        if (!follow || follow.suspendedAt) return;
        const [view] = await followViews(deps, [follow]);
        await deps.mailer.send(
          confirmationMail({
            to: follow.email,
            follow: followLine(view!),
            confirmUrl: links.confirm(follow.id),
            manageUrl: links.manage(follow.subscriberId, follow.tokenVersion),
          }),
        );
      } else {
        const subscriber = await findSubscriber(db, payload.manageLink);
        if (!subscriber || subscriber.suspendedAt) return;
        const views = await followViews(deps, await followsOf(db, subscriber.id));
        await deps.mailer.send(
          managementLinkMail({
            to: subscriber.email,
            manageUrl: links.manage(subscriber.id, subscriber.tokenVersion),
            follows: views.map(followLine),
          }),
        );
      }
      job.log.debug({ job: FOLLOW_MAIL_JOB }, 'alert e-mail sent');
    },
    {
      retryLimit: deps.config.jobs.mailRetryLimit,
      retryDelaySeconds: deps.config.jobs.mailRetryDelaySeconds,
      retryDelayMaxSeconds: 7200,
    },
  );
}
