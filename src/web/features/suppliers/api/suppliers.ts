import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProcedureType } from '../../../../shared/constants/enums';
import type { DownloadFormat, PublicFilters } from '../../../../shared/schemas/filters';
import type {
  SupplierBidsResponse,
  SupplierContractsResponse,
  SupplierDetailResponse,
  SupplierListResponse,
} from '../../../../shared/schemas/suppliers';
import { apiRequest } from '../../../lib/api-client';
import { downloadAddress, withFilters } from '../../../lib/download';
import { keepPreviousOfMonitor } from '../../../lib/placeholder';

export const suppliersQuery = (organizationId: string, filters: Partial<PublicFilters>, page: number) =>
  queryOptions({
    queryKey: ['suppliers', organizationId, filters, page],
    queryFn: ({ signal }) =>
      apiRequest<SupplierListResponse>(
        withFilters('/public-api/suppliers/filtered-list', filters, { page: String(page) }),
        { signal },
      ),
  });

export function useSuppliers(organizationId: string, filters: Partial<PublicFilters>, page: number) {
  return useQuery({
    ...suppliersQuery(organizationId, filters, page),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

type DetailFilters = Omit<Partial<PublicFilters>, 'suppliers'>;

export const supplierDetailQuery = (organizationId: string, id: string, filters: DetailFilters) =>
  queryOptions({
    queryKey: ['supplier', organizationId, id, filters],
    queryFn: ({ signal }) =>
      apiRequest<SupplierDetailResponse>(`/public-api/suppliers/detail?id=${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { filters },
        signal,
      }),
  });

export function useSupplierDetail(organizationId: string, id: string, filters: DetailFilters) {
  return useQuery({
    ...supplierDetailQuery(organizationId, id, filters),
    placeholderData: keepPreviousOfMonitor(organizationId),
  });
}

/** More of a supplier's contracts of one type, page after page ('Ver más contratos'). */
export const supplierContractsQuery = (
  organizationId: string,
  id: string,
  procedureType: ProcedureType,
  filters: DetailFilters,
) =>
  infiniteQueryOptions({
    queryKey: ['supplier-contracts', organizationId, id, procedureType, filters],
    initialPageParam: 2,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SupplierContractsResponse>(
        `/public-api/suppliers/detail/contracts?id=${encodeURIComponent(id)}&procedureType=${procedureType}&page=${pageParam}`,
        { method: 'POST', body: { filters }, signal },
      ),
    getNextPageParam: (last) => (last.data.page < last.data.pages ? last.data.page + 1 : undefined),
  });

export function useSupplierContracts(
  organizationId: string,
  id: string,
  procedureType: ProcedureType,
  filters: DetailFilters,
  enabled: boolean,
) {
  return useInfiniteQuery({ ...supplierContractsQuery(organizationId, id, procedureType, filters), enabled });
}

/** More procedures a supplier bid for without winning ('Ver más'), page after page. */
export const supplierBidsQuery = (organizationId: string, id: string) =>
  infiniteQueryOptions({
    queryKey: ['supplier-bids', organizationId, id],
    initialPageParam: 2,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SupplierBidsResponse>(
        `/public-api/suppliers/detail/bids?id=${encodeURIComponent(id)}&page=${pageParam}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.data.page < last.data.pages ? last.data.page + 1 : undefined),
  });

export function useSupplierBids(organizationId: string, id: string, enabled: boolean) {
  return useInfiniteQuery({ ...supplierBidsQuery(organizationId, id), enabled });
}

export function suppliersDownloadUrl(
  organizationId: string,
  filters: Partial<PublicFilters>,
  format: DownloadFormat,
): string {
  return downloadAddress(`/public-api/suppliers/download/${format}`, organizationId, filters);
}

export function supplierDownloadUrl(
  organizationId: string,
  id: string,
  filters: DetailFilters,
  format: DownloadFormat,
): string {
  return downloadAddress(
    `/public-api/suppliers/download-detail/${encodeURIComponent(id)}/${format}`,
    organizationId,
    filters,
  );
}
