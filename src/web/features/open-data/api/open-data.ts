import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenDataFilesResponse } from '../../../../shared/schemas/open-data';
import { apiRequest } from '../../../lib/api-client';

/**
 * The files to download (GET /public-api/ocds/files): the chosen monitor's, when there is one
 * ('' without), and the whole installation's. The monitor goes in the address, not only in the
 * header, because the answer names that monitor's files.
 */
export const openDataQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['open-data', organizationId],
    queryFn: async ({ signal }) => {
      const query = organizationId ? `?organization=${encodeURIComponent(organizationId)}` : '';
      const response = await apiRequest<OpenDataFilesResponse>(`/public-api/ocds/files${query}`, { signal });
      return response.data;
    },
  });

export function useOpenData(organizationId: string) {
  return useQuery(openDataQuery(organizationId));
}
