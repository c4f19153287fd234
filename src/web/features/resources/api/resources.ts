import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResourcesResponse } from '../../../../shared/schemas/resources';
import { apiRequest } from '../../../lib/api-client';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

/** The current monitor's resources, grouped, for a search text (or all of them). */
export const resourcesQuery = (organizationId: string, search: string) =>
  queryOptions({
    queryKey: ['resources', organizationId, search],
    queryFn: ({ signal }) => {
      const query = search ? `?search=${encodeURIComponent(search)}` : '';
      return apiRequest<ResourcesResponse>(`/public-api/resources/list${query}`, { signal });
    },
  });

export function useResources(organizationId: string, search: string) {
  return useQuery({
    ...resourcesQuery(organizationId, search),
    select: (response) => response.data,
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}
