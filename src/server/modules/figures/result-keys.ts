import { cacheKeyOf } from '../../lib/result-cache';
import type { OrganizationRow } from '../../types';

/**
 * Cache key of a computed result: the monitor, its data version, what and with which filters.
 * The data version changes with every write to the monitor's contracts, suppliers or units, so an
 * entry is never served after the data it summarises changed.
 */
export function resultKey(organization: OrganizationRow, kind: string, filters: object, extra = ''): string {
  return `${organization.id}@${organization.dataVersion}|${kind}|${cacheKeyOf(filters as Record<string, unknown>)}|${extra}`;
}
