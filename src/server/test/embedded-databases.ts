import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { type DatabaseHandle, openDatabase } from '../db/client';

/**
 * Embedded test databases, lent to the files of a worker one after another instead of opened for
 * each file (decision 0047, ninth amendment). Opening PGlite from the golden image costs 0.5–2 s of
 * CPU (its WebAssembly memory, the image unpacked, PostgreSQL's start); putting a used one back as
 * the image left it costs a tenth of that. A file still starts from the image's state: before each
 * loan, what the previous file made is undone (reset below), and an instance that cannot be brought
 * back (a file changed the schema) is closed and replaced by a fresh one.
 *
 * A loan is a view of the instance that ends with its close(): from then on it answers as a closed
 * PGlite does ('PGlite is closed'), its notifications' listeners are gone, and the instance waits
 * for the next file. Two loans at once (a test with two databases) are two instances.
 */

/** What the golden image holds, read from the first instance a worker opens. */
interface Pristine {
  /** Every table of the image's own schemas, as `"schema"."table"`. */
  tables: Set<string>;
  /** The image's non-empty tables (the migrations' journal, pg-boss's version): their rows. */
  rows: Map<string, { digest: string; json: string }>;
  /** Each sequence's state. */
  sequences: { name: string; lastValue: string | null; isCalled: boolean }[];
  /** How many tables, functions, types, triggers and indexes the image's schemas hold. */
  shape: string;
  /** The image's schemas. */
  schemas: string[];
}

interface Instance {
  /** The instance's own handle: its close() closes the instance. */
  handle: DatabaseHandle;
  pglite: PGlite;
}

/** Instances given back, to be reset before their next loan; more than this many are closed. */
const idle: Instance[] = [];
const KEEP_IDLE = 1;
let pristine: Pristine | undefined;
let image: Blob | undefined;
let opened = 0;

/** How many instances this worker has opened (its tests check that a file's database is lent again). */
export function embeddedInstancesOpened(): number {
  return opened;
}

/** A database in the golden image's state, for one file (or one test); close() gives it back. */
export async function leaseEmbeddedDatabase(imageFile: string, logger?: Logger): Promise<DatabaseHandle> {
  const instance = await takeInstance(imageFile);
  return openDatabase({ kind: 'pglite-instance', instance: lend(instance), logger });
}

async function takeInstance(imageFile: string): Promise<Instance> {
  while (idle.length > 0) {
    const instance = idle.pop()!;
    try {
      if (await reset(instance.pglite)) return instance;
    } catch {
      // Not brought back: a fresh one below.
    }
    await instance.handle.close().catch(() => undefined);
  }
  image ??= new Blob([readFileSync(imageFile)]);
  const handle = await openDatabase({ kind: 'pglite-memory', loadDataDir: image });
  opened++;
  const instance = { handle, pglite: handle.pglite! };
  pristine ??= await readPristine(instance.pglite);
  return instance;
}

function giveBack(instance: Instance) {
  if (instance.pglite.closed || idle.length >= KEEP_IDLE) {
    void instance.handle.close().catch(() => undefined);
    return;
  }
  idle.push(instance);
}

/**
 * The instance as PGlite, until close(): then every call fails as on a closed PGlite, and the
 * listeners this loan added are removed.
 */
function lend(instance: Instance): PGlite {
  const { pglite } = instance;
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
          giveBack(instance);
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

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'`;

async function rowsOf<T>(pglite: PGlite, query: string): Promise<T[]> {
  return (await pglite.query<T>(query)).rows;
}

async function tablesOf(pglite: PGlite): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    pglite,
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** How many objects of each kind the user schemas hold: a file that made or dropped one changes it. */
async function shapeOf(pglite: PGlite): Promise<string> {
  const [row] = await rowsOf<{ shape: string }>(
    pglite,
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

const digestOf = (table: string) =>
  `SELECT md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) AS digest FROM ${table} r`;

async function readPristine(pglite: PGlite): Promise<Pristine> {
  const tables = await tablesOf(pglite);
  const rows = new Map<string, { digest: string; json: string }>();
  for (const table of tables) {
    const [{ n }] = (await rowsOf<{ n: number }>(pglite, `SELECT count(*)::int AS n FROM ${table}`)) as [
      { n: number },
    ];
    if (n === 0) continue;
    const [{ digest }] = (await rowsOf<{ digest: string }>(pglite, digestOf(table))) as [{ digest: string }];
    const [{ json }] = (await rowsOf<{ json: string }>(
      pglite,
      `SELECT coalesce(json_agg(r), '[]')::text AS json FROM ${table} r`,
    )) as [{ json: string }];
    rows.set(table, { digest, json });
  }
  const sequences = await rowsOf<{ name: string; lastValue: string | null; isCalled: boolean }>(
    pglite,
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS "lastValue",
            last_value IS NOT NULL AS "isCalled"
     FROM pg_sequences`,
  );
  const schemas = await rowsOf<{ name: string }>(
    pglite,
    `SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMAS}`,
  );
  return {
    tables: new Set(tables),
    rows,
    sequences,
    shape: await shapeOf(pglite),
    schemas: schemas.map((schema) => schema.name),
  };
}

/**
 * Puts a used instance back in the golden image's state: the session's settings, listeners and
 * locks reset, schemas, tables and partitions the file added dropped, every table emptied or (the
 * image's few non-empty ones) given its rows back, every sequence where it was. False when the
 * schema still differs from the image's (the instance is then replaced).
 */
async function reset(pglite: PGlite): Promise<boolean> {
  const image = pristine!;
  if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
  await pglite.exec('DISCARD ALL');
  const schemas = await rowsOf<{ name: string }>(
    pglite,
    `SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMAS}`,
  );
  const statements: string[] = [];
  for (const { name } of schemas) {
    if (!image.schemas.includes(name)) statements.push(`DROP SCHEMA ${quote(name)} CASCADE`);
  }
  const added = (await tablesOf(pglite)).filter((table) => !image.tables.has(table));
  if (added.length > 0) statements.push(`DROP TABLE IF EXISTS ${added.join(', ')} CASCADE`);
  if (statements.length > 0) await pglite.exec(statements.join(';\n'));

  const empty = [...image.tables].filter((table) => !image.rows.has(table));
  const [{ written }] = (await rowsOf<{ written: string[] | null }>(
    pglite,
    `SELECT array_remove(ARRAY[${empty
      .map((table) => `CASE WHEN EXISTS (SELECT FROM ${table}) THEN '${table.replaceAll("'", "''")}' END`)
      .join(', ')}], NULL) AS written`,
  )) as [{ written: string[] | null }];
  if (written && written.length > 0) await pglite.exec(`TRUNCATE ${written.join(', ')} CASCADE`);
  const restore: string[] = [];
  for (const [table, { digest, json }] of image.rows) {
    const [now] = (await rowsOf<{ digest: string }>(pglite, digestOf(table))) as [{ digest: string }];
    if (now.digest === digest) continue;
    restore.push(
      `DELETE FROM ${table}`,
      `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, '${json.replaceAll("'", "''")}')`,
    );
  }
  for (const { name, lastValue, isCalled } of image.sequences) {
    restore.push(
      isCalled
        ? `SELECT setval('${name.replaceAll("'", "''")}', ${lastValue}, true)`
        : `ALTER SEQUENCE ${name} RESTART`,
    );
  }
  await pglite.exec(restore.join(';\n'));
  return (await shapeOf(pglite)) === image.shape;
}
