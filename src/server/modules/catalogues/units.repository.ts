import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { administrativeUnits, contracts } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { catalogueStore } from './catalogue.repository';

export type UnitRow = typeof administrativeUnits.$inferSelect;

/** The administrative units catalogue's table: searched by name, accents and case ignored. */
export const unitStore = catalogueStore({
  table: administrativeUnits,
  sortable: {
    name: administrativeUnits.name,
    notes: administrativeUnits.notes,
    createdAt: administrativeUnits.createdAt,
  },
  search: (text) => sql`lower(immutable_unaccent(${administrativeUnits.name})) LIKE ${containsPattern(text)}`,
});

/** Contracts (not deleted) that name the unit as organizer or applicant: a reason not to delete it. */
export async function countContractsOfUnit(db: Database, unitId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contracts)
    .where(
      and(
        isNull(contracts.deletedAt),
        or(
          eq(contracts.organizerAdministrativeUnitId, unitId),
          eq(contracts.applicantAdministrativeUnitId, unitId),
        ),
      ),
    );
  return row?.total ?? 0;
}
