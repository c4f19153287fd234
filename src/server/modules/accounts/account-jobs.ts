import { z } from 'zod';
import type { TokenPurpose } from '../../../shared/constants/enums';
import { LIMITS } from '../../../shared/constants/limits';
import type { MailMessage } from '../../lib/mailer';
import type { AppDeps } from '../../types';
import { findUser, findUserByEmail, type UserRow } from '../users/users.service';
import { invitationMail, resetPasswordMail } from './account-mails';
import { issuePasswordToken } from './password-tokens.repository';

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

const RESET_MAILS_PER_HOUR = 3;

const LINK_LIFETIME_MS: Record<TokenPurpose, number> = {
  RESET: LIMITS.resetLinkMinutes * 60_000,
  INVITATION: LIMITS.invitationLinkHours * 3_600_000,
};

/** E-mails a user a new single-use link to set a password (a reset, or the invitation of a new user). */
async function mailPasswordLink(
  deps: AppDeps,
  user: UserRow,
  purpose: TokenPurpose,
  compose: (link: string) => MailMessage,
): Promise<void> {
  const now = deps.now();
  const token = await issuePasswordToken(deps.database.db, {
    userId: user.id,
    purpose,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]),
    now,
    // Reset e-mails per account and hour, whoever asks and from wherever.
    limit:
      purpose === 'RESET'
        ? { max: RESET_MAILS_PER_HOUR, since: new Date(now.getTime() - 3_600_000) }
        : undefined,
  });
  if (token) await deps.mailer.send(compose(passwordLink(deps, token)));
}

function passwordLink(deps: AppDeps, token: string): string {
  return `${deps.config.publicUrl}/new-password/${token}`;
}
