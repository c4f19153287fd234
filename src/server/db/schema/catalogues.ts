import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, searchable, softDelete, updatedAt } from './columns';
import { organizations } from './organizations';

/** Companies and people that receive contracts, per monitor. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    rfc: text(),
    notes: text(),
    searchName: text().generatedAlwaysAs(() => searchable(sql`name`)),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('suppliers_name_key').on(t.organizationId, t.name).where(sql`deleted_at IS NULL`),
    uniqueIndex('suppliers_rfc_key')
      .on(t.organizationId, t.rfc)
      .where(sql`deleted_at IS NULL AND rfc IS NOT NULL`),
    index('suppliers_search_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('suppliers_org_created_idx').on(t.organizationId, t.createdAt),
    // Every supplier by name, deleted ones too: the contracts catalogue's supplier sort walks it.
    index('suppliers_org_name_idx').on(t.organizationId, t.name, t.id),
  ],
);

/** Convening and requesting administrative units of a monitored body. */
export const administrativeUnits = pgTable(
  'administrative_units',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    notes: text(),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('administrative_units_name_key').on(t.organizationId, t.name).where(sql`deleted_at IS NULL`),
    index('administrative_units_org_created_idx').on(t.organizationId, t.createdAt),
    index('administrative_units_org_name_idx').on(t.organizationId, t.name, t.id),
  ],
);
