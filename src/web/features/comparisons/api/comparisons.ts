import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ComparisonSide, PeerOrganization } from '../../../../shared/schemas/comparisons';
import type { DownloadFormat } from '../../../../shared/schemas/filters';
import { msg } from '../../../i18n/msg';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * The comparison screens' calls (public spec, /comparations and /comparations/{id}): the search of
 * monitors (this installation's by name, another server's by address), the recent comparisons of
 * the current monitor, and one side of a comparison, each computed by the server that holds it.
 */

interface SearchResponse {
  data: { docs: PeerOrganization[]; baseRemoteUrl: string | null };
}

/** Monitors by name here, or the monitors of the server at the address typed (from the current monitor's page). */
export const monitorSearchQuery = (organizationId: string, search: string) =>
  queryOptions({
    queryKey: ['comparison-monitors', organizationId, search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams(search ? { search } : {});
      return apiRequest<SearchResponse>(`/public-api/organizations/remote/list?${query}`, { signal });
    },
    // A failed address is a message to show, not something to ask again and again.
    retry: false,
    staleTime: 60_000,
  });

export function useMonitorSearch(organizationId: string, search: string) {
  return useQuery({ ...monitorSearchQuery(organizationId, search), placeholderData: keepPreviousData });
}

export interface RecentComparison {
  _id: string;
  target: string;
  targetName: string;
  color: string;
  remoteUrl: string | null;
  updatedAt: string;
}

/** The current monitor's recent comparisons (the organization header names it). */
export const recentComparisonsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['recent-comparisons', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: RecentComparison[] }>('/public-api/comparations/retrieve', { signal }),
    // Each comparison shown adds one: asked again whenever the list is shown.
    staleTime: 0,
  });

export function useRecentComparisons(organizationId: string) {
  return useQuery(recentComparisonsQuery(organizationId));
}

/**
 * One side seen from the current monitor's page: a monitor of ours by id, or monitor `id` of the
 * server `remoteUrl`, in its own period (the call records the comparison for the current monitor).
 */
export const comparisonSideQuery = (
  organizationId: string,
  id: string,
  remoteUrl: string | null,
  period: string | null,
) =>
  queryOptions({
    queryKey: ['comparison-side', organizationId, id, remoteUrl, period],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ id });
      if (remoteUrl) query.set('url', remoteUrl);
      if (period) query.set('administrationPeriod', period);
      return apiRequest<{ data: ComparisonSide }>(`/public-api/comparations/detail?${query}`, { signal });
    },
    // Another server that failed says why at once; it is asked again only when the visitor retries.
    retry: remoteUrl ? false : 1,
  });

export function useComparisonSide(
  organizationId: string,
  id: string,
  remoteUrl: string | null,
  period: string | null,
) {
  return useQuery({
    ...comparisonSideQuery(organizationId, id, remoteUrl, period),
    // Another period of the same monitor keeps the figures shown while it loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === organizationId &&
      previousQuery.queryKey[2] === id &&
      previousQuery.queryKey[3] === remoteUrl
        ? previous
        : undefined,
  });
}

/** The comparison as a file: the server recomputes both sides from these names, never from the page's figures. */
export function comparisonDownloadUrl(
  format: DownloadFormat,
  options: {
    organizationId: string;
    id: string;
    remoteUrl: string | null;
    leftPeriod: string | null;
    rightPeriod: string | null;
  },
): string {
  const query = new URLSearchParams({ organization: options.organizationId });
  if (options.remoteUrl) query.set('url', options.remoteUrl);
  if (options.leftPeriod) query.set('leftAdministrationPeriod', options.leftPeriod);
  if (options.rightPeriod) query.set('rightAdministrationPeriod', options.rightPeriod);
  return `/public-api/comparations/download-comparison/${format}/${encodeURIComponent(options.id)}?${query}`;
}

export const COMPARISONS_UNAVAILABLE = msg(
  'La información de comparaciones no se encuentra disponible en este momento.',
);

/**
 * Why a comparison call failed, as the page says it (to be translated with t): the server's words
 * when the visitor's address or monitor was refused (4xx), else the spec's load failure.
 */
export function comparisonFailure(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : COMPARISONS_UNAVAILABLE;
}
