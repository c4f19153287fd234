import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, searchable, softDelete, updatedAt } from './columns';
import { resourceClassificationEnum } from './enums';
import { files, organizations } from './organizations';

/** Articles, legal framework, notes and websites published on /resources. */
export const resources = pgTable(
  'resources',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    title: text().notNull(),
    url: text().notNull(),
    classification: resourceClassificationEnum().notNull(),
    imageFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    searchTitle: text().generatedAlwaysAs(() => searchable(sql`title`)),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('resources_title_key')
      .on(t.organizationId, t.classification, t.title)
      .where(sql`deleted_at IS NULL`),
    index('resources_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
