import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueListQuery } from '../../../../shared/schemas/catalogues';
import { apiRequest } from '../../../lib/api-client';

export interface CataloguePage<Doc> {
  error: false;
  data: { docs: Doc[]; total: number; page: number; pages: number };
  lastUpdate?: string;
  /** The search matched more than the server counts (1,000). */
  totalIsLowerBound?: true;
}

const key = (path: string) => ['admin', 'catalogue', path] as const;

/** One page of a catalogue; `limit` is one of LIMITS.cataloguePageSizes (the server's default is 10). */
export function useCatalogueList<Doc>(
  path: string,
  query: Omit<CatalogueListQuery, 'limit'> & { limit?: number },
) {
  const params = new URLSearchParams({ page: String(query.page), order: query.order });
  if (query.limit) params.set('limit', String(query.limit));
  if (query.sort) params.set('sort', query.sort);
  if (query.search) params.set('search', query.search);
  return useQuery({
    queryKey: [...key(path), query],
    queryFn: ({ signal }) => apiRequest<CataloguePage<Doc>>(`/api/${path}/list?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useCatalogueMutation<Input, Output>(path: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key(path) });
      // The monitors' names and colours also show in the selection screens and the sidebar.
      if (path === 'organizations') await queryClient.invalidateQueries({ queryKey: ['organizations'] });
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
