import { and, eq, inArray } from 'drizzle-orm';
import { PROCEDURE_TYPE_LABELS } from '../../../shared/constants/enums';
import { conditionLines } from '../../../shared/format/filter-conditions';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { administrativeUnits, suppliers } from '../../db/schema';
import type { ExportFilter } from '../../exports/document';

/** The names of suppliers or administrative units of a monitor, in the order of the ids (an unknown id as itself). */
export type FilterNames = (kind: 'suppliers' | 'units', ids: readonly string[]) => Promise<string[]>;

const TABLES = { suppliers, units: administrativeUnits } as const;

async function readNames(
  db: Database,
  organizationId: string,
  kind: 'suppliers' | 'units',
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const table = TABLES[kind];
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), inArray(table.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Names read from the database at each call. */
const namesFrom =
  (db: Database, organizationId: string): FilterNames =>
  async (kind, ids) => {
    const found = await readNames(db, organizationId, kind, ids);
    return ids.map((id) => found.get(id) ?? id);
  };

/**
 * Names of many filters read at once (two statements), for describing many of them (a matching
 * run's thousands of followed pages); an id not among them is read when asked.
 */
export async function filterNameBook(
  db: Database,
  organizationId: string,
  ids: { suppliers: readonly string[]; units: readonly string[] },
): Promise<FilterNames> {
  const book = {
    suppliers: await readNames(db, organizationId, 'suppliers', ids.suppliers),
    units: await readNames(db, organizationId, 'units', ids.units),
  };
  const read = namesFrom(db, organizationId);
  return async (kind, wanted) =>
    wanted.every((id) => book[kind].has(id)) ? wanted.map((id) => book[kind].get(id)!) : read(kind, wanted);
}

/** The active filters as people read them, for the "Filtrado por" block of every download. */
export async function describeFilters(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
  names: FilterNames = namesFrom(db, organizationId),
): Promise<ExportFilter[]> {
  const named = async (kind: 'suppliers' | 'units', ids?: readonly string[]) =>
    ids?.length ? names(kind, ids) : [];
  const lines: ExportFilter[] = [
    { label: 'Administración', values: filters.administrationPeriods ?? [] },
    { label: 'Ejercicio', values: filters.fiscalYears ?? [] },
    { label: 'Trimestre', values: filters.trimonths ?? [] },
    {
      label: 'Tipo de procedimiento',
      values: (filters.procedureTypes ?? []).map((type) => PROCEDURE_TYPE_LABELS[type]),
    },
    { label: 'U. Administrativa', values: await named('units', filters.administrativeUnits) },
    { label: 'Proveedor', values: await named('suppliers', filters.suppliers) },
    { label: 'Palabra(s) clave', values: filters.search ? [filters.search] : [] },
    { label: 'Contratos', values: filters.countedOnly ? ['Solo los que cuentan en los totales'] : [] },
    ...conditionLines(filters),
  ];
  return lines.filter((line) => line.values.length > 0);
}
