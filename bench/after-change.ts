/**
 * The data change the public-API benchmark makes, and the first calls after it: how long a visitor
 * waits when the request is the first one after a contract of the monitor changed.
 */
import { sql } from 'drizzle-orm';
import type { App } from '../src/server/app';
import { type DatabaseHandle, queryRows } from '../src/server/db/client';
import { percentile } from './support';

export interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

/**
 * One contract of the monitor whose amount the benchmark changes (as an administrator's save
 * would: an UPDATE of the row, which the triggers turn into a data-version bump) and restores.
 */
export async function contractChanger(database: DatabaseHandle, organizationId: string) {
  const [contract] = await queryRows<{ id: string; total: string; totalOrMax: string }>(
    database.db,
    sql`SELECT id, total_amount::text AS total, total_or_max_amount::text AS "totalOrMax" FROM contracts
        WHERE organization_id = ${organizationId} AND deleted_at IS NULL AND contract_type = 'NORMAL'
          AND total_amount IS NOT NULL AND total_or_max_amount IS NOT NULL
        LIMIT 1`,
  );
  if (!contract) throw new Error('No contract with an amount to change in this monitor.');
  let changes = 0;
  return {
    /** Adds one peso more than the last change to the contract's amount (each change is a new value). */
    async change(): Promise<void> {
      changes++;
      await database.db.execute(
        sql`UPDATE contracts SET total_amount = ${contract.total}::numeric + ${changes},
              total_or_max_amount = ${contract.totalOrMax}::numeric + ${changes}
            WHERE id = ${contract.id}`,
      );
    },
    /** Puts the original amounts back (itself a data change). */
    async restore(): Promise<void> {
      if (changes === 0) return;
      await database.db.execute(
        sql`UPDATE contracts SET total_amount = ${contract.total}::numeric,
              total_or_max_amount = ${contract.totalOrMax}::numeric
            WHERE id = ${contract.id}`,
      );
    },
  };
}

/**
 * For each of `changes` data changes: the change, then the first request of every scenario, in
 * order, on `app` (result cache on). Prints per scenario the p50/p95 of its first call over the
 * changes, and the same for the very first request after each change.
 */
export async function measureFirstCallsAfterChange(
  app: App,
  headers: Record<string, string>,
  scenarios: [string, BenchRequest][],
  changer: Awaited<ReturnType<typeof contractChanger>>,
  changes: number,
): Promise<void> {
  const times = new Map<string, number[]>(scenarios.map(([name]) => [name, []]));
  const firstOfAll: number[] = [];
  try {
    for (let i = 0; i < changes; i++) {
      await changer.change();
      for (const [index, [name, request]] of scenarios.entries()) {
        const started = performance.now();
        const response = await app.inject({ ...request, headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`${name}: HTTP ${response.statusCode} ${response.body.slice(0, 300)}`);
        times.get(name)!.push(elapsed);
        if (index === 0) firstOfAll.push(elapsed);
      }
    }
  } finally {
    await changer.restore();
  }
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${name.padEnd(40)} ${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${percentile(sorted, 0.95).toFixed(1).padStart(8)} ${sorted.at(-1)!.toFixed(1).padStart(8)}`;
  };
  console.log(
    `\nFirst call after a data change (one contract's amount updated, result cache on; ${changes} changes,\n` +
      'after each one every call below once, in this order: the first pays whatever the change costs)\n',
  );
  console.log(`${'call'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  console.log(row('(first request after the change)', firstOfAll));
  for (const [name] of scenarios) console.log(row(name, times.get(name)!));
}
