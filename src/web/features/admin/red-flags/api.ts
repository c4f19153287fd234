import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RedFlagParameters } from '../../../../shared/red-flags/definitions';
import type { SupplierListInfoSchema } from '../../../../shared/schemas/red-flags';
import { apiRequest } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh';

interface Envelope<T> {
  error: false;
  message: string;
  data: T;
}

export interface RedFlagSettings {
  parameters: RedFlagParameters;
  methodVersion: number;
}
export type SupplierListInfo = z.infer<typeof SupplierListInfoSchema>;
export interface SupplierLists {
  sat69b: SupplierListInfo | null;
  sanctions: SupplierListInfo | null;
}
/** The two lists, by the path the upload names them with. */
export type ListKind = 'sat-69b' | 'sanctions';
export interface ListLoaded {
  kind: 'SAT_69B' | 'SANCTIONS';
  cutOff: string | null;
  rows: number;
  kept: number;
  problems: { row: number; message: string }[];
}

/** One monitor's parameters: the key carries its id, since the administrator may switch monitors. */
const settingsKey = (organizationId: string) => ['admin', 'red-flags', organizationId, 'settings'] as const;
/** The lists are the installation's, not a monitor's. */
const listsKey = ['admin', 'red-flags', 'lists'] as const;

export const redFlagSettingsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: settingsKey(organizationId),
    queryFn: ({ signal }) => apiRequest<Envelope<RedFlagSettings>>('/api/red-flags/settings', { signal }),
    staleTime: 0,
  });

export function useRedFlagSettings(organizationId: string) {
  return useQuery({ ...redFlagSettingsQuery(organizationId), select: (response) => response.data });
}

/** Saves the parameters; the answer (with the new method version) replaces the cached ones. */
export function useChangeRedFlagSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedFlagParameters) =>
      apiRequest<Envelope<RedFlagSettings>>('/api/red-flags/settings', { method: 'POST', body }),
    onSuccess: (response) => queryClient.setQueryData(settingsKey(organizationId), response),
  });
}

/** The installation's supplier lists (GENERAL administrators). */
export const supplierListsQuery = () =>
  queryOptions({
    queryKey: listsKey,
    queryFn: ({ signal }) => apiRequest<Envelope<SupplierLists>>('/api/red-flags/lists', { signal }),
    staleTime: 0,
  });

/** GENERAL administrators only: the query runs only when `enabled`. */
export function useSupplierLists(enabled: boolean) {
  return useQuery({ ...supplierListsQuery(), select: (response) => response.data, enabled });
}

/** Replaces a list with the file its publisher publishes; the lists' summary is read again. */
export function useLoadList(kind: ListKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<Envelope<ListLoaded>>(`/api/red-flags/lists/${kind}`, { method: 'POST', form });
    },
    onSuccess: () => void refreshQueries(queryClient, listsKey),
  });
}
