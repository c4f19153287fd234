/**
 * `npm run bench:export [-- --periods 2018-2021,2021-2024] [-- --organization <id>] [-- --formats xls,json,pdf,pdf]`
 *
 * Downloads the contracts list as XLSX, JSON and PDF (the first 10,000 rows) over real HTTP from the app started in this
 * process, against the configured database (DATABASE_URL, or the embedded one), and prints rows,
 * bytes, seconds, the process's peak memory and the longest event-loop pause while each file streams. Run `npm run bench:seed --
 * --contracts 1000000` first; two administration periods of that monitor are about 700,000 rows.
 * By default the PDF is asked twice: the first starts a PDF thread, the second reuses it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { queryRows } from '../src/server/db/client';
import { PDF_MAX_ROWS } from '../src/server/exports/pdf';
import { monitorToMeasure, openBenchDatabase, option } from './support';

const { config, database } = await openBenchDatabase();
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const organizationId = await monitorToMeasure(database);
const periods = (option('periods') ?? '2018-2021,2021-2024').split(',');
const [{ rows } = { rows: 0 }] = await queryRows<{ rows: number }>(
  database.db,
  sql`SELECT count(*)::int AS rows FROM contracts
      WHERE organization_id = ${organizationId} AND deleted_at IS NULL
        AND administration_period IN (${sql.join(
          periods.map((period) => sql`${period}`),
          sql`, `,
        )})`,
);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(
  `${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${rows.toLocaleString('en-US')} contracts ` +
    `(administration periods ${periods.join(', ')}); memory before: ${mb(process.memoryUsage().rss)}\n`,
);

const formats = (option('formats') ?? 'xls,json,pdf,pdf').split(',') as ('xls' | 'json' | 'pdf')[];
let pdfs = 0;
for (const format of formats) {
  global.gc?.();
  const filters = encodeURIComponent(JSON.stringify({ administrationPeriods: periods }));
  const url = `http://127.0.0.1:${port}/public-api/contracts/download/${format}?organization=${organizationId}&filters=${filters}`;
  const pauses = monitorEventLoopDelay({ resolution: 10 });
  pauses.enable();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const response = await fetch(url);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  clearInterval(sampler);
  pauses.disable();
  if (format === 'pdf') pdfs += 1;
  const label =
    format === 'pdf' ? (pdfs > 1 ? 'PDF (thread reused)' : 'PDF') : format === 'xls' ? 'XLSX' : 'JSON';
  const written = format === 'pdf' ? Math.min(rows, PDF_MAX_ROWS) : rows;
  console.log(
    `${label}: HTTP ${response.status}, ${mb(bytes)} in ${seconds.toFixed(1)} s ` +
      `(${written.toLocaleString('en-US')} rows, ${Math.round(written / seconds).toLocaleString('en-US')} rows/s), CPU ${cpuSeconds.toFixed(1)} s (all threads), peak memory ${mb(peak)}, ` +
      `longest event-loop pause ${(pauses.max / 1e6).toFixed(0)} ms (p99 ${(pauses.percentile(99) / 1e6).toFixed(0)} ms)`,
  );
}

await app.close();
await database.close();
