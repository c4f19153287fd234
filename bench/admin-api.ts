/**
 * `npm run bench:admin-api [-- --visits 5000000] [-- --runs 30] [-- --organization <id>]`
 *
 * p50 and p95 of the administration calls behind the dashboard, the notifications, the users
 * catalogue and the contracts catalogue (paging, sorting, searching), through the real app (Fastify inject) with a signed-in GENERAL administrator,
 * against the configured database (DATABASE_URL, or the embedded one). First it makes sure the
 * measured monitor has `--visits` page views in its log and daily counts (spread over three
 * years), so the dashboard is measured with millions of visits. Sign-in is printed apart: it is
 * slow on purpose (argon2id).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { queryRows } from '../src/server/db/client';
import { openAdminBench, option, percentile } from './support';

const runs = Number(option('runs') ?? 30);
const wantedVisits = Number(option('visits') ?? 5_000_000);

const { app, database, organizationId, login, headers } = await openAdminBench();
const { db } = database;

const [{ visits }] = (await queryRows<{ visits: number }>(
  db,
  sql`SELECT count(*)::int AS visits FROM visits WHERE organization_id = ${organizationId}`,
)) as [{ visits: number }];
if (visits < wantedVisits) {
  const missing = wantedVisits - visits;
  const started = performance.now();
  // Page views spread over the last three years and the public sections, like a busy monitor.
  await db.execute(sql`
    INSERT INTO visits (organization_id, path, route_key, created_at)
    SELECT ${organizationId}::uuid, '/' || key, key, now() - (random() * interval '1095 days')
    FROM (SELECT (ARRAY['contracts','contracts:detail','suppliers','suppliers:detail','home','resources',
                        'calculations','comparations','about','contact'])[1 + (i % 10)] AS key
          FROM generate_series(1, ${missing}) AS i) AS generated`);
  await db.execute(sql`DELETE FROM visit_daily_counts WHERE organization_id = ${organizationId}`);
  await db.execute(sql`
    INSERT INTO visit_daily_counts (organization_id, day, route_key, count)
    SELECT organization_id, (created_at AT TIME ZONE 'America/Mexico_City')::date, route_key, count(*)
    FROM visits WHERE organization_id = ${organizationId} GROUP BY 1, 2, 3`);
  await db.execute(sql`ANALYZE visits`);
  await db.execute(sql`ANALYZE visit_daily_counts`);
  console.log(
    `added ${missing.toLocaleString('en-US')} visits in ${Math.round(performance.now() - started)} ms`,
  );
}

async function measure(
  name: string,
  request: () => Promise<{ statusCode: number; body: string }>,
  times = runs,
) {
  const elapsed: number[] = [];
  for (let i = 0; i < times + 2; i++) {
    const started = performance.now();
    const response = await request();
    const spent = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${name}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
    if (i >= 2) elapsed.push(spent);
  }
  elapsed.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(40)} ${percentile(elapsed, 0.5).toFixed(1).padStart(8)} ${percentile(elapsed, 0.95).toFixed(1).padStart(8)}`,
  );
}

const [{ total, contracts }] = (await queryRows<{ total: number; contracts: number }>(
  db,
  sql`SELECT (SELECT count(*)::int FROM visits WHERE organization_id = ${organizationId}) AS total,
             (SELECT count(*)::int FROM contracts WHERE organization_id = ${organizationId}) AS contracts`,
)) as [{ total: number; contracts: number }];
console.log(
  `${database.describe}: monitor ${organizationId} with ${total.toLocaleString('en-US')} visits and ` +
    `${contracts.toLocaleString('en-US')} contracts; ${runs} runs each\n`,
);
console.log(`${'call'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
const get = (url: string) => () => app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object) => () => app.inject({ method: 'POST', url, headers, payload });
await measure('session check (GET /api/session)', get('/api/session'));
await measure('dashboard counters', get('/api/admin/info-dashboard'));
const uncached = await buildApp({ ...app.deps.config, resultCacheEntries: 0 }, { database });
await measure('dashboard counters, first after a change', () =>
  uncached.inject({ method: 'GET', url: '/api/admin/info-dashboard', headers }),
);
await uncached.close();
await measure('visits by month (12)', post('/api/admin/visits-month', { type: 'MONTHS' }));
await measure('visits by quarter (4)', post('/api/admin/visits-month', { type: 'QUARTER' }));
await measure('visits by year (6)', post('/api/admin/visits-month', { type: 'YEAR' }));
await measure('visits by section', get('/api/admin/visits-route'));
await measure('notifications', get('/api/admin/notifications'));
await measure('users: page 1', get('/api/users/list?page=1'));
await measure('users: search "bench"', get('/api/users/list?search=bench'));
// The contracts catalogue (spec: under 150 ms p95 with search at 1,000,000 contracts).
const [sample] = (await queryRows<{ number: string; supplier: string }>(
  db,
  sql`SELECT c.contract_number AS number, s.name AS supplier FROM contracts c JOIN suppliers s ON s.id = c.supplier_id
      WHERE c.organization_id = ${organizationId} AND c.deleted_at IS NULL AND c.contract_number IS NOT NULL
      ORDER BY c.id LIMIT 1 OFFSET 5000`,
)) as [{ number: string; supplier: string }];
const term = (text: string) => encodeURIComponent(text);
await measure('contracts catalogue: page 1', get('/api/contracts/list?page=1'));
await measure('contracts catalogue: page 500', get('/api/contracts/list?page=500'));
await measure(
  'contracts catalogue: sort by supplier',
  get('/api/contracts/list?sort=supplier.name&order=asc'),
);
await measure(
  `contracts catalogue: search "${sample.number}"`,
  get(`/api/contracts/list?search=${term(sample.number)}`),
);
await measure('contracts catalogue: search "papeleria"', get('/api/contracts/list?search=papeleria'));
await measure('contracts catalogue: search "servicio"', get('/api/contracts/list?search=servicio'));
await measure(
  `contracts catalogue: search "${sample.supplier.slice(0, 18)}"`,
  get(`/api/contracts/list?search=${term(sample.supplier.slice(0, 18))}`),
);
await measure('contracts: supplier picker "con"', get('/api/contracts/retrieve/suppliers?search=con'));
await measure('sign-in (argon2id, on purpose)', login, 10);
await app.close();
await database.close();
