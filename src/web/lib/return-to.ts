import { useLocation } from 'react-router';

/** Router state a list puts on its links, so the detail's back link returns to the same view. */
export interface ReturnState {
  from: string;
}

/** The current address (filters and page included), to pass as `state` on links to a detail. */
export function useReturnState(): ReturnState {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}

/**
 * Where a back link leads: the list view the visitor came from (its filters and page) when that
 * view is the list the link names, otherwise the list itself.
 */
export function returnPath(state: unknown, list: string): string {
  const from = (state as Partial<ReturnState> | null)?.from;
  return typeof from === 'string' && (from === list || from.startsWith(`${list}?`)) ? from : list;
}
