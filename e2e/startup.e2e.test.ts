import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/server/db/client';
import { unsupportedNode } from '../src/server/node-version';
import { scratchDatabase } from '../src/server/test/scratch-database';
import { printedUrl, runServer, runTs } from './fixtures/process';

const listTotal = async (baseUrl: string) =>
  ((await (await fetch(`${baseUrl}/public-api/organizations/list`)).json()) as { data: { total: number } })
    .data.total;

describe('the start command on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'vigia-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on the first start loads the demonstration data and prints the address and the demo administrator once', async () => {
    const server = runServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    try {
      // The first start loads the demonstration data (15 s on an idle machine, over a minute when
      // the suite's other files share its cores).
      const output = await server.waitFor(/Vigía is running at/, 240_000);
      expect(output).toMatch(/Demonstration data loaded: 3 monitors, 12,000 contracts, 800 suppliers/);
      expect(output).toMatch(/e-mail:\s+admin@example\.org/);
      expect(output).toMatch(/password:\s+[A-Za-z0-9]{18}/);
      const baseUrl = printedUrl(output);
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await listTotal(baseUrl)).toBe(3);

      // A second process on the same embedded database is refused, clearly.
      const second = runServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);
    } finally {
      // A graceful stop: the process finishes and exits with 0.
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  }, 300_000);

  it('on the next start keeps the data, seeds nothing twice, does not print the password again, and draws a PDF in its thread', async () => {
    const server = runServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    let output = '';
    try {
      output = await server.waitFor(/Vigía is running at/);
      const baseUrl = printedUrl(output);
      const monitors = (await (await fetch(`${baseUrl}/public-api/organizations/list`)).json()) as {
        data: { total: number; docs: { _id: string }[] };
      };
      expect(monitors.data.total).toBe(3);
      // The built server starts its threads from dist/server (decision 0039): a PDF is drawn in one.
      const pdf = await fetch(`${baseUrl}/public-api/contracts/download/pdf?administrationPeriod=2018-2021`, {
        headers: { 'x-current-organization-id': monitors.data.docs[0]!._id },
      });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
    }
    expect(output).not.toMatch(/password/);
    expect(output).not.toMatch(/Demonstration data loaded/);

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await queryRows<{ contracts: number; users: number; organizations: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM contracts)::int AS contracts, (SELECT count(*) FROM users)::int AS users,
                   (SELECT count(*) FROM organizations)::int AS organizations`,
      );
      expect(row).toEqual({ contracts: 12_000, users: 1, organizations: 3 });
    } finally {
      await database.close();
    }
  });

  it('admin:create adds a GENERAL administrator who can sign in, once per e-mail', async () => {
    const create = runTs('scripts/admin-create.ts', { DATA_DIR: dataDir }, [
      '--email',
      'Nueva@Asociacion.example',
      '--name',
      'Nora',
      '--last-name',
      'Núñez',
    ]);
    expect(await create.exited).toBe(0);
    const password = /Password \(shown only this once; keep it\): (\S+)/.exec(create.output())?.[1];
    expect(password, create.output()).toMatch(/^[A-Za-z0-9]{18}$/);
    const again = runTs('scripts/admin-create.ts', { DATA_DIR: dataDir }, [
      '--email',
      'nueva@asociacion.example',
      '--name',
      'N',
      '--last-name',
      'N',
    ]);
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/already exists; nothing was created/);

    const server = runServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    try {
      const baseUrl = printedUrl(await server.waitFor(/Vigía is running at/));
      const login = await fetch(`${baseUrl}/public-api/accounts/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nueva@asociacion.example', password }),
      });
      expect(login.status).toBe(200);
      const body = (await login.json()) as { data: { permissions: string[]; user: { fullName: string } } };
      expect(body.data.user.fullName).toBe('Nora Núñez');
      expect(body.data.permissions).toHaveLength(8);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it.each([
    ['mysql://root@localhost/vigia', /DATABASE_URL: must be a PostgreSQL address/],
    [
      'postgres://vigia@127.0.0.1:1/vigia',
      /Cannot connect to PostgreSQL at postgres:\/\/vigia@127\.0\.0\.1:1\/vigia \(DATABASE_URL\): the server refused/,
    ],
  ])('refuses DATABASE_URL=%s with a clear message', async (url, message) => {
    const server = runServer({ DATA_DIR: dataDir, PORT: '0', DATABASE_URL: url });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Vigía cannot start\./);
    expect(server.output()).toMatch(message);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the start command on a PostgreSQL server', () => {
  let url: string;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;

  beforeAll(async () => {
    scratch = await scratchDatabase(`vigia_start_${process.pid}`);
    url = scratch.url;
  });
  afterAll(() => scratch?.drop());

  it('refuses to start on an empty database without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const server = runServer({ DATABASE_URL: url, PORT: '0' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/no administrator yet\. Set ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('runs several processes on one database: migrations once, first administrator once, no demo data', async () => {
    const env = {
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'admin@asociacion.example',
      ADMIN_PASSWORD: 'clave-de-arranque-123',
    };
    const first = runServer(env);
    const second = runServer(env);
    try {
      const [a, b] = await Promise.all([
        first.waitFor(/Vigía is running at/),
        second.waitFor(/Vigía is running at/),
      ]);
      expect([a, b].filter((output) => output.includes('Created the first administrator'))).toHaveLength(1);
      expect(a + b).not.toMatch(/Demonstration data loaded/);
      expect(await listTotal(printedUrl(a))).toBe(0);
      const ready = await fetch(`${printedUrl(b)}/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
      expect(await second.stop()).toBe(0);
    }
    const users = await new pg.Pool({ connectionString: url, max: 1 });
    const { rows } = await users.query('SELECT count(*)::int AS n FROM users');
    await users.end();
    expect(rows[0].n).toBe(1);
  });

  it('runs WEB_CONCURRENCY server processes: each answers, one that dies is replaced, a stop ends them all', async () => {
    const server = runServer({
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '2',
      ADMIN_EMAIL: 'admin@asociacion.example',
      ADMIN_PASSWORD: 'clave-de-arranque-123',
    });
    /** The server's processes (ps answers 1 when there is none). */
    const children = () => {
      try {
        return execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)], { encoding: 'utf8' })
          .split('\n')
          .map((line) => Number(line.trim()))
          .filter(Boolean);
      } catch {
        return [];
      }
    };
    /** CPU time a process has used so far (clock ticks, /proc/<pid>/stat). */
    const cpu = (pid: number) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    const answers = async (count: number) => {
      const codes = await Promise.all(
        Array.from({ length: count }, () =>
          fetch(`${baseUrl}/public-api/organizations/list`).then((answer) => answer.status),
        ),
      );
      return codes.every((code) => code === 200);
    };
    let baseUrl = '';
    try {
      const output = await server.waitFor(/Server processes: 2 \(WEB_CONCURRENCY\)/);
      baseUrl = printedUrl(output);
      const first = children();
      expect(first).toHaveLength(2);
      const before = first.map(cpu);
      expect(await answers(200)).toBe(true);
      // The connections went to both processes (each used CPU answering them).
      for (const [index, pid] of first.entries())
        expect(cpu(pid), `process ${pid}`).toBeGreaterThan(before[index]!);

      process.kill(first[0]!, 'SIGKILL');
      await server.waitFor(
        new RegExp(`server process \\(pid ${first[0]}\\) ended \\(SIGKILL\\); starting another`),
      );
      await expect
        .poll(() => children().filter((pid) => !first.includes(pid)), { timeout: 60_000 })
        .toHaveLength(1);
      expect(await answers(50)).toBe(true);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(children()).toEqual([]);
  });

  it('loads the demonstration monitors on request with db:seed -- --demo, once', async () => {
    const seed = runTs('scripts/db-seed.ts', { DATABASE_URL: url }, ['--demo']);
    expect(await seed.exited).toBe(0);
    expect(seed.output()).toMatch(
      /Demonstration data loaded into PostgreSQL .*: 3 monitors, 12,000 contracts/,
    );
    const again = runTs('scripts/db-seed.ts', { DATABASE_URL: url }, ['--demo']);
    expect(await again.exited).toBe(0);
    expect(again.output()).toMatch(/already in PostgreSQL/);

    const server = runServer({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1' });
    try {
      const output = await server.waitFor(/Vigía is running at/);
      expect(await listTotal(printedUrl(output))).toBe(3);
    } finally {
      await server.stop();
    }
  });
});

/**
 * The machine's own Node, when it is older than the engines admit (Debian 12's is 20; CI's
 * machine has it): the built server, started with it, says so in a sentence instead of failing
 * on an API it lacks (decision 0046, amended).
 */
const MACHINE_NODE = '/usr/bin/node';
const machineNodeVersion = existsSync(MACHINE_NODE)
  ? execFileSync(MACHINE_NODE, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '')
  : null;

describe.runIf(machineNodeVersion && unsupportedNode(machineNodeVersion))(
  'the start command on a Node older than the engines admit',
  () => {
    it('stops at once with a sentence naming the Node it needs and what to do', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vigia-old-node-'));
      try {
        const server = runServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' }, MACHINE_NODE);
        expect(await server.exited).toBe(1);
        expect(server.output().trim()).toBe(
          `Vigía needs Node.js 22.12.0 or later; this is ${machineNodeVersion}. Start it with \`npm start\` (it runs the project's own Node 24) or install Node 24.`,
        );
        // Nothing was started: no embedded database was created.
        expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
