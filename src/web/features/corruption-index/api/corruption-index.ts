import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';
import type { DownloadFormat } from '../../../../shared/schemas/filters';
import { apiRequest } from '../../../lib/api-client';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

interface CorruptionIndexResponse {
  data: CorruptionIndexData;
  lastUpdate?: string;
}

/** The monitor's index for a period, the monitor's default without one (GET /public-api/comparations/corruption-index). */
export const corruptionIndexQuery = (organizationId: string, period: string | null) =>
  queryOptions({
    queryKey: ['corruption-index', organizationId, period],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ id: organizationId });
      if (period) query.set('administrationPeriod', period);
      return apiRequest<CorruptionIndexResponse>(`/public-api/comparations/corruption-index?${query}`, {
        signal,
      });
    },
  });

export function useCorruptionIndex(organizationId: string, period: string | null) {
  return useQuery({
    ...corruptionIndexQuery(organizationId, period),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

/** The page as a file, computed by the server for the same monitor and period. */
export function corruptionIndexDownloadUrl(
  organizationId: string,
  period: string | null,
  format: DownloadFormat,
): string {
  const query = new URLSearchParams(period ? { administrationPeriod: period } : {});
  return `/public-api/comparations/download/${format}/${organizationId}${query.size ? `?${query}` : ''}`;
}
