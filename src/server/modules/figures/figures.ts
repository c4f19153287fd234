import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { DatabaseHandle } from '../../db/client';
import { Gate } from '../../lib/gate';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../contracts/contract-filters.repository';
import {
  contractSupplierPage,
  contractSupplierTotals,
  contractTotalsByPeriod,
  contractTotalsByType,
} from './contracts.queries';
import {
  contractCubeServes,
  flagCubeCode,
  keptSearchServes,
  supplierCubeServes,
  supplierRankingServes,
} from './cube-choice';
import {
  cubeTotalsByPeriod,
  cubeTotalsByType,
  flagCubeCurrent,
  supplierCubePage,
  supplierCubeTotals,
  supplierCubeTotalsByType,
  supplierRankingPage,
} from './cubes.queries';
import type { FigureAnswers, FigureQuestion, TypeFigures } from './figures.types';
import { flagVariableValues } from './flag-variables.queries';
import {
  type FormatQuarter,
  formatQuarters,
  keptVariableValues,
  type VariableSet,
  type VariableValues,
  variableValues,
} from './index-variables.queries';
import { resultKey } from './result-keys';
import { keptSearchFigures } from './search-figures.queries';
import type { SupplierFigures } from './supplier-figures';

/**
 * The figures engine's one entry point (decision 0027): a question about a monitor's contracts,
 * answered from whichever pre-aggregated table can (contract_cube, supplier_cube, supplier_ranking,
 * kept exact by the database in every write), otherwise from the contracts themselves, and kept in
 * the result cache under the monitor's data version. Callers say what they want to know, never
 * where it is read from.
 */

export type FiguresDeps = Pick<AppDeps, 'database' | 'cache' | 'frequentSearchSeen'>;

/** Answers a question about the monitor's contracts; figures.types.ts says what each grouping returns. */
export function figures<G extends FigureQuestion['grouping']>(
  deps: FiguresDeps,
  organization: OrganizationRow,
  question: Extract<FigureQuestion, { grouping: G }>,
): Promise<FigureAnswers[G]> {
  const asked: FigureQuestion = question;
  const compute = () => answer(deps, organization, asked) as Promise<FigureAnswers[G]>;
  if (asked.grouping === 'supplier' && asked.cache === false) return compute();
  const extra = asked.grouping === 'supplier' ? `${asked.window.offset}+${asked.window.limit}` : '';
  return deps.cache.get(resultKey(organization, `figures:${asked.grouping}`, asked.filters, extra), compute);
}

/** A search matching at least this many contracts has its figures kept (decision 0031). */
export const SEARCH_KEPT_FROM = 5_000;

/** A kept search's figures under the filters it may carry besides (procedure types, countedOnly). */
function narrowKept(rows: TypeFigures[], filters: Partial<PublicFilters>): TypeFigures[] {
  const types = filters.procedureTypes?.length ? new Set(filters.procedureTypes) : undefined;
  return rows
    .filter((row) => !types || types.has(row.procedureType))
    .map((row) => (filters.countedOnly ? { ...row, listed: row.counted } : row));
}

/**
 * Scans of the contracts themselves (questions no pre-aggregated table answers) take seconds at
 * millions of contracts. After a data change many of them are asked again at once: at most a
 * quarter of the pool's connections' worth run at a time (each uses up to two), so the pages the
 * tables answer, lists and the admin keep the rest of the pool instead of waiting behind them.
 */
const scanGates = new WeakMap<DatabaseHandle, Gate>();
export function scanGate(database: DatabaseHandle): Gate {
  let gate = scanGates.get(database);
  if (!gate) {
    gate = new Gate(Math.max(1, Math.floor(database.poolSize / 4)));
    scanGates.set(database, gate);
  }
  return gate;
}

async function answer(
  deps: FiguresDeps,
  organization: OrganizationRow,
  question: FigureQuestion,
): Promise<FigureAnswers[FigureQuestion['grouping']]> {
  const { db } = deps.database;
  const { filters } = question;
  const organizationId = organization.id;
  const raw = async () => contractConditions(db, organizationId, filters);
  const scan = <T>(task: () => Promise<T>) => scanGate(deps.database).run(task);
  // One flag's (or any flag's) figures from flag_cube, while it was built at this data version.
  const flag = flagCubeCode(filters);
  const flagCube =
    flag && (await flagCubeCurrent(db, organizationId, organization.dataVersion)) ? flag : undefined;
  switch (question.grouping) {
    case 'procedureType': {
      if (flagCube) {
        const rows = await cubeTotalsByType(db, organizationId, filters, flagCube);
        return filters.countedOnly ? rows.map((row) => ({ ...row, listed: row.counted })) : rows;
      }
      if (contractCubeServes(filters)) {
        const rows = await cubeTotalsByType(db, organizationId, filters);
        // With countedOnly the filters list exactly the counted contracts.
        return filters.countedOnly ? rows.map((row) => ({ ...row, listed: row.counted })) : rows;
      }
      if (supplierCubeServes(filters)) return supplierCubeTotalsByType(db, organizationId, filters);
      if (keptSearchServes(filters)) {
        const kept = await keptSearchFigures(db, organizationId, filters.search);
        if (kept) return narrowKept(kept, filters);
      }
      return scan(async () => {
        const rows = await contractTotalsByType(db, await raw());
        // A search of many contracts is worth keeping (decision 0031): a job counts it once more
        // with the writes held back, and the database keeps it from then on. This answer does not
        // wait for it, not even for the job to be queued.
        const listed = rows.reduce((sum, row) => sum + row.listed, 0);
        if (keptSearchServes(filters) && listed >= SEARCH_KEPT_FROM)
          deps.frequentSearchSeen(organizationId, filters.search);
        return rows;
      });
    }
    case 'periodAndType': {
      if (flagCube || contractCubeServes(filters)) {
        const rows = await cubeTotalsByPeriod(db, organizationId, filters, flagCube);
        return filters.countedOnly ? rows.map((row) => ({ ...row, listed: row.counted })) : rows;
      }
      return scan(async () => contractTotalsByPeriod(db, await raw()));
    }
    case 'supplier': {
      const { window } = question;
      if (supplierRankingServes(filters)) {
        const ranking = await supplierRankingPage(db, organizationId, filters, window);
        return { rows: ranking.rows, groups: ranking.total, totals: ranking.totals };
      }
      if (supplierCubeServes(filters)) {
        const [page, totals] = await Promise.all([
          supplierCubePage(db, organizationId, filters, window),
          supplierCubeTotals(db, organizationId, filters),
        ]);
        return { rows: page.rows, groups: page.total, totals };
      }
      return scan(async () => {
        const where = await raw();
        const [page, totals] = await Promise.all([
          contractSupplierPage(db, where, window),
          contractSupplierTotals(db, where),
        ]);
        return { rows: page.rows, groups: page.total, totals };
      });
    }
  }
}

/** The figures of rows per procedure type, summed: listed contracts, and counted contracts and amount per type. */
export function sumByType(rows: readonly TypeFigures[]): SupplierFigures {
  const of = (type: ProcedureType) => rows.filter((row) => row.procedureType === type);
  const add = (items: readonly TypeFigures[], key: 'listed' | 'counted' | 'amount') =>
    items.reduce((sum, row) => sum + row[key], 0);
  return {
    contractsCount: add(rows, 'listed'),
    publicCount: add(of('PUBLIC'), 'counted'),
    invitationCount: add(of('INVITATION'), 'counted'),
    noBidCount: add(of('NO_BID'), 'counted'),
    public: add(of('PUBLIC'), 'amount'),
    invitation: add(of('INVITATION'), 'amount'),
    noBid: add(of('NO_BID'), 'amount'),
    total: add(rows, 'amount'),
  };
}

export type { PeriodFigures, SupplierFigureRow, SupplierRanking, TypeFigures } from './figures.types';
export { describeFilters, type FilterNames, filterNameBook } from './filter-labels.queries';
export type { FormatQuarter, VariableSet, VariableValues };

/** The XXVIII formats of a monitor's period by quarter (the index page's table), cached like the variables. */
export function indexFormats(
  deps: FiguresDeps,
  organizationId: string,
  administrationPeriod: string,
  dataVersion: number,
): Promise<FormatQuarter[]> {
  return deps.cache.get(
    { name: `${organizationId}|index-formats|${administrationPeriod}`, version: dataVersion },
    () => formatQuarters(deps.database.db, organizationId, administrationPeriod),
  );
}

/**
 * The index's variables over one contract set (index-variables.queries.ts): without filters from the
 * tables the writes keep, with filters from the contracts (through the scan gate); the red flags'
 * (`set.flags`) from the flags and their contracts, filters or not (flag-variables.queries.ts,
 * through the scan gate). Kept in the result cache under `dataVersion`: the monitor's data version
 * (which a refresh changing its flags bumps), or for every monitor (GENERAL calculations) the sum
 * of theirs, which grows with any write to any of them.
 */
export function indexVariables(
  deps: FiguresDeps,
  set: VariableSet,
  dataVersion: number,
): Promise<VariableValues> {
  const { db } = deps.database;
  const name = `${set.organizationId ?? 'installation'}|index-variables${set.flags ? '-flags' : ''}|${set.administrationPeriod ?? ''}|${JSON.stringify(set.filters)}`;
  return deps.cache.get({ name, version: dataVersion }, () =>
    set.flags
      ? scanGate(deps.database).run(() => flagVariableValues(db, set))
      : set.filters.length === 0
        ? keptVariableValues(db, set)
        : scanGate(deps.database).run(() => variableValues(db, set)),
  );
}
