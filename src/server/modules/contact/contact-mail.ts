import type { MailMessage } from '../../lib/mailer';
import { escapeHtml } from '../../lib/mailer';

export interface ContactMailInput {
  /** The monitor's contact address. */
  to: string;
  organizationName: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
}

const NO_PHONE = 'No proporcionado';

/**
 * The contact-form message for the monitor's team, in Spanish. Every visitor value is escaped in
 * the HTML part; replies go to the visitor's (validated) address.
 */
export function contactMail(input: ContactMailInput): MailMessage {
  const e = escapeHtml;
  const heading = '¡Alguien está intentando contactarte!';
  const intro = `El siguiente usuario te ha enviado un mensaje a través del formulario de contacto de ${input.organizationName} en Vigía:`;
  const footer = 'Responde a este correo para contestarle directamente.';
  const phone = input.phone ?? NO_PHONE;
  const line = (label: string, value: string) =>
    `<p style="margin:0 0 6px"><strong>${e(label)}:</strong> ${e(value)}</p>`;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Vigía | Contacto</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 16px">${e(heading)}</h1>
    <p style="margin:0 0 16px">${e(intro)}</p>
    ${line('Nombre', input.name)}
    ${line('Teléfono', phone)}
    ${line('Correo electrónico', input.email)}
    <div style="margin:20px 0 24px;padding:16px;background:#f4f5f7;border-radius:6px;white-space:pre-wrap;word-break:break-word">${e(input.message)}</div>
    <p style="margin:0;font-size:13px;color:#52606d">${e(footer)}</p>
  </div>
</body></html>`;
  const text = [
    heading,
    '',
    intro,
    '',
    `Nombre: ${input.name}`,
    `Teléfono: ${phone}`,
    `Correo electrónico: ${input.email}`,
    '',
    input.message,
    '',
    footer,
  ].join('\n');
  return { to: input.to, subject: 'Vigía | Contacto', html, text, replyTo: input.email };
}
