import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { compactFilters } from '../../../shared/filters-url';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { cannotShow } from '../../lib/load-state';
import { toast } from '../../lib/notifications';
import { useListState } from './use-list-state';

/** The monitor's preselected filters (spec): its default administration period, if it has one. */
export function monitorDefaults(organization: PublicOrganization): Partial<PublicFilters> {
  return organization.defaultAdministrationPeriod
    ? { administrationPeriods: [organization.defaultAdministrationPeriod] }
    : {};
}

type ListPage = { data: { pages: number } };

/**
 * A paged public list under the filters of the address: a failed load shows no list (`failed`:
 * the screen shows the error state with a retry instead of its figures, unless saved data is shown
 * because the server cannot be reached) and the spec's toast, and a page past the end shows the
 * last one (spec: pages are clamped). Offline, another page or filter never opened is no list
 * either: the rows it keeps while loading belong to the previous one.
 */
export function useFilteredList<T extends ListPage>(
  organization: PublicOrganization,
  useList: (organizationId: string, filters: Partial<PublicFilters>, page: number) => UseQueryResult<T>,
) {
  const state = useListState(monitorDefaults(organization));
  const query = compactFilters(state.filters);
  const result = useList(organization._id, query, state.page);
  // Data saved on the device stays when only the network failed (the offline notice says so).
  const failed = cannotShow(result) || (result.isPlaceholderData && result.fetchStatus === 'paused');
  const list = failed ? undefined : result.data;
  const { isError, error, refetch } = result;
  const { page, setPage } = state;

  useEffect(() => {
    if (isError) toast('danger', 'Hubo un error al cargar el listado', { detail: error?.message });
  }, [isError, error]);
  useEffect(() => {
    if (list && page > list.data.pages) setPage(list.data.pages);
  }, [list, page, setPage]);

  return { ...state, query, list, failed, retry: () => void refetch(), isFetching: result.isFetching };
}
