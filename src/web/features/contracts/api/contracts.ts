import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractDetailResponse, ContractListResponse } from '../../../../shared/schemas/contracts';
import type { DownloadFormat, PublicFilters } from '../../../../shared/schemas/filters';
import { apiRequest } from '../../../lib/api-client';
import { downloadAddress, withFilters } from '../../../lib/download';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

/** A page of the filtered contracts with their totals (GET /public-api/contracts/filtered-list). */
export const contractsQuery = (organizationId: string, filters: Partial<PublicFilters>, page: number) =>
  queryOptions({
    queryKey: ['contracts', organizationId, filters, page],
    queryFn: ({ signal }) =>
      apiRequest<ContractListResponse>(
        withFilters('/public-api/contracts/filtered-list', filters, { page: String(page) }),
        { signal },
      ),
  });

export function useContracts(organizationId: string, filters: Partial<PublicFilters>, page: number) {
  return useQuery({
    ...contractsQuery(organizationId, filters, page),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

export const contractQuery = (organizationId: string, id: string) =>
  queryOptions({
    queryKey: ['contract', organizationId, id],
    queryFn: ({ signal }) =>
      apiRequest<ContractDetailResponse>(`/public-api/contracts/detail?id=${encodeURIComponent(id)}`, {
        signal,
      }),
  });

export function useContract(organizationId: string, id: string) {
  return useQuery(contractQuery(organizationId, id));
}

/** The address of a download of the filtered list, usable as a plain link. */
export function contractsDownloadUrl(
  organizationId: string,
  filters: Partial<PublicFilters>,
  format: DownloadFormat,
): string {
  return downloadAddress(`/public-api/contracts/download/${format}`, organizationId, filters);
}
