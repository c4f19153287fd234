import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { contracts, searchFigures, searchTerms } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import {
  contractConditions,
  countsInTotals,
  patternCondition,
} from '../contracts/contract-filters.repository';
import type { TypeFigures } from './figures.types';

/**
 * The figures of a kept search (decision 0031), per procedure type, or undefined when the monitor
 * does not keep this search. One indexed read: the database keeps them exact in every write.
 */
export async function keptSearchFigures(
  db: Database,
  organizationId: string,
  search: string,
): Promise<TypeFigures[] | undefined> {
  const rows = await db
    .select({
      procedureType: searchFigures.procedureType,
      listed: searchFigures.contracts,
      counted: searchFigures.counted,
      amount: searchFigures.amount,
    })
    .from(searchTerms)
    .leftJoin(
      searchFigures,
      and(
        eq(searchFigures.organizationId, searchTerms.organizationId),
        eq(searchFigures.pattern, searchTerms.pattern),
      ),
    )
    .where(
      and(eq(searchTerms.organizationId, organizationId), eq(searchTerms.pattern, containsPattern(search))),
    );
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) =>
    row.procedureType && row.listed !== null && row.counted !== null && row.amount !== null
      ? [
          {
            procedureType: row.procedureType,
            listed: row.listed,
            counted: row.counted,
            amount: Number(row.amount),
          },
        ]
      : [],
  );
}

/**
 * Starts keeping a search's figures: counts its matches while holding the monitor's figures lock
 * alone (writers wait, and every write committed before is counted), so from the commit on the
 * triggers keep them. At most `keep` searches per monitor: the oldest kept goes first.
 */
export async function keepSearch(
  db: Database,
  organizationId: string,
  search: string,
  keep: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = tx as unknown as Database;
    await run.execute(sql`SELECT pg_advisory_xact_lock(vigia_figures_lock(${organizationId}::uuid))`);
    const inserted = await run
      .insert(searchTerms)
      .values({ organizationId, pattern: containsPattern(search) })
      .onConflictDoNothing()
      .returning({ pattern: searchTerms.pattern });
    const pattern = inserted[0]?.pattern;
    if (pattern === undefined) return false;
    await run.execute(sql`
      DELETE FROM ${searchTerms} WHERE ${searchTerms.organizationId} = ${organizationId}
        AND ${searchTerms.pattern} IN (
          SELECT ${searchTerms.pattern} FROM ${searchTerms} WHERE ${searchTerms.organizationId} = ${organizationId}
          ORDER BY ${searchTerms.keptAt} DESC, ${searchTerms.pattern} OFFSET ${keep})`);
    const where = await keptSearchWhere(run, organizationId, pattern);
    await run.insert(searchFigures).select(countedFigures(run, organizationId, pattern, where));
    return true;
  });
}

/** The patterns of the searches a monitor keeps, oldest first (tests). */
export async function keptSearches(db: Database, organizationId: string): Promise<string[]> {
  const rows = await queryRows<{ pattern: string }>(
    db,
    sql`SELECT pattern FROM search_terms WHERE organization_id = ${organizationId} ORDER BY kept_at, pattern`,
  );
  return rows.map((row) => row.pattern);
}

/** The contracts a kept search matches: the public search's own WHERE (contractConditions, patternCondition). */
async function keptSearchWhere(db: Database, organizationId: string, pattern: string): Promise<SQL> {
  return and(
    await contractConditions(db, organizationId, {}),
    await patternCondition(db, organizationId, sql`${pattern}`),
  )!;
}

/**
 * What a kept search's figures must be, counted from the contracts it matches: the rows
 * search_figures holds. (A query, not run here: the callers insert or compare it.)
 */
function countedFigures(db: Database, organizationId: string, pattern: string, where: SQL) {
  return db
    .select({
      organizationId: sql`${organizationId}::uuid`.as('organization_id'),
      pattern: sql`${pattern}`.as('pattern'),
      procedureType: contracts.procedureType,
      contracts: sql`count(*)::int`.as('contracts'),
      counted: sql`(count(*) FILTER (WHERE ${countsInTotals}))::int`.as('counted'),
      amount:
        sql`coalesce(sum(${contracts.totalOrMaxAmount}) FILTER (WHERE ${countsInTotals}), 0)::numeric(18, 2)`.as(
          'amount',
        ),
    })
    .from(contracts)
    .where(where)
    .groupBy(contracts.procedureType);
}

/**
 * How many stored figures of the monitor's kept searches differ from what its contracts say (the
 * nightly check, decision 0031): one statement per kept search, so a write cannot fall between
 * the stored figures and the count.
 */
export async function keptSearchDifferences(db: Database, organizationId: string): Promise<number> {
  let differences = 0;
  for (const pattern of await keptSearches(db, organizationId)) {
    const computed = countedFigures(
      db,
      organizationId,
      pattern,
      await keptSearchWhere(db, organizationId, pattern),
    );
    const [row] = await queryRows<{ count: number | string }>(
      db,
      sql`WITH computed AS (SELECT procedure_type, contracts, counted, amount FROM (${computed}) c),
          stored AS (
            SELECT procedure_type, contracts, counted, amount FROM search_figures
            WHERE organization_id = ${organizationId} AND pattern = ${pattern}
              AND (contracts, counted, amount) <> (0, 0, 0))
          SELECT count(*) AS count FROM (
            (SELECT * FROM computed EXCEPT ALL SELECT * FROM stored)
            UNION ALL (SELECT * FROM stored EXCEPT ALL SELECT * FROM computed)) d`,
    );
    differences += Number(row?.count ?? 0);
  }
  return differences;
}
