import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DashboardInfoResponse,
  VisitPeriod,
  VisitsChartResponse,
} from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

export const dashboardInfoQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['admin', 'dashboard', organizationId],
    queryFn: ({ signal }) => apiRequest<DashboardInfoResponse>('/api/admin/info-dashboard', { signal }),
  });

export function useDashboardInfo(organizationId: string) {
  return useQuery({ ...dashboardInfoQuery(organizationId), select: (response) => response.data });
}

export const visitsByPeriodQuery = (organizationId: string, type: VisitPeriod) =>
  queryOptions({
    queryKey: ['admin', 'visits-period', organizationId, type],
    queryFn: ({ signal }) =>
      apiRequest<VisitsChartResponse>('/api/admin/visits-month', { method: 'POST', body: { type }, signal }),
  });

export function useVisitsByPeriod(organizationId: string, type: VisitPeriod) {
  return useQuery({
    ...visitsByPeriodQuery(organizationId, type),
    select: (response) => response.data,
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

export const visitsByRouteQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['admin', 'visits-route', organizationId],
    queryFn: ({ signal }) => apiRequest<VisitsChartResponse>('/api/admin/visits-route', { signal }),
  });

export function useVisitsByRoute(organizationId: string) {
  return useQuery({ ...visitsByRouteQuery(organizationId), select: (response) => response.data });
}
