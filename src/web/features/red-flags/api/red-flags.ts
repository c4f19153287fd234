import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RedFlagsOverview } from '../../../../shared/schemas/red-flags';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every red flag with the monitor's parameters and how many of its contracts carry it
 * (GET /public-api/flags, issue 32): the /red-flags page. The monitor goes in the header, as in
 * every public call, and in the key, since the parameters and counts are that monitor's.
 */
export const redFlagsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['red-flags', organizationId],
    queryFn: async ({ signal }) => {
      const response = await apiRequest<{ data: RedFlagsOverview }>('/public-api/flags', { signal });
      return response.data;
    },
  });

export function useRedFlags(organizationId: string) {
  return useQuery(redFlagsQuery(organizationId));
}
