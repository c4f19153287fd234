import { mexicoCityDate, SPANISH_MONTHS } from '../../../shared/format/dates';
import { isWebRoute } from '../../../shared/routes';
import {
  type DashboardInfo,
  VISIT_SECTION_LABELS,
  type VisitPeriod,
  type VisitsChart,
} from '../../../shared/schemas/admin';
import type { Actor } from '../../lib/actor';
import type { AppDeps, OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { catalogueCounts, liveCounts, visitsByBucket, visitsBySection } from './dashboard.repository';

export async function dashboardInfo(
  deps: AppDeps,
  organization: OrganizationRow,
  actor: Pick<Actor, 'permissions'>,
): Promise<DashboardInfo> {
  const { db } = deps.database;
  const [catalogues, live] = await Promise.all([
    // Counting a million contracts takes tens of milliseconds: kept until the monitor's data changes.
    // An administrator sees the counts of what was just saved, never the previous ones (decision 0030).
    deps.cache.fresh(() =>
      deps.cache.get(resultKey(organization, 'dashboard:catalogues', {}), () =>
        catalogueCounts(db, organization.id),
      ),
    ),
    liveCounts(db, organization.id),
  ]);
  const contracts = actor.permissions.includes('CONTRACTS');
  return {
    visitsCount: live.visits,
    contractsCount: contracts ? catalogues.contracts : null,
    proveedoresCount: catalogues.suppliers,
    unidadesCount: catalogues.units,
    calculosCount: live.calculations,
    currentDataLoad: contracts && live.currentDataLoad,
  };
}

interface Bucket {
  start: string;
  label: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The buckets of the visits chart, oldest first, ending with today's (Mexico City): the last 12
 * months ("Noviembre 2026"), the last 4 quarters ("4o 2026") or the last 6 years ("2026").
 */
export function visitBuckets(period: VisitPeriod, today: string): Bucket[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  if (period === 'YEAR') {
    return Array.from({ length: 6 }, (_, i) => {
      const y = year - 5 + i;
      return { start: `${y}-01-01`, label: String(y) };
    });
  }
  if (period === 'QUARTER') {
    const current = year * 4 + Math.floor((month - 1) / 3);
    return Array.from({ length: 4 }, (_, i) => {
      const index = current - 3 + i;
      const y = Math.floor(index / 4);
      const q = (index % 4) + 1;
      return { start: `${y}-${pad((q - 1) * 3 + 1)}-01`, label: `${q}o ${y}` };
    });
  }
  const current = year * 12 + (month - 1);
  return Array.from({ length: 12 }, (_, i) => {
    const index = current - 11 + i;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    return { start: `${y}-${pad(m)}-01`, label: `${capitalized(SPANISH_MONTHS[m - 1]!)} ${y}` };
  });
}

const UNITS = { MONTHS: 'month', QUARTER: 'quarter', YEAR: 'year' } as const;

export async function visitsByPeriod(
  deps: AppDeps,
  organization: OrganizationRow,
  period: VisitPeriod,
): Promise<VisitsChart> {
  const buckets = visitBuckets(period, mexicoCityDate(deps.now()));
  const totals = await visitsByBucket(deps.database.db, organization.id, UNITS[period], buckets[0]!.start);
  return {
    labels: buckets.map((bucket) => bucket.label),
    datasets: [{ name: 'Visitas', data: buckets.map((bucket) => totals.get(bucket.start) ?? 0) }],
  };
}

/** A path of each section's screen, to ask whether the web app has that screen (yet). */
function sectionPath(routeKey: string): string {
  if (routeKey === 'home') return '/';
  if (routeKey === 'calculations') return '/calculations/corruption-index';
  const [section, detail] = routeKey.split(':');
  return detail ? `/${section}/detalle` : `/${section}`;
}

/**
 * Visits per section, most visited first. Sections the portal has no screen for (a footer link to
 * a page not built yet, a path typed by hand) are counted with 'Otras páginas' instead of being
 * listed as if they existed.
 */
export async function visitsByRoute(deps: AppDeps, organization: OrganizationRow): Promise<VisitsChart> {
  const totals = new Map<string, number>();
  for (const row of await visitsBySection(deps.database.db, organization.id)) {
    const known = row.routeKey in VISIT_SECTION_LABELS && row.routeKey !== 'other';
    const key = known && isWebRoute(sectionPath(row.routeKey)) ? row.routeKey : 'other';
    totals.set(key, (totals.get(key) ?? 0) + row.total);
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    labels: rows.map(([key]) => VISIT_SECTION_LABELS[key]!),
    datasets: [{ name: 'Visitas', data: rows.map(([, total]) => total) }],
  };
}
