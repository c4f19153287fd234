import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { LOCKS } from '../../db/migrate';
import {
  administrativeUnits,
  calculations,
  calculationVersions,
  organizations,
  suppliers,
} from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { catalogueStore } from '../catalogues/catalogue.repository';

/** The calculations of a monitor and what the index page and the catalogue need around them. */

export type CalculationRow = typeof calculations.$inferSelect;
export type CalculationValues = Omit<
  typeof calculations.$inferInsert,
  'id' | 'organizationId' | 'createdBy' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'deletedBy' | 'version'
>;

/** The monitor's live calculations, oldest first (the default index in its order). */
export function liveCalculations(db: Database, organizationId: string): Promise<CalculationRow[]> {
  return db
    .select()
    .from(calculations)
    .where(and(eq(calculations.organizationId, organizationId), isNull(calculations.deletedAt)))
    .orderBy(asc(calculations.createdAt), asc(calculations.abbreviation));
}

/** A number that grows with every write to any monitor's data (GENERAL calculations' results are keyed on it). */
export async function installationDataVersion(db: Database): Promise<number> {
  const [row] = await queryRows<{ version: string | number | null }>(
    db,
    sql`SELECT sum(${organizations.dataVersion}) AS version FROM ${organizations} WHERE ${organizations.deletedAt} IS NULL`,
  );
  return Number(row?.version ?? 0);
}

/** The calculations catalogue's table: searched by name, abbreviation and description. */
export const calculationStore = catalogueStore({
  table: calculations,
  sortable: {
    name: calculations.name,
    abbreviation: calculations.abbreviation,
    type: calculations.type,
    createdAt: calculations.createdAt,
  },
  search: (text) =>
    sql`lower(immutable_unaccent(${calculations.name} || ' ' || ${calculations.abbreviation} || ' ' || ${calculations.description})) LIKE ${containsPattern(text)}`,
});

/** Saves of one monitor's calculations take turns: references and cycles are checked against a still picture. */
export async function lockCalculations(tx: Database, organizationId: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${LOCKS.calculations}::int, hashtext(${organizationId}))`,
  );
}

/** One live calculation of the monitor, locked for the save. */
export async function calculationForUpdate(
  tx: Database,
  organizationId: string,
  id: string,
): Promise<CalculationRow | undefined> {
  const [row] = await tx
    .select()
    .from(calculations)
    .where(
      and(
        eq(calculations.id, id),
        eq(calculations.organizationId, organizationId),
        isNull(calculations.deletedAt),
      ),
    )
    .for('update');
  return row;
}

/** Writes a new calculation (version 1) and its first saved definition. */
export async function insertCalculation(
  tx: Database,
  organizationId: string,
  userId: string,
  values: CalculationValues,
  definition: object,
): Promise<CalculationRow> {
  const [row] = await tx
    .insert(calculations)
    .values({ ...values, organizationId, createdBy: userId, version: 1 })
    .returning();
  await tx.insert(calculationVersions).values({
    calculationId: row!.id,
    organizationId,
    version: 1,
    definition,
    savedBy: userId,
  });
  return row!;
}

/** Writes a calculation's new values; a changed definition becomes its next version, kept in calculation_versions. */
export async function updateCalculation(
  tx: Database,
  current: CalculationRow,
  userId: string,
  values: CalculationValues,
  definition: object | null,
  now: Date,
): Promise<CalculationRow> {
  const version = definition ? current.version + 1 : current.version;
  const [row] = await tx
    .update(calculations)
    .set({ ...values, version, updatedAt: now })
    .where(eq(calculations.id, current.id))
    .returning();
  if (definition)
    await tx.insert(calculationVersions).values({
      calculationId: current.id,
      organizationId: current.organizationId,
      version,
      definition,
      savedBy: userId,
    });
  return row!;
}

/** Soft-deletes a calculation. */
export async function deleteCalculation(tx: Database, id: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(calculations)
    .set({ deletedAt: now, deletedBy: userId, updatedAt: now })
    .where(eq(calculations.id, id));
}

/** The monitor's other live calculations (the `$$` references the form offers), by name. */
export function otherCalculations(
  db: Database,
  organizationId: string,
  exceptId: string | undefined,
): Promise<Pick<CalculationRow, 'id' | 'name' | 'abbreviation' | 'description' | 'type'>[]> {
  return db
    .select({
      id: calculations.id,
      name: calculations.name,
      abbreviation: calculations.abbreviation,
      description: calculations.description,
      type: calculations.type,
    })
    .from(calculations)
    .where(
      and(
        eq(calculations.organizationId, organizationId),
        isNull(calculations.deletedAt),
        exceptId ? ne(calculations.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(calculations.abbreviation));
}

/** A supplier or unit a calculation's filter names: its kind, whether it is live, and what names it elsewhere. */
export interface FilterReference {
  id: string;
  onModel: 'Supplier' | 'AdministrativeUnit';
  name: string;
  rfc: string | null;
  live: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The monitor's suppliers and units among these ids (deleted ones too, marked), by id. */
export async function filterReferences(
  db: Database,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, FilterReference>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const list = sql`${`{${wanted.join(',')}}`}::uuid[]`;
  const rows = await queryRows<FilterReference>(
    db,
    sql`SELECT id::text AS id, 'Supplier' AS "onModel", name, rfc, deleted_at IS NULL AS live
          FROM ${suppliers} WHERE organization_id = ${organizationId} AND id = ANY(${list})
        UNION ALL
        SELECT id::text, 'AdministrativeUnit', name, NULL, deleted_at IS NULL
          FROM ${administrativeUnits} WHERE organization_id = ${organizationId} AND id = ANY(${list})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}
