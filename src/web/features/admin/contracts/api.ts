import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RetrieveResponse } from '../../../../shared/schemas/catalogues';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentOrganizationId } from '../../../lib/current-organization';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

export type ChoiceSource = 'suppliers' | 'administrative-units';

/**
 * The contract form's picker choices of one monitor: its suppliers or administrative units
 * matching the typed text, plus the chosen one. The key carries the monitor.
 */
export const contractChoicesQuery = (
  organizationId: string,
  source: ChoiceSource,
  search = '',
  include: string | null = null,
) =>
  queryOptions({
    queryKey: ['admin', 'catalogue', 'contracts', 'retrieve', organizationId, source, search, include],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('search', search);
      if (include) params.set('include', include);
      return apiRequest<RetrieveResponse>(`/api/contracts/retrieve/${source}?${params}`, { signal });
    },
    staleTime: 30_000,
  });

export function useContractChoices(source: ChoiceSource, search: string, include: string | null) {
  const organizationId = useCurrentOrganizationId();
  return useQuery({
    ...contractChoicesQuery(organizationId, source, search, include),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}
