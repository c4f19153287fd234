/**
 * `npm run bench:contracts-catalogue [-- --runs 20] [-- --late 500] [-- --organization <id>]`
 *
 * p50 and p95 of the contracts catalogue's list for every named sort (decision 0021), ascending and
 * descending, on the first page and on a late page (`--late`, 10 rows a page), plus the first page
 * of 100 rows, through the real app (Fastify inject) with a signed-in GENERAL administrator,
 * against the configured database (DATABASE_URL, or the embedded one). Run bench:seed first.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { contractStore } from '../src/server/modules/contracts/contracts-catalogue.repository';
import { openAdminBench, option, percentile } from './support';

const runs = Number(option('runs') ?? 20);
const late = Number(option('late') ?? 500);

const { app, database, organizationId, headers } = await openAdminBench();
const { db } = database;
const [{ contracts }] = (await queryRows<{ contracts: number }>(
  db,
  sql`SELECT count(*)::int AS contracts FROM contracts WHERE organization_id = ${organizationId} AND deleted_at IS NULL`,
)) as [{ contracts: number }];

/** Two warm-up calls, then `runs` timed ones; prints p50 and p95 in milliseconds. */
async function measure(name: string, url: string): Promise<number> {
  const elapsed: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const spent = performance.now() - started;
    if (response.statusCode !== 200)
      throw new Error(`${name}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
    if (i >= 2) elapsed.push(spent);
  }
  elapsed.sort((a, b) => a - b);
  const p95 = percentile(elapsed, 0.95);
  console.log(
    `${name.padEnd(52)} ${percentile(elapsed, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}`,
  );
  return p95;
}

console.log(
  `${database.describe}: monitor ${organizationId} with ${contracts.toLocaleString('en-US')} contracts; ${runs} runs each\n`,
);
console.log(`${'contracts catalogue call'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
let worst = { name: '', p95: 0 };
for (const sort of contractStore.sorts) {
  for (const order of ['asc', 'desc'] as const) {
    for (const [label, page, limit] of [
      ['page 1', 1, 10],
      [`page ${late}`, late, 10],
      ['page 1 of 100 rows', 1, 100],
    ] as const) {
      const name = `${sort} ${order}, ${label}`;
      const p95 = await measure(
        name,
        `/api/contracts/list?sort=${sort}&order=${order}&page=${page}&limit=${limit}`,
      );
      if (p95 > worst.p95) worst = { name, p95 };
    }
  }
}
console.log(`\nslowest p95: ${worst.name} (${worst.p95.toFixed(1)} ms)`);
await app.close();
await database.close();
