import { createHash, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fileChunks, fileContents, files } from '../db/schema';
import { AppError } from './errors';
import type { FileInput, FileStore, PutOptions, PutResult, StoredFile } from './file-store.types';
import { newId } from './ids';
import type { ObjectStore } from './object-store';

/** Bytes per chunk row: large enough for few round trips, small enough to hold one in memory. */
export const CHUNK_BYTES = 512 * 1024;

/** A file larger than the caller allows (callers that check sizes first never see it). */
function fileTooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'El archivo es demasiado grande.');
}

/**
 * The file store's backend: contents in `file_contents`, their bytes in `file_chunks`, or in the
 * object store when one is given (the row then names the object).
 */
export function databaseFileStore(db: Database, objects: ObjectStore | null): FileStore {
  return {
    put: (input, options) => (objects ? putObject(db, objects, input, options) : put(db, input, options)),
    get: (id) => get(db, id, objects),
    deleteIfUnused: (id) => deleteIfUnused(db, id, objects),
    moveToObjects: (id) => {
      if (!objects) throw new Error('moving a content needs an object store');
      return moveToObjects(db, objects, id);
    },
  };
}

/**
 * Streams the bytes to the object store under a key of their own, hashing and counting them on the
 * way, then records the content; bytes already stored under the same type are kept once (the new
 * object is deleted and the existing content answered).
 */
async function putObject(
  db: Database,
  objects: ObjectStore,
  input: FileInput,
  options: PutOptions,
): Promise<PutResult> {
  if (Buffer.isBuffer(input)) {
    if (input.length > options.maxBytes) throw fileTooLarge();
    const existing = await findContent(db, sha256Of(input), options.mime);
    if (existing) return existing;
  }
  const id = newId();
  const key = `${objects.keyPrefix ?? ''}contents/${id}`;
  const hash = createHash('sha256');
  let size = 0;
  const body = Readable.from(
    (async function* () {
      for await (const piece of pieces(input)) {
        size += piece.length;
        if (size > options.maxBytes) throw fileTooLarge();
        hash.update(piece);
        yield piece;
      }
    })(),
  );
  await objects.put(key, body, options.mime);
  const sha256 = hash.digest('hex');
  const forget = () => objects.delete(key).catch(() => {});
  try {
    return await db.transaction(async (tx) => {
      const existing = await findContent(tx, sha256, options.mime);
      if (existing) {
        await forget();
        return existing;
      }
      await tx.insert(fileContents).values({ id, sha256, size, mimeType: options.mime, objectKey: key });
      return { id, sha256, size };
    });
  } catch (error) {
    await forget();
    if (!isViolation(error, '23505')) throw error;
    // The same bytes recorded at the same moment by another process: theirs is kept.
    const existing = await findContent(db, sha256, options.mime);
    if (!existing) throw error;
    return existing;
  }
}

/**
 * Writes the chunks as they arrive, in one transaction, hashing on the way; the content row gets
 * its SHA-256 and size at the end. Bytes already stored under the same type are kept once: the
 * new rows are dropped and the existing id answered (bytes in memory are looked up before writing).
 */
async function put(db: Database, input: FileInput, options: PutOptions): Promise<PutResult> {
  if (Buffer.isBuffer(input)) {
    if (input.length > options.maxBytes) throw fileTooLarge();
    const existing = await findContent(db, sha256Of(input), options.mime);
    if (existing) return existing;
  }
  const hash = createHash('sha256');
  try {
    return await db.transaction((tx) => write(tx, input, options, hash));
  } catch (error) {
    if (!isViolation(error, '23505')) throw error;
    // The same bytes stored at the same moment by another request: theirs is kept.
    const existing = await findContent(db, hash.digest('hex'), options.mime);
    if (!existing) throw error;
    return existing;
  }
}

async function write(tx: Database, input: FileInput, options: PutOptions, hash: Hash): Promise<PutResult> {
  const [row] = await tx
    .insert(fileContents)
    .values({ mimeType: options.mime })
    .returning({ id: fileContents.id });
  const id = row!.id;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (bytes: Buffer) => {
    await tx.insert(fileChunks).values({ contentId: id, seq, data: bytes });
    seq += 1;
  };
  for await (const piece of pieces(input)) {
    size += piece.length;
    if (size > options.maxBytes) throw fileTooLarge();
    hash.update(piece);
    pending.push(piece);
    pendingBytes += piece.length;
    if (pendingBytes < CHUNK_BYTES) continue;
    let joined = Buffer.concat(pending, pendingBytes);
    while (joined.length >= CHUNK_BYTES) {
      await flush(joined.subarray(0, CHUNK_BYTES));
      joined = joined.subarray(CHUNK_BYTES);
    }
    pending = [joined];
    pendingBytes = joined.length;
  }
  if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
  const sha256 = hash.copy().digest('hex');
  const existing = await findContent(tx, sha256, options.mime);
  if (existing) {
    await tx.delete(fileContents).where(eq(fileContents.id, id));
    return existing;
  }
  await tx.update(fileContents).set({ sha256, size }).where(eq(fileContents.id, id));
  return { id, sha256, size };
}

/** The input as Buffers; bytes in memory in chunk-sized views (no copy). */
async function* pieces(input: FileInput): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(input)) {
    for (let start = 0; start < input.length; start += CHUNK_BYTES) {
      yield input.subarray(start, start + CHUNK_BYTES);
    }
    return;
  }
  for await (const piece of input) {
    yield Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
  }
}

/**
 * A stored content of these bytes and type, locked against deletion (FOR KEY SHARE) until the
 * caller's transaction ends, so a file can refer to it before `deleteIfUnused` could remove it.
 */
async function findContent(db: Database, sha256: string, mime: string): Promise<PutResult | undefined> {
  const [row] = await db
    .select({ id: fileContents.id, sha256: fileContents.sha256, size: fileContents.size })
    .from(fileContents)
    .where(and(eq(fileContents.sha256, sha256), eq(fileContents.mimeType, mime)))
    .for('key share');
  return row ? { id: row.id, sha256, size: row.size } : undefined;
}

async function get(db: Database, id: string, objects: ObjectStore | null): Promise<StoredFile | undefined> {
  const [row] = await db
    .select({
      mime: fileContents.mimeType,
      size: fileContents.size,
      sha256: fileContents.sha256,
      objectKey: fileContents.objectKey,
    })
    .from(fileContents)
    .where(and(eq(fileContents.id, id), isNotNull(fileContents.sha256)))
    .limit(1);
  if (!row) return undefined;
  if (row.objectKey) {
    if (!objects) throw new Error(`file content ${id} is in the object store, which is not configured here`);
    return { mime: row.mime, size: row.size, sha256: row.sha256!, stream: await objects.get(row.objectKey) };
  }
  return {
    mime: row.mime,
    size: row.size,
    sha256: row.sha256!,
    stream: Readable.from(readChunks(db, id, row.size, objects), { objectMode: false }),
  };
}

/**
 * One chunk per query, in order, only as fast as the reader consumes them. A content moved to the
 * object store while it is read goes on from the object; one deleted ends the stream with an error
 * instead of a silently short file.
 */
async function* readChunks(
  db: Database,
  id: string,
  size: number,
  objects: ObjectStore | null,
): AsyncGenerator<Buffer> {
  let sent = 0;
  for (let seq = 0; sent < size; seq += 1) {
    const [chunk] = await db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.contentId, id), eq(fileChunks.seq, seq)));
    if (!chunk) {
      const [moved] = await db
        .select({ objectKey: fileContents.objectKey })
        .from(fileContents)
        .where(eq(fileContents.id, id));
      if (!moved?.objectKey || !objects)
        throw new Error(`file content ${id} ended at ${sent} of ${size} bytes`);
      yield* skipBytes(await objects.get(moved.objectKey), sent);
      return;
    }
    sent += chunk.data.length;
    yield chunk.data;
  }
}

/** The stream's bytes after its first `skip`. */
async function* skipBytes(stream: Readable, skip: number): AsyncGenerator<Buffer> {
  let left = skip;
  for await (const piece of stream) {
    const bytes = piece as Buffer;
    if (left >= bytes.length) {
      left -= bytes.length;
      continue;
    }
    yield left > 0 ? bytes.subarray(left) : bytes;
    left = 0;
  }
}

/**
 * Copies a content's chunks to the object store, then, in one transaction, records its key and
 * drops the chunks. A content gone or moved meanwhile keeps what it has and the new object is
 * deleted. Reading the chunks is one query per chunk, so other queries go on between them.
 */
async function moveToObjects(db: Database, objects: ObjectStore, id: string): Promise<boolean> {
  const [row] = await db
    .select({ size: fileContents.size, mime: fileContents.mimeType, objectKey: fileContents.objectKey })
    .from(fileContents)
    .where(and(eq(fileContents.id, id), isNotNull(fileContents.sha256)));
  if (!row || row.objectKey) return false;
  const key = `${objects.keyPrefix ?? ''}contents/${id}`;
  await objects.put(key, Readable.from(readChunks(db, id, row.size, null), { objectMode: false }), row.mime);
  const recorded = await db.transaction(async (tx) => {
    const updated = await tx
      .update(fileContents)
      .set({ objectKey: key })
      .where(and(eq(fileContents.id, id), isNull(fileContents.objectKey)))
      .returning({ id: fileContents.id });
    if (updated.length === 0) return false;
    await tx.delete(fileChunks).where(eq(fileChunks.contentId, id));
    return true;
  });
  if (!recorded) await objects.delete(key).catch(() => {});
  return recorded;
}

/**
 * Deletes a content no file refers to (its chunks go with it). In a savepoint: a file that came to
 * refer to it meanwhile fails the delete on the foreign key, which means "still used", not an error.
 */
async function deleteIfUnused(db: Database, id: string, objects: ObjectStore | null): Promise<boolean> {
  try {
    const deleted = await db.transaction(async (tx) =>
      tx
        .delete(fileContents)
        .where(
          and(
            eq(fileContents.id, id),
            sql`NOT EXISTS (SELECT 1 FROM ${files} WHERE ${files.contentId} = ${id})`,
          ),
        )
        .returning({ id: fileContents.id, objectKey: fileContents.objectKey }),
    );
    // The object goes once its row is gone (a row is never left pointing at nothing).
    const key = deleted[0]?.objectKey;
    if (key && objects) await objects.delete(key);
    return deleted.length > 0;
  } catch (error) {
    if (isViolation(error, '23503')) return false;
    throw error;
  }
}

function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A PostgreSQL error of this SQLSTATE, as thrown by either driver (or wrapped by Drizzle). */
function isViolation(error: unknown, code: string): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === code;
}
