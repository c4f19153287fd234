import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../../shared/constants/limits';
import type { OrganizationListResponse, PublicOrganization } from '../../../../shared/schemas/organizations';
import { apiRequest } from '../../../lib/api-client';
import { setCurrentOrganization, useStoredOrganization } from '../../../lib/current-organization';

/** The monitors a visitor can choose from (GET /public-api/organizations/list). */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: ['organizations', 'public'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest<OrganizationListResponse>(
        `/public-api/organizations/list?limit=${LIMITS.organizationsMaxPageSize}`,
        { signal },
      );
      return response.data.docs;
    },
    staleTime: 5 * 60_000,
  });

export function useOrganizations() {
  return useQuery(organizationsQuery());
}

/** Remembers the chosen monitor with its theme and rounding flag. */
export function selectOrganization(organization: PublicOrganization): void {
  setCurrentOrganization({ id: organization._id, theme: organization.theme, round: organization.round });
}

export function clearOrganization(): void {
  setCurrentOrganization(null);
}

/** The chosen monitor's public data, once the list has loaded. */
export function useCurrentOrganization() {
  const stored = useStoredOrganization();
  const query = useOrganizations();
  const organization = stored ? query.data?.find((item) => item._id === stored.id) : undefined;
  return { stored, organization, query };
}
