import { useSearchParams } from 'react-router';
import { type ListState, readListState, writeListState } from '../../../shared/filters-url';
import type { PublicFilters } from '../../../shared/schemas/filters';

/**
 * The filters and page of a list, kept in the address (spec): applying filters goes back to page 1
 * and becomes the query pagination reuses; the browser's back button returns to the previous view.
 */
export function useListState(defaults: Partial<PublicFilters>) {
  const [params, setParams] = useSearchParams();
  const state: ListState = readListState(params, defaults);
  const navigate = (next: ListState) => setParams(writeListState(params, next));
  return {
    ...state,
    apply: (filters: PublicFilters) => navigate({ filters, page: 1 }),
    setPage: (page: number) => navigate({ filters: state.filters, page }),
  };
}
