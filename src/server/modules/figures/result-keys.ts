import { cacheKeyOf, type ResultKey } from '../../lib/result-cache';
import type { OrganizationRow } from '../../types';

/**
 * Cache key of a computed result: the monitor, what and with which filters, at the monitor's data
 * version. The data version changes with every write to the monitor's contracts, suppliers or
 * units, so an entry is never served as the answer for the data after a change (at most, for a
 * moment, as the previous answer while the new one is computed: decision 0030).
 */
export function resultKey(
  organization: OrganizationRow,
  kind: string,
  filters: object,
  extra = '',
): ResultKey {
  return {
    name: `${organization.id}|${kind}|${cacheKeyOf(filters as Record<string, unknown>)}|${extra}`,
    version: organization.dataVersion,
    organizationId: organization.id,
  };
}
