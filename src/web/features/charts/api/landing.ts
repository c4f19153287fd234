import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import type { AmountByPeriodResponse, AmountByProcedureResponse } from '../../../../shared/schemas/landing';
import { apiRequest } from '../../../lib/api-client';

export function useAmountByPeriod(organizationId: string, filters: Partial<PublicFilters>) {
  return useQuery({
    queryKey: ['chart', 'period', organizationId, filters],
    queryFn: ({ signal }) =>
      apiRequest<AmountByPeriodResponse>('/public-api/landing/amountByPeriod', {
        method: 'POST',
        body: { filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAmountByProcedure(organizationId: string, filters: Partial<PublicFilters>) {
  return useQuery({
    queryKey: ['chart', 'procedure', organizationId, filters],
    queryFn: ({ signal }) =>
      apiRequest<AmountByProcedureResponse>('/public-api/landing/amountByProcedure', {
        method: 'POST',
        body: { filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
