import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataLoadInfo, DataLoadRowDoc } from '../../../../shared/schemas/data-load';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh';

interface Envelope<T> {
  error: false;
  message: string;
  data: T;
}

export interface RowsPage {
  docs: DataLoadRowDoc[];
  total: number;
  page: number;
  pages: number;
}

export interface RowsQuery {
  page: number;
  search: string;
  showNoIssues: boolean;
  showSkipped: boolean;
  showErrors: boolean;
  /** The rows that are not contracts (format 28), listed apart. */
  showNotContracts?: boolean;
}

const infoKey = (organizationId: string) => ['admin', 'data-load', organizationId, 'info'] as const;
const rowsKey = (organizationId: string) => ['admin', 'data-load', organizationId, 'rows'] as const;

/** The current load, the last confirmed one and a failed read. */
export const dataLoadInfoQuery = (organizationId: string) =>
  queryOptions({
    queryKey: infoKey(organizationId),
    queryFn: ({ signal }) => apiRequest<Envelope<DataLoadInfo>>('/api/data-load/current-info', { signal }),
    staleTime: 0,
  });

const FIRST_ROWS: RowsQuery = {
  page: 1,
  search: '',
  showNoIssues: true,
  showSkipped: true,
  showErrors: true,
};

/** One page of the current load's rows under the filters. */
export const dataLoadRowsQuery = (organizationId: string, query: RowsQuery = FIRST_ROWS) => {
  const params = new URLSearchParams({
    page: String(query.page),
    showNoIssues: String(query.showNoIssues),
    showSkipped: String(query.showSkipped),
    showErrors: String(query.showErrors),
    ...(query.showNotContracts ? { showNotContracts: 'true' } : {}),
    ...(query.search.trim() ? { search: query.search.trim() } : {}),
  });
  return queryOptions({
    queryKey: [...rowsKey(organizationId), query],
    queryFn: ({ signal }) => apiRequest<Envelope<RowsPage>>(`/api/data-load/current?${params}`, { signal }),
  });
};

/** The load's info, asked every second while a file is read. */
export function useDataLoadInfo(organizationId: string) {
  return useQuery({
    ...dataLoadInfoQuery(organizationId),
    select: (response) => response.data,
    refetchInterval: (query) => (query.state.data?.data.current?.status === 'UPLOADING' ? 1_000 : false),
  });
}

export function useDataLoadRows(organizationId: string, query: RowsQuery = FIRST_ROWS, enabled = true) {
  return useQuery({
    ...dataLoadRowsQuery(organizationId, query),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a change the load's info and rows are read again; a confirm also changes every list. */
function useRefresh(organizationId: string) {
  const queryClient = useQueryClient();
  return (everything = false) =>
    everything
      ? refreshQueries(queryClient)
      : refreshQueries(queryClient, ['admin', 'data-load', organizationId]);
}

/** The answer (the load, being read) is shown at once; its progress is then asked every second. */
export function useUploadLoad(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      files,
      idDataLoad,
      administrationPeriod,
    }: {
      /** One file, or up to 20 (format-28 workbooks of several quarters or areas): one load. */
      files: File[];
      idDataLoad?: string;
      administrationPeriod?: string;
    }) => {
      const form = new FormData();
      if (idDataLoad) form.append('idDataLoad', idDataLoad);
      if (administrationPeriod) form.append('administrationPeriod', administrationPeriod);
      for (const file of files) form.append('file', file);
      return apiRequest<Envelope<DataLoadInfo>>('/api/data-load/upload', { method: 'POST', form });
    },
    onSuccess: (response) => {
      queryClient.setQueryData(infoKey(organizationId), response);
      void refreshQueries(queryClient, rowsKey(organizationId));
    },
  });
}

export function useCancelLoad(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: () =>
      apiRequest<Envelope<DataLoadInfo>>('/api/data-load/cancel-current', { method: 'POST', body: {} }),
    onSettled: () => refresh(),
  });
}

export interface ConfirmAnswer extends DataLoadInfo {
  created: { contracts: number; suppliers: number; administrativeUnits: number; skipped: number };
}

export function useConfirmLoad(organizationId: string) {
  const refresh = useRefresh(organizationId);
  return useMutation({
    mutationFn: (ignoreErrors: boolean) =>
      apiRequest<Envelope<ConfirmAnswer>>('/api/data-load/confirm-current', {
        method: 'POST',
        body: { ignoreErrors },
      }),
    onSettled: () => refresh(true),
  });
}

export const downloadValidations = () =>
  apiDownload('/api/data-load/download-validations', 'validaciones.xlsx');
export const downloadTemplate = () =>
  apiDownload('/api/data-load/download-plantilla', 'plantilla-carga-de-datos.xlsx');

/** The monitor's administration periods (the choices for a format-28 workbook's period). */
export const administrationPeriodsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['admin', 'data-load', organizationId, 'periods'],
    queryFn: ({ signal }) =>
      apiRequest<Envelope<{ docs: { _id: string }[] }>>(
        '/public-api/contracts/retrieve/administration-periods',
        {
          signal,
        },
      ),
    staleTime: 5 * 60_000,
  });

export function useAdministrationPeriods(organizationId: string) {
  return useQuery({
    ...administrationPeriodsQuery(organizationId),
    select: (response) => response.data.docs.map((option) => option._id),
  });
}
