import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupReason, BackupState } from '../../../../shared/constants/backups';
import { apiRequest } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh';

/** The copies of the current monitor's contract documents (decision 0037): /api/backups. */

interface Envelope<T> {
  error: false;
  message: string;
  data: T;
}

export interface BackupSummary {
  documents: number;
  copied: number;
  pending: number;
  failed: number;
  failedByReason: Partial<Record<BackupReason, number>>;
  gone: number;
  bytes: number;
  quotaBytes: number;
}

export interface BackupSource {
  _id: string;
  url: string;
  state: BackupState;
  reason: BackupReason | null;
  failures: number;
  lastCheckedAt: string | null;
  nextCheckAt: string | null;
  goneSince: string | null;
  versions: number;
  size: number | null;
}

export interface SourcesQuery {
  page: number;
  state?: BackupState;
  reason?: BackupReason;
}

const root = (organizationId: string) => ['admin', 'backups', organizationId] as const;

export const backupSummaryQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...root(organizationId), 'summary'],
    queryFn: ({ signal }) => apiRequest<Envelope<BackupSummary>>('/api/backups/summary', { signal }),
    staleTime: 0,
  });

export const backupSourcesQuery = (organizationId: string, query: SourcesQuery) =>
  queryOptions({
    queryKey: [...root(organizationId), 'documents', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page) });
      if (query.state) params.set('state', query.state);
      if (query.reason) params.set('reason', query.reason);
      return apiRequest<Envelope<{ docs: BackupSource[]; total: number; page: number; pages: number }>>(
        `/api/backups/documents?${params}`,
        { signal },
      );
    },
    staleTime: 0,
  });

/** While copies are pending, or for a minute after a retry, the state is asked again every few seconds. */
export function useBackupSummary(organizationId: string, watching: boolean) {
  return useQuery({
    ...backupSummaryQuery(organizationId),
    select: (response) => response.data,
    refetchInterval: (query) => (watching || (query.state.data?.data.pending ?? 0) > 0 ? 3_000 : false),
  });
}

export function useBackupSources(organizationId: string, query: SourcesQuery, watching: boolean) {
  return useQuery({
    ...backupSourcesQuery(organizationId, query),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    refetchInterval: watching ? 3_000 : false,
  });
}

/** Asks for some documents again, or every failed one. */
export function useRetryBackups(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiRequest<Envelope<{ retried: number }>>('/api/backups/retry', {
        method: 'POST',
        body: ids ? { ids } : {},
      }),
    onSuccess: () => refreshQueries(queryClient, root(organizationId)),
  });
}
