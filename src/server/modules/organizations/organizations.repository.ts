import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import type { OrganizationRow } from '../../types';

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
