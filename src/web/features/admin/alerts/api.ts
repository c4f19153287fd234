import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSummary } from '../../../../shared/schemas/alerts';
import { apiRequest } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh';

/** The current monitor's follows and sends in counts, and the suspension of an address (decision 0053). */

interface Envelope<T> {
  error: false;
  message: string;
  data: T;
}

/** One monitor's summary: the key carries its id, since the administrator may switch monitors. */
const summaryKey = (organizationId: string) => ['admin', 'alerts', organizationId, 'summary'] as const;

export const alertSummaryQuery = (organizationId: string) =>
  queryOptions({
    queryKey: summaryKey(organizationId),
    queryFn: ({ signal }) => apiRequest<Envelope<AlertSummary>>('/api/alerts/summary', { signal }),
    staleTime: 0,
  });

export function useAlertSummary(organizationId: string) {
  return useQuery({ ...alertSummaryQuery(organizationId), select: (response) => response.data });
}

/** GENERAL administrators: stops (or allows again) every e-mail to an address; the summary is read again. */
export function useSuspendAddress(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; suspended: boolean }) =>
      apiRequest<Envelope<{ suspended: boolean }>>('/api/alerts/suspend', { method: 'POST', body }),
    onSuccess: () => void refreshQueries(queryClient, summaryKey(organizationId)),
  });
}
