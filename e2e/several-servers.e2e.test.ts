import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../src/server/test/scratch-database';
import { startSmtpServer, type TestSmtp } from '../src/server/test/smtp';
import { contractSheet } from './fixtures/contract-sheet';
import { printedUrl, type RunningProcess, runServer } from './fixtures/process';

/**
 * A balancer as small as a test can write one: each request goes to the next server in turn (its
 * body and answer streamed, server-sent events included), with the visitor's address appended to
 * X-Forwarded-For as nginx or a cloud balancer does. `served` names the server of each request.
 */
async function startBalancer(targets: readonly string[]) {
  let turn = 0;
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const target = new URL(targets[turn++ % targets.length]!);
    served.push(target.origin);
    const forwarded = request.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': `${forwarded ? `${forwarded}, ` : ''}${request.socket.remoteAddress}`,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An open server-sent event stream: the text received so far, and a wait for a pattern in it. */
async function openStream(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const answer = await fetch(url, { headers, signal: abort.signal });
  expect(answer.status).toBe(200);
  let text = '';
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return {
    text: () => text,
    count: (pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0,
    close: () => abort.abort(),
  };
}

const ROWS = 300;

/**
 * The deployment of the README's "Several servers": two app servers (each with its own data
 * folder, as on two machines, and the same SESSION_SECRET) on one PostgreSQL, behind a balancer
 * that sends each request to the next one. What a visitor or an administrator does through the
 * balancer works whichever server answers: a session, a rate limit counted once for both, a job
 * claimed by one of them, the notifications' stream of either, and a load confirmed on one seen at
 * once by the visitors of the other (their revalidated answers included). PostgreSQL only: the
 * embedded database serves one process.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('several app servers behind a balancer', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let db: pg.Pool;
  let smtp: TestSmtp;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  const servers: RunningProcess[] = [];
  const dataDirs: string[] = [];
  const urls: string[] = [];
  let organizationId: string;
  const admin = { email: 'balanceo@asociacion.example', password: 'clave-de-balanceo-123' };

  beforeAll(async () => {
    scratch = await scratchDatabase(`vigia_balancer_${process.pid}`);
    smtp = await startSmtpServer();
    db = scratch.pool(2);
    const env = {
      DATABASE_URL: scratch.url,
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vigía <no-reply@vigia.test>',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_RESET_PER_HOUR: '4',
      BACKUPS_ENABLED: 'false',
    };
    // One after the other, as a rolling start does: the first one migrates, the second finds it done.
    for (const name of ['a', 'b']) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `vigia-server-${name}-`));
      dataDirs.push(dataDir);
      const server = runServer({ ...env, DATA_DIR: dataDir });
      servers.push(server);
      urls.push(printedUrl(await server.waitFor(/Vigía is running at/)));
    }
    balancer = await startBalancer(urls);
    const { rows } = await db.query(
      `INSERT INTO organizations (id, name, short_name) VALUES (gen_random_uuid(), 'Municipio Balanceado', 'BAL') RETURNING id`,
    );
    organizationId = rows[0].id;
  }, 180_000);
  afterAll(async () => {
    await balancer?.close();
    for (const server of servers) expect(await server.stop('SIGTERM')).toBe(0);
    await db?.end();
    await scratch?.drop();
    await smtp?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Which server the balancer gave the last request to. */
  const lastServer = () => balancer.served.at(-1);
  const signIn = async () => {
    const login = await fetch(`${balancer.url}/public-api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.email, password: admin.password }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { data: { token: string } }).data.token;
  };

  it('a session begun on one server is the same session on the other, and ends on both', async () => {
    const token = await signIn();
    const headers = { authorization: `Bearer ${token}` };
    const seenBy = new Set<string | undefined>();
    const users = new Set<string>();
    for (let ask = 0; ask < 4; ask++) {
      const session = await fetch(`${balancer.url}/api/session/`, { headers });
      expect(session.status).toBe(200);
      users.add(((await session.json()) as { data: { user: { _id: string } } }).data.user._id);
      seenBy.add(lastServer());
    }
    expect(seenBy.size).toBe(2);
    expect(users.size).toBe(1);
    const logout = await fetch(`${balancer.url}/api/session/logout`, { method: 'POST', headers });
    expect(logout.status).toBe(200);
    for (let ask = 0; ask < 2; ask++) {
      const after = await fetch(`${balancer.url}/api/session/`, { headers });
      expect(after.status, `asked of ${lastServer()}`).toBe(401);
    }
  });

  it('a rate limit counts a visitor once across both servers; a job (its e-mail) runs once', async () => {
    const reset = (address: string, email: string) =>
      fetch(`${balancer.url}/public-api/accounts/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email }),
      });
    const first = await reset('203.0.113.7', admin.email);
    expect(first.status).toBe(200);
    for (let ask = 2; ask <= 4; ask++)
      expect((await reset('203.0.113.7', `nadie${ask}@example.org`)).status).toBe(200);
    const fifth = await reset('203.0.113.7', 'nadie5@example.org');
    expect(fifth.status).toBe(429);
    expect(((await fifth.json()) as { message: string }).message).toBe(
      'Has realizado demasiadas solicitudes. Por favor espera un momento e intenta nuevamente.',
    );
    // Another visitor is not held by the first one's requests.
    expect((await reset('203.0.113.8', 'otra@example.org')).status).toBe(200);

    // The e-mail job was woken in both servers; one took it: one message, however long we wait.
    await smtp.waitFor((mail) => mail.to.includes(admin.email));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.messages.filter((mail) => mail.to.includes(admin.email))).toHaveLength(1);
  });

  it("a load confirmed on one server: both servers' streams hear it, the other's visitors see it at once", async () => {
    const token = await signIn();
    const headers = { authorization: `Bearer ${token}`, 'x-current-organization-id': organizationId };
    // Two tabs of the administrator, one on each server.
    const streams = [];
    for (let tab = 0; tab < 2; tab++) {
      const stream = await openStream(`${balancer.url}/api/admin/notifications/stream`, headers);
      streams.push({ stream, server: lastServer() });
    }
    expect(new Set(streams.map(({ server }) => server)).size).toBe(2);
    for (const { stream } of streams) await expect.poll(() => stream.text()).toMatch(/event: ready/);

    // A visitor of the second server keeps the totals before the load.
    const visitor = { 'x-current-organization-id': organizationId };
    const before = await fetch(`${urls[1]}/public-api/contracts/totals`, { headers: visitor });
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(
      (
        await fetch(`${urls[1]}/public-api/contracts/totals`, {
          headers: { ...visitor, 'if-none-match': etag },
        })
      ).status,
    ).toBe(304);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await contractSheet(ROWS, 'BALANCEO'))]), 'balanceo.xlsx');
    const upload = await fetch(`${balancer.url}/api/data-load/upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(upload.status).toBe(202);
    // The reading job, woken in both servers, is read by one: every row staged once, one notice.
    await expect
      .poll(
        async () => {
          const info = await fetch(`${balancer.url}/api/data-load/current-info`, { headers });
          return ((await info.json()) as { data: { current: { status: string } | null } }).data.current
            ?.status;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe('CURRENT');
    const staged = await db.query('SELECT count(*)::int AS n FROM data_load_rows');
    expect(staged.rows[0].n).toBe(ROWS);
    const ready = await db.query(
      `SELECT count(*)::int AS n FROM notifications WHERE organization_id = $1 AND message LIKE '%está listo para revisión%'`,
      [organizationId],
    );
    expect(ready.rows[0].n).toBe(1);
    for (const { stream } of streams)
      await expect
        .poll(() => stream.count(/event: notifications/), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
    const heard = streams.map(({ stream }) => stream.count(/event: notifications/));

    // Confirmed on the first server…
    const confirmed = await fetch(`${urls[0]}/api/data-load/confirm-current`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(confirmed.status).toBe(200);
    // …both tabs hear of it…
    for (const [index, { stream }] of streams.entries())
      await expect
        .poll(() => stream.count(/event: notifications/), { timeout: 10_000 })
        .toBeGreaterThan(heard[index]!);
    // …and the second server's visitor, asking with the ETag kept, gets the new totals.
    const after = await fetch(`${urls[1]}/public-api/contracts/totals`, {
      headers: { ...visitor, 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const totals = ((await after.json()) as { data: { totalCount: number; noBidCount: number } }).data;
    expect(totals).toMatchObject({ totalCount: ROWS, noBidCount: ROWS });
    // The list through the balancer, from either server, says the same.
    for (let ask = 0; ask < 2; ask++) {
      const list = await fetch(`${balancer.url}/public-api/contracts/list?page=1`, { headers: visitor });
      expect(((await list.json()) as { data: { total: number } }).data.total, `from ${lastServer()}`).toBe(
        ROWS,
      );
    }
    for (const { stream } of streams) stream.close();
  }, 180_000);
});
