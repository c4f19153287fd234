import { and, eq, inArray } from 'drizzle-orm';
import { PROCEDURE_TYPE_LABELS } from '../../../shared/constants/enums';
import { conditionLines } from '../../../shared/format/filter-conditions';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { Database } from '../../db/client';
import { administrativeUnits, suppliers } from '../../db/schema';
import type { ExportFilter } from '../../exports/document';

/** The active filters as people read them, for the "Filtrado por" block of every download. */
export async function describeFilters(
  db: Database,
  organizationId: string,
  filters: Partial<PublicFilters>,
): Promise<ExportFilter[]> {
  const names = async (table: typeof suppliers | typeof administrativeUnits, ids?: readonly string[]) => {
    if (!ids?.length) return [];
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.id, [...ids])));
    return ids.map((id) => rows.find((row) => row.id === id)?.name ?? id);
  };
  const lines: ExportFilter[] = [
    { label: 'Administración', values: filters.administrationPeriods ?? [] },
    { label: 'Ejercicio', values: filters.fiscalYears ?? [] },
    { label: 'Trimestre', values: filters.trimonths ?? [] },
    {
      label: 'Tipo de procedimiento',
      values: (filters.procedureTypes ?? []).map((type) => PROCEDURE_TYPE_LABELS[type]),
    },
    { label: 'U. Administrativa', values: await names(administrativeUnits, filters.administrativeUnits) },
    { label: 'Proveedor', values: await names(suppliers, filters.suppliers) },
    { label: 'Palabra(s) clave', values: filters.search ? [filters.search] : [] },
    { label: 'Contratos', values: filters.countedOnly ? ['Solo los que cuentan en los totales'] : [] },
    ...conditionLines(filters),
  ];
  return lines.filter((line) => line.values.length > 0);
}
