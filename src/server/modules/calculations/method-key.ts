import { createHash } from 'node:crypto';
import { type MethodPart, methodKeys, normalName } from '../../../shared/calculations/method-key';
import type { Database } from '../../db/client';
import { type CalculationRow, type FilterReference, filterReferences } from './calculations.repository';

/**
 * The method keys of a monitor's calculations (shared/calculations/method-key.ts, decision 0040):
 * SHA-256 of the canonical method, its first 16 hex digits, with a filter's supplier named by its
 * RFC (else its name) and a unit by its name, as another server holding them names them too.
 */

type Row = Pick<
  CalculationRow,
  'abbreviation' | 'type' | 'administrationPeriod' | 'formula' | 'hasPercentScale' | 'scale' | 'filters'
>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function partOf(row: Row): MethodPart {
  return {
    abbreviation: row.abbreviation,
    type: row.type,
    administrationPeriod: row.administrationPeriod,
    expression: row.formula.expression,
    hasPercentScale: row.hasPercentScale,
    scale: row.scale,
    filters: row.filters,
  };
}

function nameOf(reference: FilterReference): string {
  return reference.onModel === 'Supplier' && reference.rfc?.trim()
    ? `rfc:${reference.rfc.trim().toUpperCase()}`
    : `${reference.onModel === 'Supplier' ? 'supplier' : 'unit'}:${normalName(reference.name)}`;
}

/** The ids of the suppliers and units the rows' filters name. */
function referencedIds(rows: readonly Row[]): string[] {
  return rows.flatMap((row) => row.filters.flatMap((filter) => (filter.reference ? [filter.reference] : [])));
}

/** Every calculation's key by abbreviation, the filters' references read once. */
export async function methodKeysOf(
  db: Database,
  organizationId: string,
  rows: readonly Row[],
): Promise<Map<string, string>> {
  const references = await filterReferences(db, organizationId, referencedIds(rows));
  return methodKeys(rows.map(partOf), {
    hash: sha256,
    referenceName: (id) => {
      const reference = references.get(id);
      return reference ? nameOf(reference) : undefined;
    },
  });
}
