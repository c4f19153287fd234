import { and, asc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { administrativeUnits, suppliers } from '../../db/schema';
import { containsPattern } from '../../db/sql';

/** What a picker asks for: a search over names, the value already chosen, at most `limit` matches. */
export interface PickerRequest {
  organizationId: string;
  search?: string;
  include?: string;
  limit: number;
}

export interface SupplierChoice {
  _id: string;
  name: string;
  rfc: string | null;
}

export interface AdministrativeUnitChoice {
  _id: string;
  name: string;
}

const folded = (column: PgColumn) => sql`lower(immutable_unaccent(${column}))`;

/** The chosen row first (an edited contract shows its value whatever the search), then the matches. */
function withChosen<T extends { _id: string }>(chosen: T[], found: T[]): T[] {
  return [...chosen, ...found.filter((row) => !chosen.some((one) => one._id === row._id))];
}

/** The monitor's live suppliers by name or RFC, alphabetically, the chosen one first. */
export async function findSupplierChoices(db: Database, request: PickerRequest): Promise<SupplierChoice[]> {
  const { search, include } = request;
  const live = and(eq(suppliers.organizationId, request.organizationId), isNull(suppliers.deletedAt));
  const matches: SQL | undefined = search
    ? or(
        sql`${suppliers.searchName} LIKE ${containsPattern(search)}`,
        sql`lower(coalesce(${suppliers.rfc}, '')) LIKE ${containsPattern(search)}`,
      )
    : undefined;
  const columns = { _id: suppliers.id, name: suppliers.name, rfc: suppliers.rfc };
  const [chosen, found] = await Promise.all([
    include
      ? db
          .select(columns)
          .from(suppliers)
          .where(and(live, eq(suppliers.id, include)))
      : [],
    db
      .select(columns)
      .from(suppliers)
      .where(and(live, matches))
      .orderBy(asc(suppliers.name))
      .limit(request.limit),
  ]);
  return withChosen(chosen, found);
}

/** The monitor's live administrative units by name (accents ignored), alphabetically, the chosen one first. */
export async function findAdministrativeUnitChoices(
  db: Database,
  request: PickerRequest,
): Promise<AdministrativeUnitChoice[]> {
  const { search, include } = request;
  const live = and(
    eq(administrativeUnits.organizationId, request.organizationId),
    isNull(administrativeUnits.deletedAt),
  );
  const matches = search
    ? sql`${folded(administrativeUnits.name)} LIKE ${containsPattern(search)}`
    : undefined;
  const columns = { _id: administrativeUnits.id, name: administrativeUnits.name };
  const [chosen, found] = await Promise.all([
    include
      ? db
          .select(columns)
          .from(administrativeUnits)
          .where(and(live, eq(administrativeUnits.id, include)))
      : [],
    db
      .select(columns)
      .from(administrativeUnits)
      .where(and(live, matches))
      .orderBy(asc(administrativeUnits.name))
      .limit(request.limit),
  ]);
  return withChosen(chosen, found);
}
