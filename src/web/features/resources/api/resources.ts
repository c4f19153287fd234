import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResourcesResponse } from '../../../../shared/schemas/resources';
import { apiRequest } from '../../../lib/api-client';

/** The current monitor's resources, grouped, for a search text (or all of them). */
export function useResources(organizationId: string, search: string) {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  return useQuery({
    queryKey: ['resources', organizationId, search],
    queryFn: ({ signal }) => apiRequest<ResourcesResponse>(`/public-api/resources/list${query}`, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}
