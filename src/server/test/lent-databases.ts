import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { scratchDatabase } from './scratch-database';

/**
 * Test databases, lent to the files of a worker one after another instead of made for each file
 * (decision 0047, ninth amendment). Making one costs much more than putting a used one back: an
 * embedded database opened from the golden image costs 0.5–2 s of CPU (its WebAssembly memory, the
 * image unpacked, PostgreSQL's start), a copy of the template on the server a write of the whole
 * template into the server's WAL and new server processes that read its catalogue afresh. A file
 * still starts from the image's state: before each loan, what the previous file made is undone
 * (`reset`), and a database that cannot be brought back (a file changed the schema) is closed or
 * dropped and replaced by a fresh one.
 *
 * A loan ends with its handle's close(). Embedded, the loan is a view of the instance that from
 * then on answers as a closed PGlite does ('PGlite is closed'), its notifications' listeners gone;
 * on the server, the loan's own connections are closed, and the next reset ends any a test left
 * open. Two loans at once (a test with two databases) are two databases.
 */

/** What the image (the golden image, the template) holds, read from the first database a worker makes. */
interface Pristine {
  /** The image's schemas. */
  schemas: string[];
  /** Every table of the image's own schemas, as `"schema"."table"`. */
  tables: Set<string>;
  /** The image's non-empty tables (the migrations' journal, pg-boss's version): their rows. */
  rows: { table: string; digest: string; json: string }[];
  /** The names of the image's empty tables that hold rows now (one query, built once). */
  writtenQuery: string;
  /** The digests of the non-empty tables' rows now, in the order of `rows` (one query, built once). */
  digestsQuery: string;
  /** Statements that put every sequence back where the image left it. */
  sequencesReset: string;
  /** How many relations, functions, types, triggers, columns and constraints the image's schemas hold. */
  shape: string;
}

/** Runs SQL on a lent database outside any loan (its reset). */
interface Session {
  rows<T>(query: string): Promise<T[]>;
  /** Statements separated by semicolons, without parameters. */
  exec(statements: string): Promise<void>;
}

/** A database of one engine that can be lent again. */
interface Lendable {
  session: Session;
  /** Makes the next loan's handle; its close() ends the loan. */
  lend(logger: Logger | undefined, poolMax: number | undefined, end: () => void): Promise<DatabaseHandle>;
  /** Whatever must go before a reset: the engine's session state, connections a test left open. */
  beforeReset(): Promise<void>;
  /** Closes or drops it for good. */
  discard(): Promise<void>;
}

/** Databases given back, to be reset before their next loan; more than this many are discarded. */
const idle: Lendable[] = [];
const KEEP_IDLE = 1;
let pristine: Pristine | undefined;
let made = 0;

/** How many databases this worker has made (its tests check that a file's database is lent again). */
export function testDatabasesMade(): number {
  return made;
}

/**
 * A database in the image's state, for one file (or one test), on the engine under test
 * (TEST_ENGINE); close() gives it back. On the server, `url` is its address, for a second
 * "process" on the same data.
 */
export async function createTestDatabase(
  options: { poolMax?: number; logger?: Logger } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const database = await take();
  let ended = false;
  return database.lend(options.logger, options.poolMax, () => {
    if (ended) return;
    ended = true;
    if (idle.length >= KEEP_IDLE) void database.discard().catch(() => undefined);
    else idle.push(database);
  });
}

async function take(): Promise<Lendable> {
  while (idle.length > 0) {
    const database = idle.pop()!;
    try {
      await database.beforeReset();
      if (await reset(database.session, pristine!)) return database;
    } catch {
      // Not brought back: a fresh one below.
    }
    await database.discard().catch(() => undefined);
  }
  const database = process.env.TEST_ENGINE === 'postgres' ? await makeOnServer() : await makeEmbedded();
  made++;
  pristine ??= await readPristine(database.session);
  return database;
}

// --- Embedded (PGlite) ----------------------------------------------------------------------------

let image: Blob | undefined;

async function makeEmbedded(): Promise<Lendable> {
  image ??= new Blob([readFileSync(inject('pgliteImage'))]);
  const own = await openDatabase({ kind: 'pglite-memory', loadDataDir: image });
  const pglite = own.pglite!;
  return {
    session: {
      rows: async <T>(query: string) => (await pglite.query<T>(query)).rows,
      exec: async (statements) => {
        await pglite.exec(statements);
      },
    },
    lend: (logger, _poolMax, end) =>
      openDatabase({ kind: 'pglite-instance', instance: loanOf(pglite, end), logger }),
    async beforeReset() {
      if (pglite.closed) throw new Error('PGlite is closed');
      if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
      // The one session's settings, listened channels, locks, temporary tables and prepared statements.
      await pglite.exec('DISCARD ALL');
    },
    discard: () => own.close(),
  };
}

/**
 * The instance as PGlite until close(): then every call fails as on a closed PGlite, the listeners
 * this loan added are removed, and `end` is told.
 */
function loanOf(pglite: PGlite, end: () => void): PGlite {
  let ended = false;
  const listeners = new Set<() => Promise<void>>();
  const closedError = () => new Error('PGlite is closed');
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'closed') return ended || target.closed;
      if (property === 'close') {
        return async () => {
          if (ended) return;
          ended = true;
          for (const unlisten of listeners) await unlisten().catch(() => undefined);
          listeners.clear();
          end();
        };
      }
      if (property === 'listen') {
        return async (channel: string, callback: (payload: string) => void) => {
          if (ended) throw closedError();
          const unlisten = await target.listen(channel, callback);
          const once = async () => {
            if (!listeners.delete(once)) return;
            if (!target.closed) await unlisten();
          };
          listeners.add(once);
          return once;
        };
      }
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (ended) {
          // PGlite's calls are asynchronous but for a few synchronous ones (execProtocolRawSync).
          if (/Sync$/.test(String(property))) throw closedError();
          return Promise.reject(closedError());
        }
        return value.apply(target, args);
      };
    },
  });
}

// --- On the PostgreSQL server -----------------------------------------------------------------

async function makeOnServer(): Promise<Lendable> {
  const template = inject('postgresTemplate');
  // Named after the template: the project's teardown drops whatever is left (global-setup.postgres.ts).
  const copy = await scratchDatabase(`${template}_${randomBytes(6).toString('hex')}`, { template });
  const { url } = copy;
  // The reset's own connection; a test that ends the database's connections may end it too.
  let client: pg.Client | undefined;
  const connected = async () => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client === fresh) client = undefined;
    };
    fresh.on('error', lost);
    fresh.on('end', lost);
    await fresh.connect();
    // A reset never waits for a lock forever: it fails, and the database is replaced.
    await fresh.query(`SET lock_timeout = '5s'`);
    client = fresh;
    return fresh;
  };
  return {
    session: {
      rows: async <T>(query: string) => (await (await connected()).query(query)).rows as T[],
      exec: async (statements) => {
        await (await connected()).query(statements);
      },
    },
    async lend(logger, poolMax, end) {
      const database = await openDatabase({ kind: 'postgres', url, poolMax: poolMax ?? 4, logger });
      return {
        ...database,
        url,
        async close() {
          try {
            await database.close();
          } finally {
            end();
          }
        },
      };
    },
    async beforeReset() {
      // Connections a test opened on the database and left open (its own pools, a second "process").
      await (await connected()).query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
    },
    async discard() {
      const own = client;
      client = undefined;
      await own?.end().catch(() => undefined);
      // Dropped while the next file runs: a drop waits on the disk, and nothing reads it again.
      void copy.drop().catch(() => undefined);
    },
  };
}

// --- The image's state, read and put back (both engines) --------------------------------------

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'`;

async function schemasOf(session: Session): Promise<string[]> {
  const rows = await session.rows<{ name: string }>(
    `SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMAS}`,
  );
  return rows.map((row) => row.name);
}

async function tablesOf(session: Session): Promise<string[]> {
  const rows = await session.rows<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** How many objects of each kind the user schemas hold: a file that made or dropped one changes it. */
async function shapeOf(session: Session): Promise<string> {
  const [row] = await session.rows<{ shape: string }>(
    `SELECT concat_ws(' ',
       (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}),
       (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS}),
       (SELECT count(*) FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${USER_SCHEMAS}),
       (SELECT count(*) FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}),
       (SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace WHERE a.attnum > 0 AND ${USER_SCHEMAS}),
       (SELECT count(*) FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace WHERE ${USER_SCHEMAS})
     ) AS shape`,
  );
  return row!.shape;
}

/** A table's rows as one digest, whatever their physical order. */
const digestOf = (table: string) =>
  `(SELECT md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) FROM ${table} r)`;

async function readPristine(session: Session): Promise<Pristine> {
  const tables = await tablesOf(session);
  const rows: Pristine['rows'] = [];
  for (const table of tables) {
    const [{ digest, json }] = (await session.rows<{ digest: string; json: string | null }>(
      `SELECT ${digestOf(table)} AS digest, (SELECT json_agg(r)::text FROM ${table} r) AS json`,
    )) as [{ digest: string; json: string | null }];
    if (json !== null) rows.push({ table, digest, json });
  }
  const empty = tables.filter((table) => !rows.some((row) => row.table === table));
  const sequences = await session.rows<{ name: string; lastValue: string | null }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS "lastValue" FROM pg_sequences`,
  );
  return {
    schemas: await schemasOf(session),
    tables: new Set(tables),
    rows,
    writtenQuery: `SELECT array_remove(ARRAY[${empty
      .map((table) => `CASE WHEN EXISTS (SELECT FROM ${table}) THEN ${literal(table)} END`)
      .join(', ')}]::text[], NULL) AS written`,
    digestsQuery: `SELECT ARRAY[${rows.map(({ table }) => digestOf(table)).join(', ')}]::text[] AS digests`,
    sequencesReset: sequences
      .map(({ name, lastValue }) =>
        // A sequence never used (no last value) starts again; a used one goes back to its value.
        lastValue === null
          ? `ALTER SEQUENCE ${name} RESTART`
          : `SELECT setval(${literal(name)}, ${lastValue}, true)`,
      )
      .join(';\n'),
    shape: await shapeOf(session),
  };
}

/**
 * Puts a used database back in the image's state: schemas, tables and partitions a file added
 * dropped, every table emptied or (the image's few non-empty ones) given its rows back, every
 * sequence where it was. False when the schema still differs from the image's (the database is then
 * replaced).
 */
async function reset(session: Session, image: Pristine): Promise<boolean> {
  const drops: string[] = [];
  for (const name of await schemasOf(session)) {
    if (!image.schemas.includes(name)) drops.push(`DROP SCHEMA ${quote(name)} CASCADE`);
  }
  const added = (await tablesOf(session)).filter((table) => !image.tables.has(table));
  if (added.length > 0) drops.push(`DROP TABLE IF EXISTS ${added.join(', ')} CASCADE`);
  if (drops.length > 0) await session.exec(drops.join(';\n'));

  // Only the tables written to are emptied: a TRUNCATE makes new files even for an empty table.
  const [{ written }] = (await session.rows<{ written: string[] }>(image.writtenQuery)) as [
    { written: string[] },
  ];
  if (written.length > 0) await session.exec(`TRUNCATE ${written.join(', ')} CASCADE`);

  const [{ digests }] = (await session.rows<{ digests: string[] }>(image.digestsQuery)) as [
    { digests: string[] },
  ];
  const restore = image.rows.flatMap(({ table, digest, json }, index) =>
    digests[index] === digest
      ? []
      : [
          `DELETE FROM ${table}`,
          `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, ${literal(json)})`,
        ],
  );
  await session.exec([...restore, image.sequencesReset].join(';\n'));
  return (await shapeOf(session)) === image.shape;
}
