import type { Database } from '../db/client';
import { databaseFileStore } from './file-store.repository';
import type { FileStore } from './file-store.types';
import type { ObjectStore } from './object-store';

/**
 * The file store over a database handle; a transaction's handle makes `put` and `deleteIfUnused`
 * part of it (savepoints), so a replaced cover and its new bytes commit together. Bytes go to the
 * database (decision 0025) unless an object store is given (FILE_STORAGE_URL, decision 0037: the
 * backup copies of documents); the database always records which content is where, so `get` and
 * `deleteIfUnused` find the bytes wherever they were put.
 */
export function fileStore(db: Database, objects?: ObjectStore | null): FileStore {
  return databaseFileStore(db, objects ?? null);
}
