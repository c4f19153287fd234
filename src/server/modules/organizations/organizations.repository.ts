import { and, asc, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import type { OrganizationRow } from '../../types';
import { catalogueStore } from '../catalogues/catalogue.repository';

export interface OrganizationListFilter {
  search?: string;
  offset: number;
  limit: number;
}

/** A non-deleted organization by id. */
export async function findOrganization(db: Database, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .limit(1);
  return row;
}

/** Non-deleted organizations, alphabetically, optionally matching a name search. */
export async function findOrganizations(
  db: Database,
  filter: OrganizationListFilter,
): Promise<{ rows: OrganizationRow[]; total: number }> {
  const where = and(
    isNull(organizations.deletedAt),
    filter.search
      ? sql`(lower(immutable_unaccent(${organizations.name})) LIKE ${containsPattern(filter.search)}
          OR lower(immutable_unaccent(${organizations.shortName})) LIKE ${containsPattern(filter.search)})`
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

const folded = (column: unknown) => sql`lower(immutable_unaccent(${column}))`;

/** The organizations catalogue's table (the installation's monitors): searched by name and short name. */
export const organizationStore = catalogueStore({
  table: organizations,
  sortable: {
    name: organizations.name,
    shortName: organizations.shortName,
    createdAt: organizations.createdAt,
  },
  search: (text) =>
    or(
      sql`${folded(organizations.name)} LIKE ${containsPattern(text)}`,
      sql`${folded(organizations.shortName)} LIKE ${containsPattern(text)}`,
    )!,
});

/** Live organizations other than `exceptId`: the last one cannot be deleted. */
export async function countOtherOrganizations(db: Database, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organizations)
    .where(and(isNull(organizations.deletedAt), ne(organizations.id, exceptId)));
  return row?.total ?? 0;
}
