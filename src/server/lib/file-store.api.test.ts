import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { fileChunks, fileContents, files } from '../db/schema';
import { createTestDatabase } from '../test/test-app';
import { AppError } from './errors';
import { fileStore } from './file-store';
import { CHUNK_BYTES } from './file-store.repository';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The bytes in pieces of odd sizes, as a network stream would bring them. */
function trickle(data: Buffer, piece = 100_003): Readable {
  return Readable.from(
    (function* () {
      for (let start = 0; start < data.length; start += piece) yield data.subarray(start, start + piece);
    })(),
  );
}

describe('file store (database backend)', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('stores a multi-chunk file from a stream and streams the same bytes back', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 12_345);
    const store = fileStore(database.db);
    const put = await store.put(trickle(data), { mime: 'application/pdf', maxBytes: 50 * 1024 * 1024 });
    expect(put).toEqual({ id: expect.any(String), sha256: sha256(data), size: data.length });

    const chunks = await database.db
      .select({ seq: fileChunks.seq, data: fileChunks.data })
      .from(fileChunks)
      .where(eq(fileChunks.contentId, put.id));
    expect(chunks.length).toBe(Math.ceil(data.length / CHUNK_BYTES));
    expect(Math.max(...chunks.map((chunk) => chunk.data.length))).toBe(CHUNK_BYTES);

    const got = await store.get(put.id);
    expect(got).toMatchObject({ mime: 'application/pdf', size: data.length, sha256: sha256(data) });
    const read = await readAll(got!.stream);
    expect(read.length).toBe(data.length);
    expect(sha256(read)).toBe(sha256(data));
  });

  it('stores the same bytes and type once, from a buffer or a stream', async () => {
    const data = randomBytes(CHUNK_BYTES + 10);
    const store = fileStore(database.db);
    const first = await store.put(data, { mime: 'image/png', maxBytes: data.length });
    expect(await store.put(Buffer.from(data), { mime: 'image/png', maxBytes: data.length })).toEqual(first);
    // Written chunk by chunk before the hash is known: the new rows are dropped at the end.
    expect(await store.put(trickle(data), { mime: 'image/png', maxBytes: data.length })).toEqual(first);
    const rows = await database.db.select().from(fileContents).where(eq(fileContents.sha256, first.sha256));
    expect(rows.map((row) => row.id)).toEqual([first.id]);
    // The same bytes under another type are another content.
    const other = await store.put(data, { mime: 'image/gif', maxBytes: data.length });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses more bytes than allowed and stores nothing', async () => {
    const data = randomBytes(CHUNK_BYTES * 2);
    const store = fileStore(database.db);
    const before = await database.db.$count(fileContents);
    await expect(store.put(trickle(data), { mime: 'text/plain', maxBytes: CHUNK_BYTES })).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE',
    );
    await expect(store.put(data, { mime: 'text/plain', maxBytes: CHUNK_BYTES })).rejects.toBeInstanceOf(
      AppError,
    );
    expect(await database.db.$count(fileContents)).toBe(before);
  });

  it('keeps a content a file still refers to, and deletes it with its chunks once unused', async () => {
    const data = randomBytes(CHUNK_BYTES * 2 + 1);
    const store = fileStore(database.db);
    const { id } = await store.put(data, { mime: 'image/jpeg', maxBytes: data.length });
    const [file] = await database.db
      .insert(files)
      .values({ kind: 'COVER', filename: 'portada.jpg', contentId: id })
      .returning();
    expect(await store.deleteIfUnused(id)).toBe(false);
    expect(sha256(await readAll((await store.get(id))!.stream))).toBe(sha256(data));

    await database.db.delete(files).where(eq(files.id, file!.id));
    expect(await store.deleteIfUnused(id)).toBe(true);
    expect(await store.get(id)).toBeUndefined();
    expect(await database.db.$count(fileChunks, eq(fileChunks.contentId, id))).toBe(0);
  });

  it('takes part in the caller transaction: a rolled-back put leaves nothing', async () => {
    const data = randomBytes(1000);
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction(async (tx) => {
        await fileStore(tx).put(data, { mime: 'image/png', maxBytes: data.length });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await database.db.$count(fileContents, eq(fileContents.sha256, sha256(data)))).toBe(0);
  });
});
