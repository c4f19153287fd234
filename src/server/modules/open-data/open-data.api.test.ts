import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { bearer, createUser, signIn } from '../../test/auth';
import {
  contractEntry,
  createOrganization,
  createSupplier,
  createUnit,
  seedGeneratedMonitor,
} from '../../test/factories';
import { ocdsErrors } from '../../test/ocds-schema';
import { createTestApp, type TestContext } from '../../test/test-app';
import { liveContracts } from './open-data.repository';

/**
 * The open data (issue 31) through the API: the release pages by cursor, `since`, the records,
 * the bulk files, on the demonstration kind of data; edits and deletions publish releases; other
 * monitors never mixed in; the files' rows and sums are the contracts page's.
 */
// Long enough for settled() to wait out another test file's transaction on a shared PostgreSQL server.
describe('open data: OCDS releases, records and bulk files', { timeout: 120_000 }, () => {
  let ctx: TestContext;
  let monitorId: string;
  let otherId: string;
  let emptyId: string;
  let token: string;
  let unitId: string;
  let supplierId: string;

  type Release = { ocid: string; id: string; date: string; tag: string[]; [key: string]: unknown };
  type Package = { releases: Release[]; links?: { next?: string }; [key: string]: unknown };

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    monitorId = (await seedGeneratedMonitor(db, { contracts: 240, suppliers: 25, seed: 31 })).organization.id;
    otherId = (await seedGeneratedMonitor(db, { contracts: 30, suppliers: 5, seed: 32 })).organization.id;
    emptyId = (await createOrganization(db)).id;
    token = await signIn(ctx.app, (await createUser(db, { permissions: ['CONTRACTS'] })).email);
    unitId = (await createUnit(db, monitorId)).id;
    supplierId = (await createSupplier(db, monitorId, { name: 'Proveedora Abierta', rfc: 'PAB010101AB1' }))
      .id;
  });
  afterAll(() => ctx.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const admin = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token, monitorId), payload });

  /**
   * Waits until every contract write of this database is older than every running transaction of
   * the database server: the releases API serves only those (decision 0051), and other test files
   * write beside this one on a shared server.
   */
  async function settled() {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const [row] = await queryRows<{ waiting: number | string }>(
        ctx.database.db,
        sql`SELECT (SELECT count(*) FROM contracts WHERE change_xid >= pg_snapshot_xmin(pg_current_snapshot()))
                 + (SELECT count(*) FROM contract_history WHERE change_xid >= pg_snapshot_xmin(pg_current_snapshot())) AS waiting`,
      );
      if (Number(row!.waiting) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('contract writes still held back after 60 s');
  }

  /** Every page from the first, following links.next (relative to the portal), once the writes have settled. */
  async function walk(first: string): Promise<{ pages: Package[]; next: string | null }> {
    await settled();
    const pages: Package[] = [];
    let url: string | null = first;
    let last: string | null = null;
    while (url) {
      const answer = await get(url);
      if (answer.statusCode === 204) break;
      expect(answer.statusCode, answer.body).toBe(200);
      const body = answer.json() as Package;
      pages.push(body);
      last = url;
      url = body.links?.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : null;
    }
    return { pages, next: last };
  }

  const liveProcesses = async (organizationId: string) =>
    queryRows<{ id: string; change: number }>(
      ctx.database.db,
      sql`SELECT id, change FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL AND NOT is_empty`,
    );

  it('pages every release of the monitor once, in valid packages, with none of another monitor', async () => {
    const { pages } = await walk(`/public-api/ocds/releases?organization=${monitorId}&limit=50`);
    expect(pages.length).toBeGreaterThan(2);
    const ids = pages.flatMap((page) => page.releases.map((release) => release.id));
    expect(new Set(ids).size).toBe(ids.length);
    const live = await liveProcesses(monitorId);
    expect(ids.length).toBe(live.length);
    for (const page of pages) {
      expect(ocdsErrors('releasePackage', page)).toEqual([]);
      for (const release of page.releases) {
        expect(release.ocid).toMatch(new RegExp(`^ocds-vigia0-${monitorId}-`));
        expect(release.tag).not.toContain('compiled');
      }
    }
    // A page with a next page declares the pagination extension; the last one does not.
    expect(pages[0]!.links?.next).toMatch(/^http/);
    expect(pages[0]!.extensions).toContainEqual(expect.stringContaining('ocds_pagination_extension'));
    expect(pages.at(-1)!.links).toBeUndefined();
  });

  it('publishes an edit and a deletion as new releases: since, the cursor and the record show them', async () => {
    const before = new Date();
    const counted = async () => {
      const { monitor, installation } = (await get(`/public-api/ocds/files?organization=${monitorId}`)).json()
        .data;
      return { monitor: monitor.contracts as number, installation: installation.contracts as number };
    };
    const countedBefore = await counted();
    const saved = await admin(
      '/api/contracts/save',
      contractEntry(
        { supplier: supplierId, unit: unitId },
        {
          contractNumber: 'OD-001',
          totalAmount: 5000,
          bidders: [{ name: 'Proveedora Abierta', rfc: 'PAB010101AB1' }],
        },
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data._id as string;
    const ocid = `ocds-vigia0-${monitorId}-${id}`;
    // The open data page's counts follow the data (kept per data version, never a stale one).
    expect(await counted()).toEqual({
      monitor: countedBefore.monitor + 1,
      installation: countedBefore.installation + 1,
    });
    // Where a reader that paged everything stands now.
    const { next: standing } = await walk(`/public-api/ocds/releases?organization=${monitorId}&limit=1000`);

    const edited = await admin('/api/contracts/save', {
      ...contractEntry(
        { supplier: supplierId, unit: unitId },
        { contractNumber: 'OD-001', totalAmount: 7500 },
      ),
      _id: id,
      bidders: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const since = await walk(
      `/public-api/ocds/releases?organization=${monitorId}&since=${encodeURIComponent(before.toISOString())}`,
    );
    const changed = since.pages.flatMap((page) => page.releases);
    expect(changed.map((release) => release.ocid)).toEqual([ocid, ocid]);
    expect(changed[0]!.tag).toEqual(['tender', 'award', 'contract']);
    expect(changed[1]!.tag).toEqual(['tenderUpdate', 'awardUpdate', 'contractUpdate']);
    expect(changed[0]).toMatchObject({
      tender: { numberOfTenderers: 1 },
      awards: [{ value: { amount: 5000 } }],
    });
    expect(changed[1]).toMatchObject({ awards: [{ value: { amount: 7500 } }] });
    expect((changed[1]!.tender as Record<string, unknown>).tenderers).toBeUndefined();

    // A reader who asks again for the last page it read finds the edit there, once.
    await settled();
    const resumed = (await get(standing!)).json() as Package;
    const resumedIds = resumed.releases.map((release) => release.id);
    expect(resumedIds.filter((releaseId) => releaseId === changed[1]!.id)).toHaveLength(1);
    expect(new Set(resumedIds).size).toBe(resumedIds.length);

    const record = await get(`/public-api/ocds/records/${ocid}`);
    expect(record.statusCode, record.body).toBe(200);
    const recordPackage = record.json();
    expect(ocdsErrors('recordPackage', recordPackage)).toEqual([]);
    const [entry] = recordPackage.records;
    expect(entry.releases.map((release: Release) => release.id)).toEqual(
      changed.map((release) => release.id),
    );
    expect(entry.compiledRelease).toMatchObject({
      tag: ['compiled'],
      contracts: [{ value: { amount: 7500 } }],
    });

    // Deleted: out of the pages' current states and of the bulk files, its record stays.
    const deleted = await admin('/api/contracts/delete', { _id: id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await counted()).toEqual(countedBefore);
    const kept = await get(`/public-api/ocds/records/${ocid}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().records[0].releases).toHaveLength(2);
    const lines = (await get(`/public-api/ocds/bulk/${monitorId}.jsonl`)).body.trim().split('\n');
    expect(lines.some((line) => line.includes(id))).toBe(false);
  });

  it('a reader paging while contracts change gets every release once: none skipped, none repeated', async () => {
    const first = await walk(`/public-api/ocds/releases?organization=${monitorId}&limit=25`);
    const expected = first.pages.flatMap((page) => page.releases.map((release) => release.id));
    const seen: string[] = [];
    let url: string | null = `/public-api/ocds/releases?organization=${monitorId}&limit=25`;
    const live = await liveProcesses(monitorId);
    const edits = [live[0]!.id, live.at(-1)!.id, live[Math.floor(live.length / 2)]!.id];
    let page = 0;
    while (url) {
      await settled();
      const answer = await get(url);
      if (answer.statusCode === 204) break;
      const body = answer.json() as Package;
      seen.push(...body.releases.map((release) => release.id));
      // Between pages: one contract already read and one not yet read change (an edit each).
      const edited = edits[page];
      if (edited)
        await ctx.database.db.execute(
          sql`UPDATE contracts SET notes = ${`cambio ${page}`} WHERE id = ${edited}`,
        );
      page += 1;
      url = body.links?.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : null;
    }
    await settled();
    const rest = await walk(`/public-api/ocds/releases?organization=${monitorId}&limit=1000`);
    const all = rest.pages.flatMap((each) => each.releases.map((release) => release.id));
    expect(new Set(seen).size).toBe(seen.length);
    // Every release that existed when the reader began was served to it (none skipped)…
    expect(seen).toEqual(expect.arrayContaining(expected));
    // …and the edits' releases are there for it after the last page, each once.
    for (const id of edits) {
      const ocid = `ocds-vigia0-${monitorId}-${id}`;
      const releases = all.filter((release) => release.startsWith(`${ocid}-`));
      expect(releases.length, id).toBeGreaterThanOrEqual(2);
      expect(new Set(releases).size).toBe(releases.length);
    }
  });

  it('holds back what a write still running may precede, so a cursor neither skips nor repeats (PostgreSQL)', async () => {
    // The embedded database runs one transaction at a time: nothing can run beside a held one.
    if (ctx.database.kind !== 'postgres') return;
    const { db } = ctx.database;
    const { pages } = await walk(`/public-api/ocds/releases?organization=${monitorId}&limit=1000`);
    const last = pages.at(-1)!.releases.at(-1)!;
    const [held] = await queryRows<{ xid: string }>(
      db,
      sql`SELECT change_xid::text AS xid FROM contracts WHERE id = ${last.ocid.slice(-36)}`,
    );
    const cursor = `${held!.xid}.${last.id.split('-').at(-1)}`;
    const pageAfter = () => get(`/public-api/ocds/releases?organization=${monitorId}&cursor=${cursor}`);
    expect((await pageAfter()).statusCode).toBe(204);

    // A write that began first (another monitor's: the monitors' rows are locked apart) is still
    // running while an edit of this monitor commits.
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let started!: () => void;
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    const running = db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE contracts SET notes = 'en curso' WHERE id = (SELECT id FROM contracts WHERE organization_id = ${otherId} LIMIT 1)`,
      );
      started();
      await gate;
    });
    await begun;
    const [contract] = await liveProcesses(monitorId);
    await db.execute(sql`UPDATE contracts SET notes = 'editado' WHERE id = ${contract!.id}`);
    // Its release waits: the running write is older than it and might still take a smaller number.
    expect((await pageAfter()).statusCode).toBe(204);
    commit();
    await running;
    await settled();
    const answer = await pageAfter();
    expect(answer.statusCode, answer.body).toBe(200);
    const released = (answer.json() as Package).releases;
    expect(released.map((release) => release.ocid)).toEqual([`ocds-vigia0-${monitorId}-${contract!.id}`]);
    // And once served, the same cursor moved past it gives nothing again.
    const id = released[0]!.id;
    const [moved] = await queryRows<{ xid: string }>(
      db,
      sql`SELECT change_xid::text AS xid FROM contracts WHERE id = ${contract!.id}`,
    );
    const again = await get(
      `/public-api/ocds/releases?organization=${monitorId}&cursor=${moved!.xid}.${id.split('-').at(-1)}`,
    );
    expect(again.statusCode).toBe(204);
  });

  it('links an amendment row to the contract it amends when exactly one other has its process ID', async () => {
    const entry = (overrides: Record<string, unknown>) =>
      contractEntry({ supplier: supplierId, unit: unitId }, { contractId: 'LP-PADRE/22', ...overrides });
    const parent = await admin('/api/contracts/save', entry({ contractNumber: 'OD-PADRE' }));
    const amendment = await admin(
      '/api/contracts/save',
      entry({
        contractNumber: 'OD-PADRE-CM1',
        category: 'MODIFICATION',
        servicesDescription: 'Ampliación del monto',
      }),
    );
    expect(amendment.statusCode, amendment.body).toBe(200);
    const ocidOf = (answer: typeof parent) => `ocds-vigia0-${monitorId}-${answer.json().data._id}`;
    const record = (await get(`/public-api/ocds/records/${ocidOf(amendment)}`)).json();
    expect(ocdsErrors('recordPackage', record)).toEqual([]);
    expect(record.records[0].compiledRelease).toMatchObject({
      relatedProcesses: [{ relationship: ['parent'], scheme: 'ocid', identifier: ocidOf(parent) }],
      contracts: [{ amendments: [{ rationale: expect.any(String), description: 'Ampliación del monto' }] }],
    });
    expect(record.records[0].compiledRelease.tender.mainProcurementCategory).toBeUndefined();
    // A second contract of the same process ID: the data no longer says which one is amended.
    await admin('/api/contracts/save', entry({ contractNumber: 'OD-PADRE-2' }));
    const after = (await get(`/public-api/ocds/records/${ocidOf(amendment)}`)).json();
    expect(after.records[0].compiledRelease.relatedProcesses).toBeUndefined();
  });

  it('documents every open data call in the OpenAPI document, with examples', async () => {
    const document = (await get('/api/docs/json')).json();
    for (const path of [
      '/public-api/ocds/releases',
      '/public-api/ocds/records/{ocid}',
      '/public-api/ocds/bulk/{name}',
    ]) {
      const operation = document.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(JSON.stringify(operation), path).toContain('example');
    }
    expect(JSON.stringify(document.paths['/public-api/ocds/releases'].get.responses['200'])).toContain(
      'ocds-vigia0-',
    );
  });

  it("answers 404 for an ocid that is not one of this portal's, and for another prefix", async () => {
    const [contract] = await liveProcesses(monitorId);
    for (const ocid of [
      `ocds-vigia0-${monitorId}-0190a1b2-0000-7000-8000-000000000000`,
      `ocds-07smqs-${monitorId}-${contract!.id}`,
      `ocds-vigia0-${otherId}-${contract!.id}`,
      'nada',
    ]) {
      const answer = await get(`/public-api/ocds/records/${ocid}`);
      expect(answer.statusCode, ocid).toBe(404);
      expect(answer.json().message).toMatch(/ocid/);
    }
  });

  it('bulk files: one compiled release per contract, the CSV with every row, sums equal to the contracts page', async () => {
    const jsonl = await get(`/public-api/ocds/bulk/${monitorId}.jsonl`);
    expect(jsonl.statusCode).toBe(200);
    expect(jsonl.headers['content-type']).toContain('application/x-ndjson');
    const compiled = jsonl.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Release);
    const live = await liveProcesses(monitorId);
    expect(compiled).toHaveLength(live.length);
    expect(new Set(compiled.map((release) => release.ocid)).size).toBe(live.length);
    expect(compiled.every((release) => release.tag[0] === 'compiled')).toBe(true);

    const pack = await get(`/public-api/ocds/bulk/${monitorId}.releases.json`);
    expect(pack.statusCode).toBe(200);
    expect(ocdsErrors('releasePackage', pack.json())).toEqual([]);
    const records = await get(`/public-api/ocds/bulk/${monitorId}.records.json`);
    expect(ocdsErrors('recordPackage', records.json())).toEqual([]);
    expect(records.json().records).toHaveLength(live.length);

    const csv = await get(`/public-api/ocds/bulk/${monitorId}.csv`);
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    const totals = (
      await ctx.app.inject({
        method: 'GET',
        url: '/public-api/contracts/list',
        headers: { 'x-current-organization-id': monitorId },
      })
    ).json().data;
    expect(rows).toHaveLength(totals.total);
    const counted = rows.filter((row) => row['vigia/countsInTotals'] === 'true');
    const sum = counted.reduce((total, row) => total + Number(row['vigia/totalOrMaxAmount'] || 0), 0);
    expect(Math.round(sum * 100) / 100).toBe(totals.totals.totalAmount);
    // The rows that state no procedures were held: no ocid, the statement.
    const empty = rows.filter((row) => row['vigia/noProcedures']);
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.every((row) => row.ocid === '')).toBe(true);
    expect(rows.every((row) => row['vigia/monitor'] !== '' && !(row.ocid ?? '').includes(otherId))).toBe(
      true,
    );

    const suppliers = parse((await get(`/public-api/ocds/bulk/${monitorId}.suppliers.csv`)).body, {
      columns: true,
    });
    expect(suppliers.length).toBeGreaterThan(0);

    const xlsx = await get(`/public-api/ocds/bulk/${monitorId}.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // A later download is the kept file, with its size (kept once the first one's copy is stored,
    // which a busy machine finishes after the first answer ended).
    await expect
      .poll(async () => (await get(`/public-api/ocds/bulk/${monitorId}.csv`)).headers['content-length'], {
        timeout: 30_000,
      })
      .toBe(String(Buffer.byteLength(csv.body)));
    const again = await get(`/public-api/ocds/bulk/${monitorId}.csv`);
    expect(again.body).toBe(csv.body);
  });

  it('an empty monitor: no package (404 in Spanish), empty JSON Lines, a CSV of headers only', async () => {
    const page = await get(`/public-api/ocds/releases?organization=${emptyId}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toMatch(/todavía no tiene contratos/);
    expect((await get(`/public-api/ocds/bulk/${emptyId}.releases.json`)).statusCode).toBe(404);
    expect((await get(`/public-api/ocds/bulk/${emptyId}.jsonl`)).body).toBe('');
    expect((await get(`/public-api/ocds/bulk/${emptyId}.csv`)).body.trim().split('\n')).toHaveLength(1);
  });

  it('the installation files hold every monitor; the page lists both scopes', async () => {
    const lines = (await get('/public-api/ocds/bulk/all.jsonl')).body.trim().split('\n');
    const monitors = new Set(lines.map((line) => (JSON.parse(line) as Release).ocid.slice(12, 48)));
    expect(monitors).toEqual(new Set([monitorId, otherId]));
    const files = await get(`/public-api/ocds/files?organization=${otherId}`);
    expect(files.statusCode, files.body).toBe(200);
    const { data } = files.json();
    expect(data.monitor.files.map((file: { file: string }) => file.file)).toEqual([
      'releases.json',
      'records.json',
      'jsonl',
      'csv',
      'suppliers.csv',
      'xlsx',
    ]);
    expect(
      data.installation.files.find((file: { file: string }) => file.file === 'jsonl').size,
    ).toBeGreaterThan(0);
    expect(data.license).toEqual({ url: 'https://creativecommons.org/licenses/by/4.0/', name: 'CC BY 4.0' });
  });

  it('the page asks a job for the missing files: once it ran, every file has its size', async () => {
    const fresh = (await seedGeneratedMonitor(ctx.database.db, { contracts: 40, suppliers: 4, seed: 33 }))
      .organization;
    const sizes = async () =>
      (
        (await get(`/public-api/ocds/files?organization=${fresh.id}`)).json().data.monitor.files as {
          file: string;
          size: number | null;
        }[]
      ).map((file) => file.size);
    expect((await sizes()).every((size) => size === null)).toBe(true);
    await ctx.app.deps.jobs.idle(120_000);
    const built = await sizes();
    expect(built).toHaveLength(6);
    expect(built.every((size) => typeof size === 'number' && size > 0)).toBe(true);
  });

  it('a download cut half-way does not stop the build: the whole file is kept and the next download reads it', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address() as { port: number };
    // A package of some 500 releases goes out in chunks: the visitor leaves after the first.
    const large = (await seedGeneratedMonitor(ctx.database.db, { contracts: 500, suppliers: 20, seed: 34 }))
      .organization;
    const url = `http://127.0.0.1:${address.port}/public-api/ocds/bulk/${large.id}.releases.json`;
    const cut = new AbortController();
    const response = await fetch(url, { signal: cut.signal });
    const reader = response.body!.getReader();
    await reader.read();
    cut.abort();
    await reader.read().catch(() => undefined);
    // The build goes on at its own pace: the kept file appears whole (never a partial one under
    // its name), and the next download is that file, with its size.
    const { readdirSync } = await import('node:fs');
    const kept = () => {
      try {
        return readdirSync(`${ctx.app.deps.config.dataDir}/open-data`).filter(
          (name) => name.startsWith(large.id) && name.endsWith('.releases.json'),
        );
      } catch {
        return [];
      }
    };
    await vi.waitFor(() => expect(kept()).toHaveLength(1), { timeout: 60_000, interval: 100 });
    const whole = await fetch(url);
    expect(whole.headers.get('content-length')).not.toBeNull();
    const body = (await whole.json()) as { releases: unknown[] };
    expect(ocdsErrors('releasePackage', body)).toEqual([]);
    expect(body.releases.length).toBeGreaterThan(400);
  });

  it('downloads that arrive while a file is built share its one build, and each gets the whole file', async () => {
    const fresh = (await seedGeneratedMonitor(ctx.database.db, { contracts: 300, suppliers: 12, seed: 35 }))
      .organization;
    // Each build is handed to the background tasks once, by its file's name.
    const background = vi.spyOn(ctx.app.deps.background, 'run');
    const files = await Promise.all(
      // Three visitors (a few downloads at a time per address).
      [1, 2, 3].map((visitor) =>
        ctx.app
          .inject({
            method: 'GET',
            url: `/public-api/ocds/bulk/${fresh.id}.jsonl`,
            remoteAddress: `198.51.100.${visitor}`,
          })
          .then((answer) => answer.body),
      ),
    );
    expect(files[0]!.trim().split('\n')).toHaveLength((await liveProcesses(fresh.id)).length);
    expect(files[1]).toBe(files[0]);
    expect(files[2]).toBe(files[0]);
    expect(
      background.mock.calls.filter(([name]) => name.startsWith(`open data file ${fresh.id}`)),
    ).toHaveLength(1);
    const { readdirSync } = await import('node:fs');
    // One file kept, no temporary file left behind.
    expect(
      readdirSync(`${ctx.app.deps.config.dataDir}/open-data`).filter((name) => name.startsWith(fresh.id)),
    ).toEqual([`${fresh.id}-v${(await ctx.app.deps.organizations.get(fresh.id))!.dataVersion}.jsonl`]);
  });

  it('a walk of the live contracts reads each once while they change (PostgreSQL: all from the moment it began)', async () => {
    const fresh = (await seedGeneratedMonitor(ctx.database.db, { contracts: 40, suppliers: 6, seed: 36 }))
      .organization;
    const before = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM contracts WHERE organization_id = ${fresh.id} AND deleted_at IS NULL ORDER BY id`,
    );
    const seen: string[] = [];
    let changed = false;
    for await (const batch of liveContracts(ctx.database, [fresh.id], 7)) {
      seen.push(...batch.map((state) => state.contractId));
      if (!changed) {
        changed = true;
        // After the first batch: one contract deleted, every other edited (a write that moves rows).
        await ctx.database.db.execute(
          sql`UPDATE contracts SET deleted_at = now() WHERE id = ${before.at(-1)!.id}`,
        );
        await ctx.database.db.execute(
          sql`UPDATE contracts SET notes = 'editado durante la lectura' WHERE organization_id = ${fresh.id} AND deleted_at IS NULL`,
        );
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    if (ctx.database.kind === 'postgres') expect([...seen].sort()).toEqual(before.map((row) => row.id));
    else expect(seen.length).toBeGreaterThanOrEqual(before.length - 1);
  });

  it('refuses bad queries in Spanish', async () => {
    for (const url of [
      `/public-api/ocds/releases?organization=${monitorId}&since=ayer`,
      `/public-api/ocds/releases?organization=${monitorId}&cursor=abc`,
      `/public-api/ocds/releases?organization=${monitorId}&limit=5000`,
      `/public-api/ocds/bulk/${monitorId}.exe`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
    }
    expect((await get('/public-api/ocds/releases')).statusCode).toBe(400);
    expect((await get('/public-api/ocds/bulk/0190a1b2-0000-7000-8000-000000000000.csv')).statusCode).toBe(
      404,
    );
  });
});
