import { z } from 'zod';
import type { AppDeps } from '../../types';
import { findMessageToSend, recordDelivery } from './contact.repository';
import { contactMail } from './contact-mail';

export const CONTACT_MAIL_JOB = 'contact-message-mail';

/** Longest delivery error kept with a message (SMTP answers can be long). */
const ERROR_MAX = 500;

/**
 * E-mails a stored contact message to its monitor and marks it sent. A refusal is written on the row
 * (delivery_error) and the job is retried with backoff until the mail server takes it; without SMTP
 * the message stays in the database only (the mailer would write it to the log).
 */
export function defineContactJobs(deps: AppDeps): void {
  deps.jobs.define(
    CONTACT_MAIL_JOB,
    z.object({ messageId: z.string() }),
    async ({ messageId }, job) => {
      const { db } = deps.database;
      const row = await findMessageToSend(db, messageId);
      if (!row || row.sentAt) return;
      const to = row.contactEmail?.trim();
      if (!deps.mailer.delivers || !to) {
        await recordDelivery(db, messageId, {
          deliveryError: to
            ? 'SMTP_URL no está configurado: el mensaje no se envió.'
            : 'El monitor ya no tiene correo de contacto: el mensaje no se envió.',
        });
        job.log.warn({ contactMessage: messageId }, 'contact message stored but not e-mailed (no SMTP_URL)');
        return;
      }
      try {
        await deps.mailer.send(
          contactMail({
            to,
            organizationName: row.organizationName,
            name: row.name,
            email: row.email,
            phone: row.phone,
            message: row.message,
          }),
        );
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
        const attempt = job.lastAttempt
          ? `último intento (${job.attempt})`
          : `intento ${job.attempt}, se reintentará`;
        await recordDelivery(db, messageId, {
          deliveryError: `${reason || 'Error desconocido'} [${attempt}]`,
        });
        job.log.error({ err: error, contactMessage: messageId }, 'contact message stored but not e-mailed');
        throw error;
      }
      await recordDelivery(db, messageId, { sentAt: deps.now() });
    },
    {
      retryLimit: deps.config.jobs.mailRetryLimit,
      retryDelaySeconds: deps.config.jobs.mailRetryDelaySeconds,
      retryDelayMaxSeconds: 7200,
    },
  );
}
