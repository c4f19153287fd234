import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** Reply-To addresses, if any. */
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header, names lower-cased (e.g. 'list-unsubscribe'), values as written. */
  headers: Record<string, string>;
}

export interface TestSmtp {
  /** SMTP_URL for the app. */
  url: string;
  messages: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451), as a mail server in trouble. */
  refusing: boolean;
  /** Resolves with the first message (already received or coming) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** An in-process SMTP server that keeps every message it receives, parsed. */
export async function startSmtpServer(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const control = { refusing: false };
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (control.refusing) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Servidor ocupado, intente más tarde'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = [parsed.to ?? []]
            .flat()
            .flatMap((address) => address.value.map((value) => value.address ?? ''));
          const replyTo = (parsed.replyTo?.value ?? []).map((value) => value.address ?? '');
          messages.push({
            to,
            replyTo,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map((line) => [
                line.key,
                line.line.slice(line.line.indexOf(':') + 1).trim(),
              ]),
            ),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return control.refusing;
    },
    set refusing(value: boolean) {
      control.refusing = value;
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
