/**
 * `npm run bench:alerts [-- --follows 100000] [--rows 100000] [--organization <id>] [--keep]`
 *
 * The alerts (issue 33) on PostgreSQL (DATABASE_URL; run `npm run bench:seed -- --contracts 1000000`
 * first): `follows` confirmed follows of the monitor with the most contracts, one per address, as
 * readers spread them (the monitor's suppliers, its units, direct awards, every new contract, a
 * red flag, the index, the quarterly publication; a quarter of them as a weekly digest), then
 * `npm run bench:data-load -- --rows 100000 --existing --alerts`: a 100,000-row load naming the
 * monitor's own suppliers and units, confirmed through the real server with an SMTP server of the
 * benchmark's own, printing when every alert is queued after the confirm (goal < 60 s), how fast the
 * e-mails reach SMTP (goal > 50/s) and the public list's p95 meanwhile (goal < 200 ms). Unless
 * --keep, the benchmark's addresses (and with them their follows and outbox rows) are deleted after.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { SETTLED_HORIZON } from '../src/server/db/sql';
import { RED_FLAG_CODES } from '../src/shared/red-flags/definitions';
import { benchReferences, monitorToMeasure, openBenchDatabase, option } from './support';

if (!process.env.DATABASE_URL) {
  console.error('bench:alerts needs PostgreSQL: DATABASE_URL=postgres://… npm run bench:alerts');
  process.exit(1);
}
const followCount = Number(option('follows') ?? 100_000);
const rows = Number(option('rows') ?? 100_000);
const ADDRESSES = 'bench-alerts-%@example.org';

const { database } = await openBenchDatabase();
const { db } = database;
const organizationId = await monitorToMeasure(database);
// Suppliers followed: the 3,000 the load names and as many again it does not (most followed
// companies get nothing in a given load).
const { suppliers, units } = await benchReferences(database, organizationId, 6_000);
const removeBenchAddresses = () =>
  db.execute(sql`DELETE FROM alert_subscribers WHERE email LIKE ${ADDRESSES}`);
await removeBenchAddresses();

/** What follow `i` follows: [kind, filters, code, threshold]. */
function target(i: number): [string, Record<string, unknown> | null, string | null, number | null] {
  const share = i % 100;
  if (share < 45)
    return ['CONTRACTS', { suppliers: [suppliers[(i * 7_919) % suppliers.length]!.id] }, null, null];
  if (share < 60) return ['CONTRACTS', { administrativeUnits: [units[i % units.length]!.id] }, null, null];
  if (share < 70) return ['CONTRACTS', { procedureTypes: ['NO_BID'] }, null, null];
  if (share < 73) return ['CONTRACTS', {}, null, null];
  if (share < 88) {
    const codes = ['ANY', ...RED_FLAG_CODES];
    return ['FLAG', null, codes[i % codes.length]!, null];
  }
  if (share < 94) return ['INDEX', null, null, 5];
  return ['PUBLICATION', null, null, null];
}

const started = performance.now();
const [{ horizon }] = (await queryRows<{ horizon: string }>(
  db,
  sql`SELECT ${SETTLED_HORIZON} AS horizon`,
)) as [{ horizon: string }];
const batch = 10_000;
for (let from = 0; from < followCount; from += batch) {
  const follows = Array.from({ length: Math.min(batch, followCount - from) }, (_, offset) => {
    const i = from + offset;
    const [kind, filters, code, threshold] = target(i);
    return { i, kind, filters, code, threshold, frequency: i % 4 === 3 ? 'WEEKLY' : 'IMMEDIATE' };
  });
  await db.execute(sql`
    WITH f AS (SELECT * FROM json_to_recordset(${JSON.stringify(follows)}::json)
                 AS f(i int, kind text, filters jsonb, code text, threshold numeric, frequency text)),
    s AS (INSERT INTO alert_subscribers (id, email)
          SELECT gen_random_uuid(), 'bench-alerts-' || f.i || '@example.org' FROM f
          RETURNING id, email)
    INSERT INTO alert_follows (id, subscriber_id, organization_id, kind, filters, code, threshold, frequency,
                               confirmation_sent_at, confirmed_at, cursor_xid, cursor_change)
    SELECT gen_random_uuid(), s.id, ${organizationId}, f.kind, f.filters, f.code, f.threshold, f.frequency,
           now(), now(), ${horizon}::xid8, 0
      FROM f JOIN s ON s.email = 'bench-alerts-' || f.i || '@example.org'`);
}
await db.execute(sql`ANALYZE alert_subscribers`);
await db.execute(sql`ANALYZE alert_follows`);
console.log(
  `${followCount.toLocaleString('en-US')} confirmed follows (one per address) of monitor ${organizationId} ` +
    `written in ${((performance.now() - started) / 1000).toFixed(1)} s: 45% a supplier (of ${suppliers.length.toLocaleString('en-US')}), ` +
    '15% a unit, 10% direct awards, 3% every new contract, 15% a red flag, 6% the index, 6% the publication; ' +
    'a quarter weekly',
);
await database.close();

console.log(`\nnpm run bench:data-load -- --rows ${rows} --existing --alerts`);
try {
  execFileSync(
    path.join('node_modules', '.bin', 'tsx'),
    [
      'bench/data-load.ts',
      '--rows',
      String(rows),
      '--existing',
      '--alerts',
      '--organization',
      organizationId,
    ],
    { stdio: 'inherit', env: process.env },
  );
} finally {
  if (!process.argv.includes('--keep')) {
    const { database: again } = await openBenchDatabase();
    const weekly = await queryRows<{ rows: number }>(
      again.db,
      sql`SELECT count(*)::int AS rows FROM alert_outbox o JOIN alert_subscribers s ON s.id = o.subscriber_id
           WHERE s.email LIKE ${ADDRESSES} AND o.sent_at IS NULL`,
    );
    console.log(`(${weekly[0]?.rows.toLocaleString('en-US')} rows left for Monday's digest)`);
    await again.db.execute(sql`DELETE FROM alert_subscribers WHERE email LIKE ${ADDRESSES}`);
    await again.db.execute(sql`VACUUM ANALYZE alert_subscribers, alert_follows, alert_outbox`);
    await again.close();
  }
}
