import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of the alerts. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** False without SMTP_URL: messages only reach the log, nobody's mailbox. */
  readonly delivers: boolean;
  /** Sends one message; rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Outgoing mail over SMTP (SMTP_URL, nodemailer). Without SMTP the message is written to the log,
 * so a local installation still shows the links it would have mailed. `production` (NODE_ENV=production
 * or a PostgreSQL server) leaves the password links out: whoever reads a server's logs must not be
 * able to reset an administrator's password.
 */
export function createMailer(
  options: { smtpUrl: string | null; from: string; production: boolean },
  log: FastifyBaseLogger,
): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      async send(message) {
        // In production the log is read by more people than the mailbox: password links stay out.
        const text = options.production
          ? message.text.replace(/https?:\/\/\S+\/new-password\/\S+/g, '[enlace omitido: configure SMTP_URL]')
          : message.text;
        log.warn(
          { mail: { to: message.to, subject: message.subject, text } },
          'e-mail not sent (no SMTP_URL)',
        );
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    // A few connections kept open and reused (nodemailer's pool): an alerts send of thousands of
    // e-mails does not open a connection and greet the server for each (bench:alerts: 62 e-mails/s
    // against 45 with a connection per e-mail).
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    // Never wait long on a mail server while a job waits on us.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every user value goes through this before it reaches an HTML e-mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
