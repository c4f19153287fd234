import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CalculationFilter, FilterProperty } from '../../../shared/calculations/filters';
import { roundHundredths } from '../../../shared/format/money';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { contracts, indexCube, organizations, supplierRanking, supplierRankingTotals } from '../../db/schema';
import { absent, countsInTotals } from '../contracts/contract-filters.repository';

/**
 * The variables of index formulas (shared/calculations/variables.ts), each an aggregate over the
 * contracts of a context: a monitor or every monitor, an administration period, and a calculation's
 * filters. Without filters they are read from index_cube and supplier_ranking, kept exact by the
 * writes (a few thousand rows at most); with filters, one statement over the contracts answers
 * every variable of the set. Both give the same numbers (index-variables.api.test.ts).
 */

export interface VariableSet {
  /** One monitor, or null for every monitor of the installation (GENERAL calculations). */
  organizationId: string | null;
  administrationPeriod: string | null;
  /** The calculation's filters for this variable (decided by the caller). */
  filters: readonly CalculationFilter[];
  /** The red flags' variables of the set instead of the others (flag-variables.queries.ts). */
  flags?: true;
}

export type VariableValues = Record<string, number | null>;

const c = contracts;
const counted = countsInTotals;
const amount = (condition?: SQL) =>
  sql`coalesce(sum(${c.totalOrMaxAmount}) FILTER (WHERE ${counted}${condition ? sql` AND ${condition}` : sql``}), 0)`;
const count = (condition: SQL) => sql`count(*) FILTER (WHERE ${condition})`;
const present = (column: AnyPgColumn) => sql`NOT ${absent(column)}`;

/** The contract set: live contracts of the context, concluded (the base every variable starts from). */
export function baseConditions(set: VariableSet): SQL {
  return and(
    sql`${c.deletedAt} IS NULL`,
    sql`${c.procedureState} = 'CONCLUDED'`,
    monitorsOf(c.organizationId, set),
    set.administrationPeriod === null
      ? undefined
      : sql`${c.administrationPeriod} = ${set.administrationPeriod}`,
    ...filterConditions(set.filters),
  )!;
}

const FILTER_COLUMNS: Record<FilterProperty, AnyPgColumn> = {
  totalAmount: c.totalAmount,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
  totalOrMaxAmount: c.totalOrMaxAmount,
  supplier: c.supplierId,
  organizerAdministrativeUnit: c.organizerAdministrativeUnitId,
  applicantAdministrativeUnit: c.applicantAdministrativeUnitId,
};

const OPERATORS = {
  EQUAL: sql`=`,
  GREATER: sql`>`,
  GREATER_EQUAL: sql`>=`,
  LESS: sql`<`,
  LESS_EQUAL: sql`<=`,
  NOT_EQUAL: sql`<>`,
} as const;

/**
 * A calculation's filters as conditions: several on one reference (a supplier, a unit) are
 * alternatives (any of them), several on one amount all apply; different properties all apply.
 */
export function filterConditions(filters: readonly CalculationFilter[]): SQL[] {
  const byProperty = new Map<string, CalculationFilter[]>();
  for (const filter of filters) {
    if (!(filter.propertyName in FILTER_COLUMNS)) continue;
    byProperty.set(filter.propertyName, [...(byProperty.get(filter.propertyName) ?? []), filter]);
  }
  const conditions: SQL[] = [];
  for (const [property, list] of byProperty) {
    const column = FILTER_COLUMNS[property as keyof typeof FILTER_COLUMNS];
    const parts = list.map((filter) => {
      const operator = OPERATORS[filter.operator] ?? OPERATORS.EQUAL;
      if (filter.propertyType === 'REF') {
        // A NOT_EQUAL reference keeps the contracts without one too.
        return filter.operator === 'NOT_EQUAL'
          ? sql`${column} IS DISTINCT FROM ${filter.reference ?? null}::uuid`
          : sql`${column} = ${filter.reference ?? null}::uuid`;
      }
      return sql`${column} ${operator} ${Number(filter.value)}`;
    });
    conditions.push(
      list[0]!.propertyType === 'REF' && list.every((filter) => filter.operator !== 'NOT_EQUAL')
        ? sql`(${sql.join(parts, sql` OR `)})`
        : sql`(${sql.join(parts, sql` AND `)})`,
    );
  }
  return conditions;
}

/** The last day a quarter's XXVIII format is on time (migration 0018): 30 days after the quarter ends. */
const deadline = sql`coalesce(vigia_format_deadline(period), '-infinity'::date)`;

/**
 * The supplier variables from `per_supplier` (one row per supplier: amount, contracts, and an id
 * that breaks ties): the suppliers that reach 40% of their total, largest first (the one crossing
 * it included; no value when the total is 0), and those above the average amount and count.
 */
const supplierVariables = sql`
    ranked AS (
      SELECT amount, contracts,
        sum(amount) OVER (ORDER BY amount DESC, tiebreak ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - amount AS before,
        sum(amount) OVER () AS total, avg(amount) OVER () AS average_amount, avg(contracts) OVER () AS average_contracts
      FROM per_supplier
    ),
    suppliers AS (
      SELECT count(*) AS "$NTP",
        CASE WHEN max(total) > 0 THEN count(*) FILTER (WHERE before < 0.4 * total) END AS "$NPCGE",
        count(*) FILTER (WHERE amount > average_amount) AS "$NPEPE",
        count(*) FILTER (WHERE contracts > average_contracts) AS "$NPEPCP"
      FROM ranked
    )`;

/** Every variable of one contract set, in one statement. */
export async function variableValues(db: Database, set: VariableSet): Promise<VariableValues> {
  const where = baseConditions(set);
  const type = (procedure: 'PUBLIC' | 'NO_BID' | 'INVITATION') => sql`${c.procedureType} = ${procedure}`;
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`
    WITH totals AS (
      SELECT
        ${amount()} AS "$MTG",
        ${amount(type('PUBLIC'))} AS "$MGLP",
        ${amount(type('NO_BID'))} AS "$MGAD",
        ${amount(type('INVITATION'))} AS "$MGIR",
        ${count(counted)} AS "$NTC",
        ${count(sql`${counted} AND ${type('PUBLIC')}`)} AS "$NTCLP",
        ${count(sql`${counted} AND NOT ${present(c.contractId)}`)} AS "$NCSF",
        ${count(sql`${counted} AND ${type('NO_BID')} AND ${c.limitExceeded} IS TRUE`)} AS "$NCADSM",
        ${count(sql`${c.category} = 'EXTENSION'`)} AS "$NAC",
        ${count(sql`${counted} AND ${type('NO_BID')}`)} AS "$NCAD",
        ${count(sql`${counted} AND ${present(c.contractUrl)}`)} AS "$NCDPT",
        ${count(sql`${counted} AND ${present(c.announcementUrl)}`)} AS "$NIDPT",
        ${count(sql`${counted} AND ${type('PUBLIC')} AND ${present(c.clarificationMeetingJudgmentUrl)}`)} AS "$NCPJA"
      FROM ${contracts} WHERE ${where}
    ),
    per_supplier AS (
      SELECT ${c.supplierId} AS tiebreak, sum(${c.totalOrMaxAmount}) AS amount, count(*) AS contracts
      FROM ${contracts} WHERE ${where} AND ${counted} AND ${c.supplierId} IS NOT NULL
      GROUP BY ${c.supplierId}
    ),
    ${supplierVariables},
    formats AS (
      SELECT period, max(${c.informationDate}) AS latest
      FROM ${contracts} WHERE ${where} AND ${counted} AND ${c.informationDate} IS NOT NULL
      GROUP BY period, ${c.organizerAdministrativeUnitId}, ${c.procedureType} = 'NO_BID'
    ),
    on_time AS (
      SELECT count(*) AS "$NTF", count(*) FILTER (WHERE latest <= ${deadline}) AS "$NFXXVII" FROM formats
    )
    SELECT * FROM totals, suppliers, on_time`,
  );
  return valuesOf(row);
}

/** The monitors of a set: one, or every live one. */
function monitorsOf(column: AnyPgColumn, set: VariableSet): SQL {
  return set.organizationId
    ? sql`${column} = ${set.organizationId}::uuid`
    : sql`${column} IN (SELECT ${organizations.id} FROM ${organizations} WHERE ${organizations.deletedAt} IS NULL)`;
}

/**
 * Every variable of a set without filters, from the tables the writes keep, in one statement: the
 * counts and sums from index_cube; for one monitor, the suppliers' concentration from its
 * supplier_ranking_totals row (kept by the writes, migration 0027: one row read), for every monitor
 * (GENERAL calculations) from a window over their suppliers.
 */
export async function keptVariableValues(db: Database, set: VariableSet): Promise<VariableValues> {
  const k = indexCube;
  const cube = and(
    monitorsOf(k.organizationId, set),
    set.administrationPeriod === null
      ? undefined
      : sql`${k.administrationPeriod} = ${set.administrationPeriod}`,
  );
  const sumOf = (column: AnyPgColumn, procedure?: string) =>
    sql`coalesce(sum(${column})${procedure ? sql` FILTER (WHERE ${k.procedureType} = ${procedure})` : sql``}, 0)`;
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`
    WITH totals AS (
      SELECT
        ${sumOf(k.amount)} AS "$MTG",
        ${sumOf(k.amount, 'PUBLIC')} AS "$MGLP",
        ${sumOf(k.amount, 'NO_BID')} AS "$MGAD",
        ${sumOf(k.amount, 'INVITATION')} AS "$MGIR",
        ${sumOf(k.counted)} AS "$NTC",
        ${sumOf(k.counted, 'PUBLIC')} AS "$NTCLP",
        ${sumOf(k.withoutFolio)} AS "$NCSF",
        ${sumOf(k.overLimit, 'NO_BID')} AS "$NCADSM",
        ${sumOf(k.extensions)} AS "$NAC",
        ${sumOf(k.counted, 'NO_BID')} AS "$NCAD",
        ${sumOf(k.withContractUrl)} AS "$NCDPT",
        ${sumOf(k.withAnnouncementUrl)} AS "$NIDPT",
        ${sumOf(k.withJudgmentUrl, 'PUBLIC')} AS "$NCPJA"
      FROM ${indexCube} WHERE ${cube}
    ),
    formats AS (
      SELECT sum(${k.dated}) AS dated, sum(${k.late}) AS late FROM ${indexCube} WHERE ${cube}
      GROUP BY ${k.organizationId}, ${k.period}, ${k.organizerAdministrativeUnitId}, ${k.procedureType} = 'NO_BID'
    ),
    on_time AS (
      SELECT count(*) FILTER (WHERE dated > 0) AS "$NTF", count(*) FILTER (WHERE dated > 0 AND late = 0) AS "$NFXXVII"
      FROM formats
    ),
    ${set.organizationId === null ? rankedSuppliers(set) : keptSuppliers(set.organizationId, set.administrationPeriod)}
    SELECT * FROM totals, suppliers, on_time`,
  );
  return valuesOf(row);
}

/** One monitor's supplier variables as the writes keep them (no row: no supplier, 'sin datos' for $NPCGE). */
function keptSuppliers(organizationId: string, administrationPeriod: string | null): SQL {
  const t = supplierRankingTotals;
  return sql`
    suppliers AS (
      SELECT coalesce(max(${t.countedSuppliers}), 0) AS "$NTP", max(${t.leadingSuppliers}) AS "$NPCGE",
        coalesce(max(${t.aboveAverageAmount}), 0) AS "$NPEPE",
        coalesce(max(${t.aboveAverageContracts}), 0) AS "$NPEPCP"
      FROM ${supplierRankingTotals}
      WHERE ${t.organizationId} = ${organizationId}::uuid AND ${t.administrationPeriod} = ${administrationPeriod ?? ''}
    )`;
}

/** The supplier variables of every monitor's suppliers together, ranked now (GENERAL calculations). */
function rankedSuppliers(set: VariableSet): SQL {
  const r = supplierRanking;
  const counted = sql`(${r.publicCount} + ${r.invitationCount} + ${r.noBidCount})`;
  return sql`
    per_supplier AS (
      SELECT ${r.supplierId} AS tiebreak, ${r.total} AS amount, ${counted} AS contracts
      FROM ${supplierRanking}
      WHERE ${and(
        monitorsOf(r.organizationId, set),
        sql`${r.administrationPeriod} = ${set.administrationPeriod ?? ''}`,
        sql`${counted} > 0`,
      )}
    ),
    ${supplierVariables}`;
}

/** The XXVIII formats of one quarter: how many there are, how many on time, and their deadline. */
export interface FormatQuarter {
  period: string;
  formats: number;
  onTime: number;
  /** The last day a format of this quarter is on time (YYYY-MM-DD), null when the period is not a quarter. */
  deadline: string | null;
}

/**
 * `$NTF` and `$NFXXVII` of a monitor's period, quarter by quarter (the index page's table under
 * the indicator that uses them), from index_cube like keptVariableValues: their sums are those two.
 */
export async function formatQuarters(
  db: Database,
  organizationId: string,
  administrationPeriod: string,
): Promise<FormatQuarter[]> {
  const k = indexCube;
  const rows = await queryRows<{ period: string; formats: string; on_time: string; deadline: string | null }>(
    db,
    sql`
    WITH formats AS (
      SELECT ${k.period} AS period, sum(${k.dated}) AS dated, sum(${k.late}) AS late FROM ${indexCube}
      WHERE ${k.organizationId} = ${organizationId}::uuid AND ${k.administrationPeriod} = ${administrationPeriod}
      GROUP BY ${k.period}, ${k.organizerAdministrativeUnitId}, ${k.procedureType} = 'NO_BID'
    )
    SELECT period, count(*) FILTER (WHERE dated > 0) AS formats,
      count(*) FILTER (WHERE dated > 0 AND late = 0) AS on_time,
      to_char(vigia_format_deadline(period), 'YYYY-MM-DD') AS deadline
    FROM formats GROUP BY period HAVING count(*) FILTER (WHERE dated > 0) > 0
    ORDER BY vigia_format_deadline(period) NULLS LAST, period`,
  );
  return rows.map((row) => ({
    period: row.period,
    formats: Number(row.formats),
    onTime: Number(row.on_time),
    deadline: row.deadline,
  }));
}

/** A statement's row of variables as numbers, rounded to hundredths (null stays null: 'sin datos'). */
export function valuesOf(row: Record<string, string | number | null> | undefined): VariableValues {
  const values: VariableValues = {};
  for (const [name, value] of Object.entries(row ?? {}))
    values[name] = value === null ? null : roundHundredths(Number(value));
  return values;
}
