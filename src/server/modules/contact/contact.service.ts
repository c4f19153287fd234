import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_MESSAGES, type ContactBody, type ContactInfo } from '../../../shared/schemas/contact';
import type { Captcha } from '../../lib/captcha';
import { AppError } from '../../lib/errors';
import type { AppDeps, OrganizationRow } from '../../types';
import { recordDelivery, storeContactMessage } from './contact.repository';
import { contactMail } from './contact-mail';

/** Longest delivery error kept with a message (SMTP answers can be long). */
const ERROR_MAX = 500;

/** The contact page's view of a monitor: where it is, when, and whether the form can deliver. */
export function presentContactInfo(row: OrganizationRow): ContactInfo {
  const email = row.contactEmail?.trim() || null;
  return {
    _id: row.id,
    address: row.address,
    schedule: row.schedule,
    additionalInformation: row.additionalInformation,
    contactLocation: row.contactLocation,
    email,
    socialUrl: row.socialUrl,
    canReceive: email !== null,
  };
}

/**
 * Accepts one contact message: the monitor must have a contact address and the captcha must be
 * solved, fresh and unused. The message is stored first (with the captcha marked used), then
 * e-mailed after the response, so a slow or failing mail server neither delays the visitor nor
 * loses the message: its row records when it was sent or why it was not.
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
  const id = await storeContactMessage(db, {
    message,
    captcha: { signature: check.signature, expiresAt: check.expiresAt },
    // Captcha expiry follows the real clock (altcha-lib checks it against Date.now()).
    now: new Date(),
  });
  if (!id) throw new AppError('CONFLICT', CONTACT_MESSAGES.captchaUsed);

  const mail = contactMail({ ...message, to, organizationName: organization.name });
  deps.background.run('contact message', async () => {
    if (!deps.mailer.delivers) {
      // Without SMTP the mailer would write the visitor's message to the log: it stays in the database only.
      await recordDelivery(db, id, {
        deliveryError: 'SMTP_URL no está configurado: el mensaje no se envió.',
      });
      log.warn({ contactMessage: id }, 'contact message stored but not e-mailed (no SMTP_URL)');
      return;
    }
    try {
      await deps.mailer.send(mail);
      await recordDelivery(db, id, { sentAt: deps.now() });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      await recordDelivery(db, id, { deliveryError: reason || 'Error desconocido' });
      log.error({ err: error, contactMessage: id }, 'contact message stored but not e-mailed');
    }
  });
}
