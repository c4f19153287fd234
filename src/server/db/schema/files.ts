import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';
import { fileKindEnum } from './enums';
import { organizations } from './organizations';

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

/**
 * Every stored file (covers, pictures, resource images, document backups, uploaded sheets): what
 * it is, whose it is and its name; its bytes are a content of the file store, shared by files of
 * the same bytes and type.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    /** Null only for files that belong to no monitor (profile pictures). */
    organizationId: uuid().references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    kind: fileKindEnum().notNull(),
    filename: text().notNull(),
    /** The bytes (lib/file-store); a content is deleted only once no file refers to it. */
    contentId: uuid()
      .notNull()
      .references(() => fileContents.id),
    /** Where a document backup was downloaded from. */
    sourceUrl: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_organization_idx').on(t.organizationId, t.kind),
    index('files_content_idx').on(t.contentId),
  ],
);
