import { type SQL, sql } from 'drizzle-orm';
import { FLAG_VARIABLES } from '../../../shared/calculations/variables';
import { ANY_RED_FLAG } from '../../../shared/red-flags/definitions';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { contractFlags, contracts } from '../../db/schema';
import { countsInTotals } from '../contracts/contract-filters.repository';
import { baseConditions, type VariableSet, type VariableValues, valuesOf } from './index-variables.queries';

/**
 * The red flags' variables of a contract set (shared/calculations/variables.ts FLAG_VARIABLES,
 * decision 0052): per flag, the set's counted contracts carrying it and their amount, and the same
 * for any flag. No kept table has the flags, so one statement reads the set's flagged contracts:
 * the flags of the monitor (its index) joined to their contracts, each flagged contract once with
 * the codes it carries. Asked only by formulas that use one of these variables; the refresh that
 * changes a monitor's flags bumps its data version, so a cached answer never outlives them.
 */
export async function flagVariableValues(db: Database, set: VariableSet): Promise<VariableValues> {
  const c = contracts;
  const f = contractFlags;
  const has = (flag: string): SQL | null => (flag === ANY_RED_FLAG ? null : sql`${flag}::text = ANY(codes)`);
  const columns = FLAG_VARIABLES.map((variable) => {
    const condition = has(variable.flag!);
    const filter = condition ? sql` FILTER (WHERE ${condition})` : sql``;
    const value = variable.unit === 'COUNT' ? sql`count(*)${filter}` : sql`coalesce(sum(amount)${filter}, 0)`;
    return sql`${value} AS ${sql.identifier(variable.abbreviation)}`;
  });
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`
    WITH flagged AS (
      SELECT ${c.id}, ${c.totalOrMaxAmount} AS amount, array_agg(${f.code}) AS codes
      FROM ${contractFlags} JOIN ${contracts} ON ${c.id} = ${f.contractId}
      WHERE ${baseConditions(set)} AND ${countsInTotals}${
        set.organizationId ? sql` AND ${f.organizationId} = ${set.organizationId}::uuid` : sql``
      }
      GROUP BY ${c.id}
    )
    SELECT ${sql.join(columns, sql`, `)} FROM flagged`,
  );
  return valuesOf(row);
}
