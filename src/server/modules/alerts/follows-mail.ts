import type { MailMessage } from '../../lib/mailer';
import { escapeHtml } from '../../lib/mailer';

/** What one follow is about, as its e-mails list it. */
export interface FollowLine {
  organizationName: string;
  kindLabel: string;
  /** The kind's target in words (the filters, the red flag, the threshold). */
  subject: string;
  frequencyLabel: string;
}

const e = escapeHtml;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${body}
  </div>
</body></html>`;
}

const paragraph = (text: string) => `    <p style="margin:0 0 16px">${e(text)}</p>`;
const button = (url: string, label: string) =>
  `    <p style="margin:0 0 24px"><a href="${e(url)}" style="display:inline-block;padding:12px 20px;background:#1c64b4;color:#ffffff;border-radius:6px;text-decoration:none">${e(label)}</a></p>`;
const small = (text: string) => `    <p style="margin:0 0 8px;font-size:13px;color:#52606d">${e(text)}</p>`;
const link = (url: string) =>
  `    <p style="margin:0 0 16px;font-size:13px;word-break:break-all"><a href="${e(url)}">${e(url)}</a></p>`;

function followHtml(follow: FollowLine): string {
  return `    <div style="margin:0 0 16px;padding:16px;background:#f4f5f7;border-radius:6px">
      <p style="margin:0 0 6px"><strong>Monitor:</strong> ${e(follow.organizationName)}</p>
      <p style="margin:0 0 6px"><strong>Aviso:</strong> ${e(follow.kindLabel)}</p>
      <p style="margin:0 0 6px"><strong>Qué sigues:</strong> ${e(follow.subject)}</p>
      <p style="margin:0"><strong>Frecuencia:</strong> ${e(follow.frequencyLabel)}</p>
    </div>`;
}

function followText(follow: FollowLine): string[] {
  return [
    `Monitor: ${follow.organizationName}`,
    `Aviso: ${follow.kindLabel}`,
    `Qué sigues: ${follow.subject}`,
    `Frecuencia: ${follow.frequencyLabel}`,
  ];
}

const IGNORE = 'Si no pediste este aviso, ignora este correo: no te enviaremos nada más.';
const MANAGE =
  'Para ver, cambiar, descargar o borrar todo lo que sigues con esta dirección, usa este enlace:';
const PRIVATE = 'Estos enlaces son personales: no los compartas.';

/**
 * The double opt-in e-mail of a follow (decision 0053): what is followed, the link that confirms
 * it (nothing is sent before), and the management link. Every value is escaped in the HTML part.
 */
export function confirmationMail(input: {
  to: string;
  follow: FollowLine;
  confirmUrl: string;
  manageUrl: string;
}): MailMessage {
  const subject = `Vigía | Confirma tu aviso de ${input.follow.organizationName}`;
  const intro = `Alguien (esperamos que tú) pidió recibir avisos de Vigía en ${input.to}:`;
  const until = 'No te enviaremos ningún aviso hasta que lo confirmes con este enlace:';
  const html = page(
    subject,
    [
      `    <h1 style="font-size:22px;margin:0 0 16px">${e('Confirma tu aviso')}</h1>`,
      paragraph(intro),
      followHtml(input.follow),
      paragraph(until),
      button(input.confirmUrl, 'Confirmar el aviso'),
      link(input.confirmUrl),
      small(IGNORE),
      small(MANAGE),
      link(input.manageUrl),
      small(PRIVATE),
    ].join('\n'),
  );
  const text = [
    'Confirma tu aviso',
    '',
    intro,
    '',
    ...followText(input.follow),
    '',
    until,
    input.confirmUrl,
    '',
    IGNORE,
    '',
    MANAGE,
    input.manageUrl,
    '',
    PRIVATE,
  ].join('\n');
  return { to: input.to, subject, html, text };
}

/** The new management link an address asked for: the earlier ones no longer work. */
export function managementLinkMail(input: {
  to: string;
  manageUrl: string;
  follows: FollowLine[];
}): MailMessage {
  const subject = 'Vigía | Tu nuevo enlace para administrar tus avisos';
  const intro =
    'Pediste un nuevo enlace para administrar tus avisos de Vigía. Los enlaces anteriores ya no funcionan.';
  const listed = input.follows.length === 1 ? 'Sigues esto:' : `Sigues ${input.follows.length} elementos:`;
  const html = page(
    subject,
    [
      `    <h1 style="font-size:22px;margin:0 0 16px">${e('Tu nuevo enlace')}</h1>`,
      paragraph(intro),
      button(input.manageUrl, 'Administrar mis avisos'),
      link(input.manageUrl),
      paragraph(listed),
      ...input.follows.map(followHtml),
      small(PRIVATE),
    ].join('\n'),
  );
  const text = [
    'Tu nuevo enlace',
    '',
    intro,
    '',
    MANAGE,
    input.manageUrl,
    '',
    listed,
    ...input.follows.flatMap((follow) => ['', ...followText(follow)]),
    '',
    PRIVATE,
  ].join('\n');
  return { to: input.to, subject, html, text };
}
