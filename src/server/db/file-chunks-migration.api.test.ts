import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../lib/file-store';
import { withDatabase } from '../test/global-setup.postgres';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

/** The migrations up to `last` (a journal tag), copied to a folder of their own. */
function migrationsUpTo(last: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'vigia-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === last) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** File bytes stored in `files` before the file store moves them into contents and chunks. */
describe('migration of file bytes into chunks', () => {
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  const folder = migrationsUpTo('0008_file_chunks');

  beforeAll(async () => {
    if (process.env.TEST_ENGINE === 'postgres') {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `vigia_migration_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
      database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolMax: 2 });
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      };
    } else {
      database = await openDatabase({ kind: 'pglite-memory' });
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    }
  });
  afterAll(async () => {
    await database.close();
    await dropDatabase();
    rmSync(folder, { recursive: true, force: true });
  });

  it('moves every file into chunks, once per distinct bytes and type, and keeps what refers to it', async () => {
    const { db } = database;
    const large = Buffer.alloc(1024 * 1024 + 7, 'x');
    const small = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const rows = [
      ['0192aaaa-0000-7000-8000-000000000001', large, 'image/png'],
      ['0192aaaa-0000-7000-8000-000000000002', small, 'image/svg+xml'],
      ['0192aaaa-0000-7000-8000-000000000003', small, 'image/svg+xml'],
      ['0192aaaa-0000-7000-8000-000000000004', Buffer.alloc(0), 'text/plain'],
    ] as const;
    for (const [id, data, mime] of rows) {
      await db.execute(sql`
        INSERT INTO files (id, kind, filename, mime_type, size, sha256, data)
        VALUES (${id}, 'COVER', 'portada', ${mime}, ${data.length},
                encode(sha256(${data}::bytea), 'hex'), ${data}::bytea)`);
    }
    await migrateDatabase(database);

    const store = fileStore(db);
    const files = await queryRows<{ id: string; content_id: string }>(
      db,
      sql`SELECT id, content_id FROM files ORDER BY id`,
    );
    expect(files[1]!.content_id).toBe(files[2]!.content_id);
    expect(await db.$count(sql`file_contents`)).toBe(3);
    for (const [index, [, data, mime]] of rows.entries()) {
      const content = await store.get(files[index]!.content_id);
      expect(content).toMatchObject({ mime, size: data.length });
      const parts: Buffer[] = [];
      for await (const part of content!.stream) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(data)).toBe(true);
    }
    const chunks = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM file_chunks WHERE content_id = ${files[0]!.content_id}`,
    );
    expect(chunks[0]!.count).toBe(3);
  });
});
