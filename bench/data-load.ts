/**
 * `npm run bench:data-load [-- --rows 100000] [-- --calls-per-second 20] [-- --keep]`
 * `npm run bench:data-load -- --format 28 [--rows 50000]`
 * `npm run bench:data-load -- --flags`: then the time until the red flags are current (issue 32)
 *
 * The spreadsheet load end to end through the real server (issue 12), started in a process of its
 * own as `npm run serve` starts it: a realistic messy workbook of `rows` rows is generated (valid
 * rows, placeholders, Excel serial dates and text dates, amounts written as text, rows with
 * errors, repeated contracts, new suppliers), uploaded over HTTP, read by the job and confirmed.
 * Prints the upload-to-review time, rows per second, the confirm time, the server process's peak
 * memory (the kernel's high-water mark, threads included), and p50/p95 of the public contracts list called
 * steadily while the reading and the confirm run. Unless --keep, what the load created is deleted
 * afterwards (the figures follow through their triggers).
 *
 * With --format 28 the workbook is a format-28 one of the 2024 layout (issue 30): its headers taken
 * from the published fixture (fixtures/pnt/semarnath-2024-1.xlsx), `rows` rows (50,000 by default:
 * direct awards, tenders and invitations, companies and people, a number missing now and then, a
 * 'nothing to report' row every 500) and three sub-table rows per row (two bidders and a budget line).
 *
 * With --existing the rows name the monitor's own suppliers (its first 3,000 with an RFC) and units
 * instead of new ones, as a quarter's load of a body that buys from the same companies does, and
 * what follows them sees it (bench:alerts). With --alerts (PostgreSQL; what bench:alerts runs): an
 * SMTP server of this process receives the server's e-mails (SMTP_URL), and after the confirm it
 * prints when every confirmed follow has matched the load's contracts (its alerts queued) and how
 * fast the e-mails then reach SMTP, with the public list called throughout.
 *
 * On PostgreSQL: DATABASE_URL=postgres://… npm run bench:data-load (after npm run bench:seed).
 * On PGlite: DATA_DIR=… npm run bench:data-load -- --rows 20000.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type DatabaseHandle, queryRows } from '../src/server/db/client';
import { format28Workbook } from '../src/server/test/format-28-workbook';
import { CONTRACT_SHEET_COLUMNS } from '../src/shared/contracts/fields';
import {
  benchReferences,
  countingSmtpServer,
  ensureBenchAdmin,
  monitorToMeasure,
  openBenchDatabase,
  option,
  percentile,
  startServerProcess,
} from './support';

const format28 = option('format') === '28';
const rows = Number(option('rows') ?? (format28 ? 50_000 : 100_000));
const benchFile = format28 ? `bench-28-${rows}.xlsx` : `bench-${rows}.xlsx`;
const callsPerSecond = Number(option('calls-per-second') ?? 20);
const keep = process.argv.includes('--keep');
const alerts = process.argv.includes('--alerts');
const flags = process.argv.includes('--flags') || alerts;
const existing = process.argv.includes('--existing');
const run = option('run') ?? randomBytes(3).toString('hex').toUpperCase();
/** When this run began: the document sources registered since are its own. */
const runStartedAt = Date.now();

// ---------------------------------------------------------------------------------------------
// The workbook

const PROCEDURES = [
  'Adjudicación directa',
  'ADJ. DIRECTA',
  'Licitación pública',
  'Invitación a cuando menos tres personas',
];
const CATEGORIES = ['Servicios', 'Adquisiciones', 'Obra pública', 'Arrendamientos'];
const STATES = ['Concluido', 'CONCLUIDO', 'En proceso', 'Terminado'];
const UNITS = [
  'Dirección de Obras Públicas',
  'Tesorería Municipal',
  'Oficialía Mayor',
  'DIF Municipal',
  'Servicios Públicos',
];

/** The monitor's suppliers and units the rows name (--existing), or null for new ones. */
let references: { suppliers: { name: string; rfc: string }[]; units: string[] } | null = null;

/** Row `index` of the sheet, by code: mostly valid, with the mess real sheets have. */
function sheetRow(index: number): Record<string, unknown> {
  const known = references?.suppliers[index % references.suppliers.length];
  const units = references?.units.length ? references.units : UNITS;
  const kind = index % 100;
  const amount = 5_000 + ((index * 7919) % 2_000_000) + (index % 100) / 100;
  const repeated = kind === 7 && index > 100; // a contract already written above: skipped
  const number = repeated ? `${run}-${index - 50}` : `${run}-${index}`;
  const serial = 44_562 + (index % 700); // Excel serial dates in 2022–2023
  return {
    C1: PROCEDURES[index % PROCEDURES.length],
    C2: CATEGORIES[index % CATEGORIES.length],
    C3: '2021-2024',
    C4: String(2022 + (index % 2)),
    C5: `${1 + (index % 4)}º trimestre ${2022 + (index % 2)}`,
    C6: `PROC-${run}-${index}`,
    C7: kind < 30 ? 'NA' : `3${index % 9}1`,
    C8: STATES[index % STATES.length],
    C9: kind < 50 ? `https://transparencia.example.gob.mx/convocatorias/${index}.pdf` : 'N/A',
    C10: kind < 50 ? serial - 30 : null,
    C11: `Suministro y servicio ${index}: ${kind % 2 ? 'mantenimiento de alumbrado público' : 'papelería y consumibles de oficina'}`,
    C15:
      kind < 10
        ? `Proveedor Carga ${run} Nuevo ${index % 500}, S.A. de C.V.`
        : (known?.name ?? `PROVEEDOR CARGA ${run} ${index % 3_000}`),
    C16: kind < 10 ? null : (known?.rfc ?? `PCA${String(index % 3_000).padStart(6, '0')}${run.slice(0, 3)}`),
    C17: units[index % units.length],
    C18: units[(index + 1) % units.length],
    C19: 'Centralizada',
    C20: kind === 3 ? 'NA' : number,
    // A serial date, a text date, and now and then an impossible one (an error).
    C21: kind === 13 ? '31/02/2022' : kind % 2 ? serial : `${1 + (index % 28)}/${1 + (index % 12)}/2022`,
    C22:
      kind === 23
        ? '1,2,3'
        : kind % 3
          ? amount
          : `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    C25: kind === 23 ? '1,2,3' : amount,
    C26: `https://transparencia.example.gob.mx/contratos/${index}.pdf`,
    C27: 'Dirección de Administración',
    C29: kind === 41 ? '=SUMA(A1:A3)' : null,
    C31: '15/01/2024',
  };
}

async function workbook(): Promise<Buffer> {
  if (format28) return format28Workbook(rows, run);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Formato XXVIII');
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.code)).commit();
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.header)).commit();
  for (let index = 1; index <= rows; index++) {
    const cells = sheetRow(index);
    sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => cells[column.code] ?? null)).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// Measuring

// The workbook is generated by a child process (this script with --generate-to), so its memory is
// not counted as the load's.
const generateTo = option('generate-to');
if (generateTo) {
  if (existing) {
    const { database } = await openBenchDatabase();
    const found = await benchReferences(database, await monitorToMeasure(database));
    references = { suppliers: found.suppliers, units: found.units.map((unit) => unit.name) };
    await database.close();
  }
  writeFileSync(generateTo, await workbook());
  process.exit(0);
}

// The monitor and the administrator are set up first: the server then runs alone on the database
// (the embedded one admits one process at a time).
let { database } = await openBenchDatabase();
const organizationId = await monitorToMeasure(database);
const admin = await ensureBenchAdmin(database);
await database.close();

const generated = performance.now();
const path = join(mkdtempSync(join(tmpdir(), 'vigia-bench-')), 'workbook.xlsx');
execFileSync(
  process.execPath,
  [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--rows',
    String(rows),
    '--generate-to',
    path,
    '--run',
    run,
    ...(format28 ? ['--format', '28'] : []),
    ...(existing ? ['--existing', '--organization', organizationId] : []),
  ],
  { stdio: 'inherit' },
);
const file = readFileSync(path);
rmSync(path);
console.log(
  `workbook: ${rows.toLocaleString('en-US')} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
);

// --alerts: the server's e-mails reach an SMTP server of this process, which counts them.
const mail = alerts ? await countingSmtpServer() : null;
const server = await startServerProcess(mail ? { SMTP_URL: mail.url } : {});
const call = async (
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: BodyInit } = {},
) => {
  const response = await fetch(`${server.url}${url}`, { method, ...init });
  return { status: response.status, text: await response.text() };
};
const login = await call('POST', '/public-api/accounts/login', {
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: admin.email, password: admin.password }),
});
const token = JSON.parse(login.text).data.token as string;
const headers = { authorization: `Bearer ${token}`, 'x-current-organization-id': organizationId };
const json = { ...headers, 'content-type': 'application/json' };

let peakRss = 0;
const memory = setInterval(() => {
  peakRss = Math.max(peakRss, server.rss());
}, 50);

/**
 * Calls the public contracts list steadily (pages 1..20) until stopped; their times in ms. With a
 * body, that filtered list (POST) at the address `url` gives.
 */
function publicCalls(url = (page: number) => `/public-api/contracts/list?page=${page}`, body?: object) {
  const times: number[] = [];
  let going = true;
  const loop = (async () => {
    let page = 1;
    while (going) {
      const started = performance.now();
      const response = await call(body ? 'POST' : 'GET', url(page), {
        headers: {
          'x-current-organization-id': organizationId,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (response.status !== 200) throw new Error(`public list: ${response.status}`);
      times.push(performance.now() - started);
      page = (page % 20) + 1;
      const wait = 1000 / callsPerSecond - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      going = false;
      await loop;
      return times.sort((a, b) => a - b);
    },
  };
}

const describeCalls = (times: number[]) =>
  `${times.length} calls, p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`;

// A load left pending by an interrupted run would refuse this one.
await call('POST', '/api/data-load/cancel-current', { headers: json, body: '{}' });

// A few public calls first, so that the resting figure is that of a server that has answered.
await (async () => {
  const warm = publicCalls();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await warm.stop();
})();
const baseRss = server.rss();

const readingCalls = publicCalls();
const uploaded = performance.now();
const form = new FormData();
form.append('file', new Blob([file]), benchFile);
if (format28) form.append('administrationPeriod', '2022-2028');
const upload = await call('POST', '/api/data-load/upload', { headers, body: form });
if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${upload.text}`);
const uploadMs = performance.now() - uploaded;
let info: {
  current: { status: string; summary: Record<string, number>; rowsProcessed: number } | null;
  failed: unknown;
};
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  info = JSON.parse((await call('GET', '/api/data-load/current-info', { headers })).text).data;
  if (info.current?.status !== 'UPLOADING') break;
}
const reviewMs = performance.now() - uploaded;
const duringReading = await readingCalls.stop();
if (info.current?.status !== 'CURRENT') throw new Error(`reading failed: ${JSON.stringify(info.failed)}`);
const readingPeak = peakRss;

const confirmCalls = publicCalls();
const confirming = performance.now();
const confirmingAt = new Date();
const confirm = await call('POST', '/api/data-load/confirm-current', {
  headers: json,
  body: JSON.stringify({ ignoreErrors: true }),
});
const confirmMs = performance.now() - confirming;
const confirmedAt = new Date();
const duringConfirm = await confirmCalls.stop();
if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${confirm.text}`);
const created = JSON.parse(confirm.text).data.created;
// --flags (issue 32): how long after the confirm answered until the monitor's red flags are
// current (a refresh applied what it computed for every contract the confirm wrote: none is left in
// flag_writes, and no refresh is waiting), then until the flag cube is built at the monitor's data
// version; the list filtered by a flag is called meanwhile (visitors never wait for the refresh).
let flagsCurrent: { flags: number; cube: number; calls: number[] } | undefined;
let alertsFigures: Awaited<ReturnType<typeof watchAlerts>> | undefined;

/**
 * --alerts: after the flags are current, until every confirmed CONTRACTS and FLAG follow of the
 * monitor has matched past the confirm's last change and neither a match nor the flags' refresh
 * (which queues the match of the flags it raised) waits or runs (every alert queued),
 * then until no IMMEDIATE row of an address that may be told is left unsent (every e-mail handed to
 * SMTP); the public list is called throughout. Times are seconds after the confirm answered.
 */
async function watchAlerts(watcher: DatabaseHandle, since: () => number) {
  const calls = publicCalls();
  const [last] = await queryRows<{ xid: string }>(
    watcher.db,
    sql`SELECT change_xid::text AS xid FROM contracts WHERE organization_id = ${organizationId}
         ORDER BY change_xid DESC LIMIT 1`,
  );
  const lastXid = last?.xid ?? '0';
  let queuedAt: number | undefined;
  let sentAt: number | undefined;
  let outbox = { rows: 0, addresses: 0 };
  while (sentAt === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (queuedAt === undefined) {
      const [state] = await queryRows<{ behind: number; waiting: number }>(
        watcher.db,
        sql`SELECT (SELECT count(*)::int FROM alert_follows WHERE organization_id = ${organizationId}
                     AND confirmed_at IS NOT NULL AND kind IN ('CONTRACTS', 'FLAG')
                     AND (cursor_xid IS NULL OR cursor_xid <= ${lastXid}::xid8)) AS behind,
                   (SELECT count(*)::int FROM pgboss.job WHERE name IN ('alerts-match', 'red-flags-refresh')
                     AND state IN ('created', 'retry', 'active') AND data->>'organizationId' = ${organizationId}) AS waiting`,
      );
      if (state?.behind === 0 && state.waiting === 0) {
        queuedAt = since();
        const [counts] = await queryRows<{ rows: number; addresses: number }>(
          watcher.db,
          sql`SELECT count(*)::int AS rows, count(DISTINCT subscriber_id)::int AS addresses FROM alert_outbox
               WHERE organization_id = ${organizationId} AND created_at > now() - interval '1 hour'`,
        );
        outbox = counts ?? outbox;
      }
    } else {
      // Along the pending rows' partial index, once a second: the watch must not load the database.
      await new Promise((resolve) => setTimeout(resolve, 750));
      const [state] = await queryRows<{ pending: boolean }>(
        watcher.db,
        sql`SELECT EXISTS (SELECT 1 FROM alert_outbox o JOIN alert_subscribers s ON s.id = o.subscriber_id
             WHERE o.sent_at IS NULL AND o.frequency = 'IMMEDIATE' AND s.suspended_at IS NULL) AS pending`,
      );
      if (state?.pending === false) sentAt = since();
    }
    if (since() > Number(option('alerts-timeout') ?? 1_800)) throw new Error('alerts not sent in time');
  }
  // Each match run after the confirm (the one right after it, the one after the flags' refresh):
  // seconds after the confirm answered, when it ended.
  const runs = await queryRows<{ ended: number }>(
    watcher.db,
    sql`SELECT extract(epoch FROM completed_on - ${confirmedAt.toISOString()}::timestamptz)::float AS ended
          FROM pgboss.job WHERE name = 'alerts-match' AND data->>'organizationId' = ${organizationId}
           AND state = 'completed' AND created_on >= ${confirmingAt.toISOString()}::timestamptz
         ORDER BY completed_on`,
  );
  return {
    queuedAt: queuedAt as number,
    sentAt,
    outbox,
    runs: runs.map((run) => Number(run.ended)),
    calls: await calls.stop(),
  };
}
if (flags && !process.env.DATABASE_URL) console.log('--flags needs PostgreSQL (DATABASE_URL): skipped');
else if (flags) {
  // A connection of the bench's own beside the server's (PostgreSQL only).
  const watcher = (await openBenchDatabase()).database;
  const calls = publicCalls(() => `/public-api/contracts/filtered-list?page=1`, {
    filters: { redFlags: ['ANY'] },
  });
  const since = () => (performance.now() - confirming - confirmMs) / 1000;
  let flagsAt: number | undefined;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [state] = await queryRows<{ written: number; waiting: number; current: boolean | null }>(
      watcher.db,
      sql`SELECT (SELECT count(*)::int FROM flag_writes WHERE organization_id = ${organizationId}) AS written,
                 (SELECT count(*)::int FROM pgboss.job WHERE name = 'red-flags-refresh'
                   AND state IN ('created', 'retry') AND data->>'organizationId' = ${organizationId}) AS waiting,
                 (SELECT s.data_version = o.data_version FROM organizations o
                    JOIN flag_cube_state s ON s.organization_id = o.id WHERE o.id = ${organizationId}) AS current`,
    );
    if (flagsAt === undefined && state && state.written === 0 && state.waiting === 0) flagsAt = since();
    if (flagsAt !== undefined && state?.current === true) break;
    if (since() > 600) throw new Error('flags not current after 10 minutes');
  }
  flagsCurrent = { flags: flagsAt, cube: since(), calls: await calls.stop() };
  if (mail) alertsFigures = await watchAlerts(watcher, since);
  await watcher.close();
}
clearInterval(memory);
const highWater = server.peakRss();
await server.stop();

({ database } = await openBenchDatabase());
const [{ contracts }] = (await queryRows<{ contracts: number }>(
  database.db,
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
)) as [{ contracts: number }];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `engine: ${database.kind}; monitor ${organizationId} now has ${contracts.toLocaleString('en-US')} contracts`,
);
console.log(`upload request answered in ${uploadMs.toFixed(0)} ms`);
console.log(
  `upload to review: ${(reviewMs / 1000).toFixed(1)} s (${Math.round(rows / (reviewMs / 1000)).toLocaleString('en-US')} rows/s)`,
);
console.log(`summary: ${JSON.stringify(info.current.summary)}`);
console.log(`confirm: ${(confirmMs / 1000).toFixed(1)} s, created ${JSON.stringify(created)}`);
console.log(
  `server process memory (its own process, threads included): peak ${mb(highWater)} (kernel high-water mark); at rest before the upload ${mb(baseRss)}, highest sampled while reading ${mb(readingPeak)}, while confirming ${mb(peakRss)}`,
);
console.log(`public list during the reading: ${describeCalls(duringReading)}`);
console.log(`public list during the confirm: ${describeCalls(duringConfirm)}`);
if (flagsCurrent) {
  console.log(
    `red flags current ${flagsCurrent.flags.toFixed(1)} s after the confirm answered; flag cube current after ${flagsCurrent.cube.toFixed(1)} s`,
  );
  console.log(`list filtered by any flag meanwhile: ${describeCalls(flagsCurrent.calls)}`);
}
if (alertsFigures && mail) {
  const { queuedAt, sentAt, outbox, runs, calls } = alertsFigures;
  console.log(
    `alerts: match runs ended ${runs.map((ended) => `${ended.toFixed(1)} s`).join(', ')} after the confirm answered ` +
      '(the first: the new contracts and their row flags; the last: after the flags refresh)',
  );
  const sending = (mail.last - mail.first) / 1000;
  console.log(
    `alerts: every follow matched ${queuedAt.toFixed(1)} s after the confirm answered: ${outbox.rows.toLocaleString('en-US')} outbox rows for ${outbox.addresses.toLocaleString('en-US')} addresses`,
  );
  console.log(
    `e-mails: ${mail.count.toLocaleString('en-US')} handed to SMTP (${(mail.bytes / 1024 / 1024).toFixed(1)} MB), the last ${sentAt.toFixed(1)} s after the confirm; ` +
      `${sending > 0 ? Math.round(mail.count / sending).toLocaleString('en-US') : '—'} e-mails/s from the first to the last`,
  );
  console.log(`public list meanwhile: ${describeCalls(calls)}`);
}
await mail?.close();

if (!keep) {
  const cleaning = performance.now();
  await database.db.execute(sql`
    DELETE FROM contracts WHERE organization_id = ${organizationId}
      AND data_load_id IN (SELECT id FROM data_loads WHERE organization_id = ${organizationId} AND file_name = ${benchFile})`);
  // Soft-deleted, as the catalogue does (a hard delete checks every contract for each supplier).
  await database.db.execute(
    sql`UPDATE suppliers SET deleted_at = now() WHERE organization_id = ${organizationId}
      AND (name ILIKE ${`Proveedor Carga ${run}%`} OR name ILIKE ${`Proveedor F28 ${run}%`} OR name ILIKE ${`Persona % F28${run}%`})`,
  );
  // The documents its contracts linked to, registered by the confirm (hosts that do not exist):
  // left behind, they kept the next benchmarks' backup runner busy failing them.
  await database.db.execute(sql`
    DELETE FROM document_sources WHERE organization_id = ${organizationId}
      AND host = 'transparencia.example.gob.mx' AND created_at >= to_timestamp(${runStartedAt / 1000})`);
  // The next run then starts where this one did: with autovacuum off (as on the test machine), the
  // dead rows of each run (contracts, staged rows, figures) made every later run slower.
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `(created rows deleted and the database vacuumed in ${((performance.now() - cleaning) / 1000).toFixed(1)} s)`,
  );
}
await database.close();
