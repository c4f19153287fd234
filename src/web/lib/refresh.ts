import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Makes the queries under `queryKey` (every query without one) read the server again after a
 * write. A read already on its way may have been answered before the write; invalidating alone
 * lets such a read finish and stand when it is its query's first (TanStack Query cancels a read in
 * flight only for a query that has data): a search typed just before saving then shows the rows as
 * they were until the stale time passes. Those reads are cancelled first, so every query on screen
 * asks again.
 */
export async function refreshQueries(queryClient: QueryClient, queryKey?: QueryKey): Promise<void> {
  const filters = queryKey ? { queryKey } : {};
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
