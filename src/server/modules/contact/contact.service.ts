import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_MESSAGES, type ContactBody } from '../../../shared/schemas/contact';
import type { Captcha } from '../../lib/captcha';
import { AppError } from '../../lib/errors';
import type { AppDeps, OrganizationRow } from '../../types';
import { storeContactMessage } from './contact.repository';
import { CONTACT_MAIL_JOB } from './contact-jobs';

/**
 * Accepts one contact message: the monitor must have a contact address and the captcha must be
 * solved, fresh and unused. The message is stored (with the captcha marked used) together with the
 * job that e-mails it after the response, so a slow or failing mail server neither delays the visitor
 * nor loses the message: the job is retried until it is sent, and the row records when or why not.
 */
export async function submitContactMessage(
  deps: AppDeps,
  captcha: Captcha,
  organization: OrganizationRow,
  body: ContactBody,
  log: FastifyBaseLogger,
): Promise<void> {
  const to = organization.contactEmail?.trim();
  if (!to) throw new AppError('UNPROCESSABLE', CONTACT_MESSAGES.noContactEmail);

  const check = await captcha.check(body.altcha);
  if (!check.ok) {
    throw new AppError(
      'BAD_REQUEST',
      check.reason === 'expired' ? CONTACT_MESSAGES.captchaExpired : CONTACT_MESSAGES.captchaInvalid,
    );
  }
  const { db } = deps.database;
  const message = {
    organizationId: organization.id,
    name: body.name,
    email: body.email,
    phone: body.phone,
    message: body.message,
  };
  const id = await storeContactMessage(
    db,
    {
      message,
      captcha: { signature: check.signature, expiresAt: check.expiresAt },
      // Captcha expiry follows the real clock (altcha-lib checks it against Date.now()).
      now: new Date(),
    },
    (tx, messageId) => deps.jobs.enqueue(CONTACT_MAIL_JOB, { messageId }, { tx }),
  );
  if (!id) throw new AppError('CONFLICT', CONTACT_MESSAGES.captchaUsed);
  log.debug({ contactMessage: id }, 'contact message stored, e-mail queued');
}
