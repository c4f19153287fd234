import { z } from 'zod';
import { LIMITS } from '../../../shared/constants/limits';
import type { AppDeps } from '../../types';
import { findUser, findUserByEmail } from '../users/users.repository';
import { invitationMail, resetPasswordMail } from './account-mails';
import { mailPasswordLink } from './accounts.service';

export const PASSWORD_RESET_MAIL_JOB = 'password-reset-mail';
export const INVITATION_MAIL_JOB = 'invitation-mail';

/**
 * The e-mails of password links as durable jobs: a mail server that refuses them gets them again
 * later (with backoff), and a restart loses none. Each attempt issues its own link (a link is stored
 * hashed, so a retry cannot resend the one before); the reset limit per account still applies.
 */
export function defineAccountJobs(deps: AppDeps): void {
  const retries = {
    retryLimit: deps.config.jobs.mailRetryLimit,
    retryDelaySeconds: deps.config.jobs.mailRetryDelaySeconds,
    retryDelayMaxSeconds: 7200,
  };
  deps.jobs.define(
    PASSWORD_RESET_MAIL_JOB,
    z.object({ email: z.string() }),
    async ({ email }) => {
      const user = await findUserByEmail(deps.database.db, email);
      if (!user?.active) return;
      await mailPasswordLink(deps, user, 'RESET', (link) =>
        resetPasswordMail({ to: user.email, name: user.name, link, minutes: LIMITS.resetLinkMinutes }),
      );
    },
    retries,
  );
  deps.jobs.define(
    INVITATION_MAIL_JOB,
    z.object({ userId: z.string(), invitedBy: z.string() }),
    async ({ userId, invitedBy }) => {
      // Read when the job runs: a user deactivated or deleted meanwhile is not invited.
      const user = await findUser(deps.database.db, userId);
      if (!user?.active) return;
      await mailPasswordLink(deps, user, 'INVITATION', (link) =>
        invitationMail({
          to: user.email,
          name: user.name,
          invitedBy,
          link,
          hours: LIMITS.invitationLinkHours,
        }),
      );
    },
    retries,
  );
}
