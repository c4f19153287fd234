import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format28Workbook } from '../../src/server/test/format-28-workbook';
import { scratchDatabase } from '../../src/server/test/scratch-database';
import { apiToken } from '../fixtures/admin';
import { contractSheet } from '../fixtures/contract-sheet';
import { printedUrl, type RunningProcess, runServer } from '../fixtures/process';

// Four batches of the reading (1,000 rows each): the first is staged well before the last, so the kill
// lands half-way; and a confirm long enough to be killed inside its transaction.
const ROWS = 4_000;

/**
 * A server process killed while it reads a load, and another killed while it confirms one, on
 * PostgreSQL (where several processes share the work): the reading is taken up by the next
 * process and every row is staged once; the confirm leaves nothing written and the load pending,
 * and the next process confirms it whole.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a data load when its server process is killed', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let db: pg.Pool;
  let env: Record<string, string>;
  let organizationId: string;
  const running: RunningProcess[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase(`vigia_reload_${process.pid}`);
    env = {
      DATABASE_URL: scratch.url,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'reinicio@asociacion.example',
      ADMIN_PASSWORD: 'clave-de-reinicio-123',
      // The queue looks for attempts whose process died every 2 s (60 s in production).
      JOBS_SUPERVISE_SECONDS: '2',
    };
    db = scratch.pool(2);
  });
  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
    await db?.end();
    await scratch?.drop();
  });

  type Portal = Awaited<ReturnType<typeof start>>;
  const start = async () => {
    const server = runServer(env);
    running.push(server);
    const baseUrl = printedUrl(await server.waitFor(/Vigía is running at/));
    const token = await apiToken(baseUrl, env.ADMIN_EMAIL!, env.ADMIN_PASSWORD!);
    const headers = { authorization: `Bearer ${token}`, 'x-current-organization-id': organizationId };
    return { server, baseUrl, headers };
  };
  const until = async (check: () => Promise<boolean>, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const one = async <T>(query: string) => (await db.query(query)).rows[0] as T;
  /** SIGKILL: the process dies at once, in the middle of whatever it was doing. */
  const kill = (server: RunningProcess) => server.stop('SIGKILL');
  /**
   * Starts a confirm and kills its process once the confirm's transaction writes `table`; returns
   * when the database has rolled the transaction back (no statement of it still running; the red
   * flags' recomputation on a maintenance connection of its own is not the confirm's).
   */
  const killDuringConfirm = async (portal: Portal, table: string, body: object) => {
    const confirming = fetch(`${portal.baseUrl}/api/data-load/confirm-current`, {
      method: 'POST',
      headers: { ...portal.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => null);
    await until(
      async () =>
        (
          await one<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${table}'::regclass AND mode = 'RowExclusiveLock'`,
          )
        ).n > 0,
      30_000,
    );
    await kill(portal.server);
    await confirming;
    await until(
      async () =>
        (
          await one<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid() AND query ILIKE '%contract%' AND application_name <> 'vigia-maintenance'`,
          )
        ).n === 0,
      30_000,
    );
  };

  it('takes up a reading cut short, and a confirm cut short writes nothing', async () => {
    // The first process creates the schema and the administrator; then a monitor to load into.
    let portal = await start();
    await portal.server.stop();
    organizationId = (
      await one<{ id: string }>(
        `INSERT INTO organizations (id, name, short_name) VALUES (gen_random_uuid(), 'Municipio Reinicio', 'REIN') RETURNING id`,
      )
    ).id;
    portal = await start();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await contractSheet(ROWS, 'REINICIO'))]), 'reinicio.xlsx');
    const upload = await fetch(`${portal.baseUrl}/api/data-load/upload`, {
      method: 'POST',
      headers: portal.headers,
      body: form,
    });
    expect(upload.status).toBe(202);
    // Killed once the first rows are staged.
    await until(
      async () => (await one<{ n: number }>('SELECT max(rows_processed)::int AS n FROM data_loads')).n > 0,
    );
    await kill(portal.server);
    const cut = await one<{ status: string; staged: number }>(
      'SELECT status, (SELECT count(*)::int FROM data_load_rows) AS staged FROM data_loads',
    );
    expect(cut.status).toBe('UPLOADING');
    expect(cut.staged).toBeLessThan(ROWS);
    // The next process takes the reading up and stages every row once.
    portal = await start();
    const info = async () =>
      (
        (await (
          await fetch(`${portal.baseUrl}/api/data-load/current-info`, { headers: portal.headers })
        ).json()) as {
          data: { current: { status: string; summary: { newContractsCount: number } } | null };
        }
      ).data.current;
    await until(async () => (await info())?.status === 'CURRENT');
    expect((await info())?.summary.newContractsCount).toBe(ROWS);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM data_load_rows')).n).toBe(ROWS);

    // Killed in the middle of the confirm's transaction: nothing is written, the load stays pending.
    await killDuringConfirm(portal, 'contracts', {});
    const after = await one<{ contracts: number; suppliers: number; status: string }>(
      `SELECT (SELECT count(*)::int FROM contracts) AS contracts, (SELECT count(*)::int FROM suppliers) AS suppliers,
              (SELECT status FROM data_loads) AS status`,
    );
    expect(after).toEqual({ contracts: 0, suppliers: 0, status: 'CURRENT' });
    // The next process confirms it whole.
    portal = await start();
    const confirmed = await fetch(`${portal.baseUrl}/api/data-load/confirm-current`, {
      method: 'POST',
      headers: { ...portal.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(confirmed.status).toBe(200);
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM contracts')).n).toBe(ROWS);
    expect(await portal.server.stop()).toBe(0);
  }, 420_000);

  it("a format-28 load's confirm cut short leaves no contract, bidder or budget line written", async () => {
    // Another monitor, so the first test's contracts stay apart.
    const other = (
      await one<{ id: string }>(
        `INSERT INTO organizations (id, name, short_name) VALUES (gen_random_uuid(), 'Municipio Formato', 'FORM') RETURNING id`,
      )
    ).id;
    organizationId = other;
    let portal = await start();
    const rows = 2_500;
    const form = new FormData();
    form.append('administrationPeriod', '2024-2027');
    form.append('file', new Blob([new Uint8Array(await format28Workbook(rows, 'KIL'))]), 'formato-28.xlsx');
    const upload = await fetch(`${portal.baseUrl}/api/data-load/upload`, {
      method: 'POST',
      headers: portal.headers,
      body: form,
    });
    expect(upload.status).toBe(202);
    const load = () =>
      one<{ status: string; notContracts: number; errors: number; contracts: number }>(
        `SELECT status, (summary->>'notContractsCount')::int AS "notContracts", (summary->>'errorsCount')::int AS errors,
                (summary->>'newContractsCount')::int AS contracts
           FROM data_loads WHERE organization_id = '${other}'`,
      );
    await until(async () => (await load())?.status === 'CURRENT');
    // A 'nothing to report' row every 500 is no contract.
    const staged = rows - rows / 500;
    expect(await load()).toMatchObject({ contracts: staged, notContracts: rows / 500 });
    const written = () =>
      one<{ contracts: number; parties: number; lines: number }>(
        `SELECT (SELECT count(*)::int FROM contracts WHERE organization_id = '${other}') AS contracts,
                (SELECT count(*)::int FROM contract_parties p JOIN contracts c ON c.id = p.contract_id WHERE c.organization_id = '${other}') AS parties,
                (SELECT count(*)::int FROM contract_budget_lines b JOIN contracts c ON c.id = b.contract_id WHERE c.organization_id = '${other}') AS lines`,
      );

    // Killed once the confirm's transaction writes the sub-tables.
    await killDuringConfirm(portal, 'contract_parties', { ignoreErrors: true });
    expect(await written()).toEqual({ contracts: 0, parties: 0, lines: 0 });
    expect((await load()).status).toBe('CURRENT');

    // The next process confirms it whole: two bidders and a budget line for each contract.
    portal = await start();
    const confirmed = await fetch(`${portal.baseUrl}/api/data-load/confirm-current`, {
      method: 'POST',
      headers: { ...portal.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ignoreErrors: true }),
    });
    expect(confirmed.status).toBe(200);
    expect(await written()).toEqual({ contracts: staged, parties: 2 * staged, lines: staged });
    expect(await portal.server.stop()).toBe(0);
  }, 420_000);
});
