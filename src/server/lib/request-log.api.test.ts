import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../test/auth';
import { seedGeneratedMonitor } from '../test/factories';
import { listenLocally } from '../test/raw-http';
import { createTestApp, type TestContext } from '../test/test-app';

const CLIENT_GONE = 'client closed the connection before the answer was complete';

/** A visitor who leaves mid-download is logged as such, at info: it is not an error of ours. */
describe('clients that disconnect mid-answer', () => {
  let ctx: TestContext;
  let port: number;
  let organizationId: string;
  let authorization: string;
  const logs: Array<{ level: number; msg: string; url?: string; statusCode?: number; status?: number }> = [];

  beforeAll(async () => {
    ctx = await createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => void logs.push(JSON.parse(line)) },
    });
    // A download that keeps coming until the client leaves.
    ctx.app.get('/public-api/__endless', async (_request, reply) => {
      const endless = new Readable({
        read() {
          setTimeout(() => this.push(randomBytes(16 * 1024).toString('base64')), 5);
        },
      });
      return reply.type('application/json').send(endless);
    });
    const seeded = await seedGeneratedMonitor(ctx.database.db, { contracts: 300, suppliers: 10 });
    organizationId = seeded.organization.id;
    const user = await createUser(ctx.database.db);
    authorization = bearer(await signIn(ctx.app, user.email)).authorization!;
    port = await listenLocally(ctx.app);
  });
  afterAll(() => ctx.close());

  /** Sends `head`, leaves after `leaveAfterBytes` of answer (0: as soon as the server has the request). */
  function leave(head: string, leaveAfterBytes: number): Promise<void> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('close', () => resolve());
      let received = 0;
      if (leaveAfterBytes === 0) ctx.app.server.once('request', () => setImmediate(() => socket.destroy()));
      socket.on('data', (chunk) => {
        received += chunk.length;
        if (leaveAfterBytes > 0 && received >= leaveAfterBytes) socket.destroy();
      });
      socket.write(head);
    });
  }

  /** The line logged about `url` once the client has left (whatever its wording or level). */
  async function logLineFor(url: string) {
    for (;;) {
      const line = logs.find(
        (entry) => entry.url === url || entry.level >= 40 || /prematurely|client closed/.test(entry.msg),
      );
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it.each(['identity', 'gzip'])(
    'a streamed download left half-way (%s) is logged at info',
    async (encoding) => {
      logs.length = 0;
      const url = '/public-api/__endless';
      await leave(
        `GET ${url} HTTP/1.1\r\nHost: vigia.test\r\nAccept-Encoding: ${encoding}\r\n\r\n`,
        64 * 1024,
      );
      const line = await logLineFor(url);
      expect(line).toMatchObject({ level: 30, msg: CLIENT_GONE });
      expect(logs.filter((entry) => entry.level >= 50)).toEqual([]);
    },
  );

  /** Sends `head` and part of the body it announces, then leaves once the server starts reading it. */
  function cutBody(head: string, part: string): Promise<void> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.on('close', () => resolve());
      // 'resume': the server has begun reading the body (after the hooks that run before it).
      ctx.app.server.once('request', (request) => request.once('resume', () => socket.destroy()));
      socket.write(head);
      socket.write(part);
    });
  }

  it.each([
    {
      name: 'a JSON body',
      url: '/public-api/error-reports',
      type: 'application/json',
      part: '{"source":"script","message":"Fallo',
    },
    {
      name: 'an upload',
      url: '/api/users/uploadProfilePicture',
      type: 'multipart/form-data; boundary=b',
      part: '--b\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    },
  ])('$name cut mid-send is the visitor leaving, not a database outage', async ({ url, type, part }) => {
    logs.length = 0;
    await cutBody(
      `POST ${url} HTTP/1.1\r\nHost: vigia.test\r\nAuthorization: ${authorization}\r\n` +
        `Content-Type: ${type}\r\nContent-Length: 4000\r\n\r\n`,
      part,
    );
    // The error handler's verdict on the request (Node's parser also notes the cut, at info).
    const verdict = () => logs.find((entry) => entry.msg !== 'unreadable request refused');
    while (!verdict()) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(verdict()).toMatchObject({ level: 30 });
    expect(logs.filter((entry) => entry.level >= 50)).toEqual([]);
    const outage = (entry: (typeof logs)[number]) =>
      /database unavailable/.test(entry.msg) || entry.status === 503 || entry.statusCode === 503;
    expect(logs.filter(outage)).toEqual([]);
  });

  it('a PDF download the visitor leaves before it is ready is logged at info, not as a failure', async () => {
    logs.length = 0;
    await leave(
      `GET /public-api/contracts/download/pdf HTTP/1.1\r\nHost: vigia.test\r\nX-Current-Organization-Id: ${organizationId}\r\n\r\n`,
      0,
    );
    for (;;) {
      if (logs.some((entry) => entry.msg === CLIENT_GONE || entry.level >= 50 || entry.url)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logs.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(logs.map((entry) => entry.msg)).toContain(CLIENT_GONE);
  });
});
