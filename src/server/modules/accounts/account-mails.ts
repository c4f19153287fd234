import type { MailMessage } from '../../lib/mailer';
import { escapeHtml } from '../../lib/mailer';

interface LinkMail {
  to: string;
  name: string;
  link: string;
}

/** One Spanish e-mail with a button and the same link in plain text; every value escaped. */
function linkMail(input: {
  to: string;
  subject: string;
  heading: string;
  greeting: string;
  body: string;
  button: string;
  link: string;
  footer: string;
}): MailMessage {
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${e(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <h1 style="font-size:22px;margin:0 0 16px">${e(input.heading)}</h1>
    <p style="margin:0 0 12px">${e(input.greeting)}</p>
    <p style="margin:0 0 24px">${e(input.body)}</p>
    <p style="margin:0 0 24px"><a href="${e(input.link)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${e(input.button)}</a></p>
    <p style="margin:0 0 8px;font-size:13px;color:#52606d">Si el botón no funciona correctamente, copia y pega el siguiente enlace en tu navegador:</p>
    <p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${e(input.link)}">${e(input.link)}</a></p>
    <p style="margin:0;font-size:13px;color:#52606d">${e(input.footer)}</p>
  </div>
</body></html>`;
  const text = [
    input.heading,
    '',
    input.greeting,
    input.body,
    '',
    `${input.button}: ${input.link}`,
    '',
    input.footer,
  ].join('\n');
  return { to: input.to, subject: input.subject, html, text };
}

export function resetPasswordMail(input: LinkMail & { minutes: number }): MailMessage {
  return linkMail({
    to: input.to,
    subject: 'Vigía | Restablecer contraseña',
    heading: 'Recuperar Contraseña',
    greeting: `Hola, ${input.name}.`,
    body: 'Por favor ingresa al siguiente enlace para restablecer tu contraseña:',
    button: 'Restablecer Contraseña',
    link: input.link,
    footer: `El enlace vence en ${input.minutes} minutos y solo puede usarse una vez. Si no pediste restablecer tu contraseña, ignora este correo: tu contraseña no cambia.`,
  });
}

export function invitationMail(input: LinkMail & { invitedBy: string; hours: number }): MailMessage {
  return linkMail({
    to: input.to,
    subject: 'Vigía | Bienvenido a la plataforma',
    heading: 'Gracias por crear tu cuenta',
    greeting: `Hola, ${input.name}. ${input.invitedBy} te dio acceso a la administración de Vigía.`,
    body: 'Por favor ingresa al siguiente enlace para crear tu contraseña e iniciar sesión:',
    button: '¡Comenzar!',
    link: input.link,
    footer: `El enlace vence en ${input.hours} horas y solo puede usarse una vez. Si no esperabas este correo, ignóralo.`,
  });
}
