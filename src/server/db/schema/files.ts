import { type AnyPgColumn, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';
import { fileKindEnum } from './enums';
import { organizations } from './organizations';

/**
 * Every stored file (covers, pictures, resource images, document backups, uploaded sheets):
 * bytes in PostgreSQL so one dump backs up everything.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    /** Null only for files that belong to no monitor (profile pictures). */
    organizationId: uuid().references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    kind: fileKindEnum().notNull(),
    filename: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    data: bytea().notNull(),
    /** Where a document backup was downloaded from. */
    sourceUrl: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_organization_idx').on(t.organizationId, t.kind),
    index('files_sha256_idx').on(t.sha256),
  ],
);
