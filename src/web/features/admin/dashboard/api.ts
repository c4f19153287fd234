import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DashboardInfoResponse,
  VisitPeriod,
  VisitsChartResponse,
} from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';

export function useDashboardInfo(organizationId: string) {
  return useQuery({
    queryKey: ['admin', 'dashboard', organizationId],
    queryFn: ({ signal }) => apiRequest<DashboardInfoResponse>('/api/admin/info-dashboard', { signal }),
    select: (response) => response.data,
  });
}

export function useVisitsByPeriod(organizationId: string, type: VisitPeriod) {
  return useQuery({
    queryKey: ['admin', 'visits-period', organizationId, type],
    queryFn: ({ signal }) =>
      apiRequest<VisitsChartResponse>('/api/admin/visits-month', { method: 'POST', body: { type }, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useVisitsByRoute(organizationId: string) {
  return useQuery({
    queryKey: ['admin', 'visits-route', organizationId],
    queryFn: ({ signal }) => apiRequest<VisitsChartResponse>('/api/admin/visits-route', { signal }),
    select: (response) => response.data,
  });
}
