import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/accounts';
import type { User, UserListQuery, UserListResponse, UserSaveBody } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export function useUsers(query: UserListQuery) {
  const params = new URLSearchParams({ page: String(query.page), sort: query.sort, order: query.order });
  if (query.search) params.set('search', query.search);
  return useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: ({ signal }) => apiRequest<UserListResponse>(`/api/users/list?${params}`, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSaveBody) =>
      apiRequest<{ message: string; data: User }>('/api/users/save', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>('/api/users/delete', { method: 'POST', body: { _id: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
