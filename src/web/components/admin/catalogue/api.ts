import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueListQuery, RetrieveResponse } from '../../../../shared/schemas/catalogues';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentOrganizationId } from '../../../lib/current-organization';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';
import { refreshQueries } from '../../../lib/refresh';

export interface CataloguePage<Doc> {
  error: false;
  data: { docs: Doc[]; total: number; page: number; pages: number };
  lastUpdate?: string;
  /** The search matched more than the server counts (1,000). */
  totalIsLowerBound?: true;
}

/** Every page of one catalogue, of every monitor: what a save or a delete makes stale. */
export const catalogueKey = (path: string) => ['admin', 'catalogue', path] as const;

export type CatalogueQuery = Omit<CatalogueListQuery, 'limit'> & { limit?: number };

/**
 * One page of a catalogue of one monitor; `limit` is one of LIMITS.cataloguePageSizes (the
 * server's default is 10). The key carries the monitor, so another monitor's rows never show.
 */
export const catalogueListQuery = <Doc>(organizationId: string, path: string, query: CatalogueQuery) =>
  queryOptions({
    queryKey: [...catalogueKey(path), organizationId, query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), order: query.order });
      if (query.limit) params.set('limit', String(query.limit));
      if (query.sort) params.set('sort', query.sort);
      if (query.search) params.set('search', query.search);
      return apiRequest<CataloguePage<Doc>>(`/api/${path}/list?${params}`, { signal });
    },
  });

export function useCatalogueList<Doc>(path: string, query: CatalogueQuery) {
  const organizationId = useCurrentOrganizationId();
  return useQuery({
    ...catalogueListQuery<Doc>(organizationId, path, query),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

function useCatalogueMutation<Input, Output>(path: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await refreshQueries(queryClient, catalogueKey(path));
      // The monitors' names and colours also show in the selection screens and the sidebar.
      if (path === 'organizations') await refreshQueries(queryClient, ['organizations']);
    },
  });
}

export const useSaveEntry = <Doc>(path: string) =>
  useCatalogueMutation(path, (body: Record<string, unknown>) =>
    apiRequest<{ message: string; data: Doc }>(`/api/${path}/save`, { method: 'POST', body }),
  );

export const useDeleteEntry = (path: string) =>
  useCatalogueMutation(path, (id: string) =>
    apiRequest<{ message: string }>(`/api/${path}/delete`, { method: 'POST', body: { _id: id } }),
  );

export const useSaveEntries = (path: string) =>
  useCatalogueMutation(path, (docs: Record<string, unknown>[]) =>
    apiRequest<{ message: string; data: { saved: number } }>(`/api/${path}/save-updated-docs`, {
      method: 'POST',
      body: { docs },
    }),
  );

/** What a form's reference picker chooses among: the monitor's suppliers or administrative units. */
export type ChoiceSource = 'suppliers' | 'administrative-units';

/**
 * A catalogue form's picker choices of one monitor (GET /api/{path}/retrieve/{source}: contracts,
 * calculations' filters): its suppliers or units matching the typed text, plus the chosen one.
 * The key carries the monitor.
 */
export const choicesQuery = (
  organizationId: string,
  path: string,
  source: ChoiceSource,
  search = '',
  include: string | null = null,
) =>
  queryOptions({
    queryKey: [...catalogueKey(path), 'retrieve', organizationId, source, search, include],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('search', search);
      if (include) params.set('include', include);
      return apiRequest<RetrieveResponse>(`/api/${path}/retrieve/${source}?${params}`, { signal });
    },
    staleTime: 30_000,
  });

export function useChoices(path: string, source: ChoiceSource, search: string, include: string | null) {
  const organizationId = useCurrentOrganizationId();
  return useQuery({
    ...choicesQuery(organizationId, path, source, search, include),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}
