import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OptionsResponse } from '../../../../shared/schemas/contracts';
import { apiRequest } from '../../../lib/api-client';

export type OptionKind =
  | 'administration-periods'
  | 'fiscal-years'
  | 'trimonths'
  | 'procedure-types'
  | 'administrative-units'
  | 'suppliers-filter';

type Option = OptionsResponse['data']['docs'][number];

/** Options of one filter select (GET /public-api/contracts/retrieve/{kind}). */
export const optionsQuery = (
  organizationId: string,
  kind: OptionKind,
  params: { supplierId?: string; search?: string } = {},
) =>
  queryOptions({
    queryKey: ['options', organizationId, kind, params],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams();
      if (params.supplierId) query.set('supplierId', params.supplierId);
      if (params.search) query.set('search', params.search);
      const suffix = query.size ? `?${query}` : '';
      const response = await apiRequest<OptionsResponse>(`/public-api/contracts/retrieve/${kind}${suffix}`, {
        signal,
      });
      return response.data.docs as Option[];
    },
    staleTime: 5 * 60_000,
  });

export function useOptions(
  organizationId: string,
  kind: OptionKind,
  params: { supplierId?: string; search?: string } = {},
) {
  return useQuery(optionsQuery(organizationId, kind, params));
}
