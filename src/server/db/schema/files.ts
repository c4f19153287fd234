import { integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';

/**
 * The stored bytes of the file store's database backend (lib/file-store): one row per distinct
 * content and type, its bytes in `file_chunks` so that large files stream in and out. Bytes stay
 * in PostgreSQL so one dump backs up everything.
 */
export const fileContents = pgTable(
  'file_contents',
  {
    id: id(),
    /** Null only while the chunks are being written, inside the writing transaction. */
    sha256: text(),
    mimeType: text().notNull(),
    size: integer().notNull().default(0),
    /** Where the bytes are: null in `file_chunks`; the object's key in the object store (FILE_STORAGE_URL). */
    objectKey: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('file_contents_sha256_mime_idx').on(t.sha256, t.mimeType)],
);

/** The bytes of one content, in order of `seq` (each up to the store's chunk size). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    contentId: uuid()
      .notNull()
      .references(() => fileContents.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.seq] })],
);
