import { PROCEDURE_TYPE_LABELS, type ProcedureType } from '../../../shared/constants/enums';
import { parseQuarterLabel } from '../../../shared/format/dates';
import type { OptionsResponse } from '../../../shared/schemas/contracts';
import type { AppDeps, OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { distinctValues, findSupplierOptions, referencedUnits } from './contracts.repository';

/** The option lists behind `/public-api/contracts/retrieve/*`, sorted as the spec says. */
export const OPTION_KINDS = [
  'administration-periods',
  'fiscal-years',
  'trimonths',
  'procedure-types',
  'administrative-units',
  'suppliers',
  'suppliers-filter',
] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** Names as a Spanish reader sorts them: case and accents do not move a name (spec: sorted by name). */
const BY_NAME = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  BY_NAME.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

/** Supplier options are searched as the visitor types: never the whole catalogue at once. */
const SUPPLIER_OPTIONS_LIMIT = 50;

/**
 * The administration periods of the monitor's contracts (of one supplier's, if given), in order, as
 * they are now: the settings' default period choices, and the filter's options before caching.
 */
export async function administrationPeriodsOf(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  supplierId?: string,
): Promise<string[]> {
  return (await distinctValues(deps.database.db, organizationId, 'administration_period', supplierId)).sort();
}

export async function filterOptions(
  deps: AppDeps,
  organization: OrganizationRow,
  kind: OptionKind,
  query: { supplierId?: string; search?: string },
): Promise<OptionsResponse['data']['docs']> {
  return deps.cache.get(resultKey(organization, `options:${kind}`, query), () =>
    readOptions(deps, organization, kind, query),
  );
}

async function readOptions(
  deps: AppDeps,
  organization: OrganizationRow,
  kind: OptionKind,
  query: { supplierId?: string; search?: string },
): Promise<OptionsResponse['data']['docs']> {
  const { db } = deps.database;
  const id = organization.id;
  switch (kind) {
    case 'administration-periods':
      return (await administrationPeriodsOf(deps, id, query.supplierId)).map((value) => ({
        _id: value,
        administrationPeriod: value,
      }));
    case 'fiscal-years':
      return (await distinctValues(db, id, 'fiscal_year', query.supplierId))
        .sort((a, b) => Number(a) - Number(b))
        .map((value) => ({ _id: value, fiscalYear: value }));
    case 'trimonths':
      return (await distinctValues(db, id, 'period', query.supplierId))
        .sort((a, b) => quarterOrder(a) - quarterOrder(b))
        .map((value) => ({ _id: value, period: value }));
    case 'procedure-types':
      return (await distinctValues(db, id, 'procedure_type', query.supplierId))
        .sort((a, b) =>
          PROCEDURE_TYPE_LABELS[a as ProcedureType].localeCompare(
            PROCEDURE_TYPE_LABELS[b as ProcedureType],
            'es',
          ),
        )
        .map((value) => ({ _id: value }));
    case 'administrative-units':
      return (await referencedUnits(db, id, query.supplierId)).sort(byName).map((unit) => ({
        _id: unit.id,
        name: unit.name,
      }));
    case 'suppliers':
    case 'suppliers-filter':
      return (
        await findSupplierOptions(db, id, {
          search: query.search,
          onlyWithContracts: kind === 'suppliers-filter',
          ids: query.supplierId ? [query.supplierId] : undefined,
          limit: SUPPLIER_OPTIONS_LIMIT,
        })
      )
        .sort(byName)
        .map((supplier) => ({ _id: supplier.id, name: supplier.name }));
  }
}

function quarterOrder(label: string): number {
  const parsed = parseQuarterLabel(label);
  return parsed ? parsed.year * 10 + parsed.quarter : Number.MAX_SAFE_INTEGER;
}
