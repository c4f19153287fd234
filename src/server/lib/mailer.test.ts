import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer, escapeHtml } from './mailer';

function capture() {
  const lines: unknown[] = [];
  const log = { warn: (entry: unknown) => lines.push(entry) } as unknown as FastifyBaseLogger;
  return { lines, log };
}

const message = {
  to: 'ana@example.org',
  subject: 'Vigía | Restablecer contraseña',
  html: '<p>x</p>',
  text: 'Restablecer Contraseña: https://vigia.example.org/new-password/abcDEF123_-x\nFin',
};

describe('mailer without SMTP', () => {
  it('writes the message with its link to the log outside production', async () => {
    const { lines, log } = capture();
    await createMailer({ smtpUrl: null, from: 'x', production: false }, log).send(message);
    expect(JSON.stringify(lines)).toContain('/new-password/abcDEF123_-x');
  });

  it('keeps password links out of the log in production', async () => {
    const { lines, log } = capture();
    await createMailer({ smtpUrl: null, from: 'x', production: true }, log).send(message);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('abcDEF123');
    expect(logged).toContain('[enlace omitido: configure SMTP_URL]');
    expect(logged).toContain('ana@example.org');
  });

  it('escapes every HTML special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
