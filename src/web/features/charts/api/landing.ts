import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import type { AmountByPeriodResponse, AmountByProcedureResponse } from '../../../../shared/schemas/landing';
import { apiRequest } from '../../../lib/api-client';
import { withFilters } from '../../../lib/download';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

export const amountByPeriodQuery = (organizationId: string, filters: Partial<PublicFilters>) =>
  queryOptions({
    queryKey: ['chart', 'period', organizationId, filters],
    queryFn: ({ signal }) =>
      apiRequest<AmountByPeriodResponse>(withFilters('/public-api/landing/amountByPeriod', filters), {
        signal,
      }),
  });

export function useAmountByPeriod(organizationId: string, filters: Partial<PublicFilters>) {
  return useQuery({
    ...amountByPeriodQuery(organizationId, filters),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

export const amountByProcedureQuery = (organizationId: string, filters: Partial<PublicFilters>) =>
  queryOptions({
    queryKey: ['chart', 'procedure', organizationId, filters],
    queryFn: ({ signal }) =>
      apiRequest<AmountByProcedureResponse>(withFilters('/public-api/landing/amountByProcedure', filters), {
        signal,
      }),
  });

export function useAmountByProcedure(organizationId: string, filters: Partial<PublicFilters>) {
  return useQuery({
    ...amountByProcedureQuery(organizationId, filters),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}
