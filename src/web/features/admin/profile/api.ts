import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh';
import { getSession, refreshSession } from '../../../lib/session';

const KEY = ['admin', 'profile'] as const;

/** One's own account: the same whichever monitor is open, so its key carries no monitor. */
export const profileQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<ProfileResponse>('/api/users/getProfileInfo', { signal }),
  });

export function useProfile() {
  return useQuery({ ...profileQuery(), select: (response) => response.data });
}

function useProfileMutation<T>(send: (input: T) => Promise<ProfileResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      queryClient.setQueryData(KEY, response);
      void refreshQueries(queryClient, ['session']);
      const profile = response.data;
      refreshSessionUser(profile.fullName, profile.profilePicture);
    },
  });
}

/** The header shows the new name and picture at once. */
function refreshSessionUser(fullName: string, profilePicture: string | null) {
  const session = getSession();
  if (session)
    refreshSession({ permissions: session.permissions, user: { ...session.user, fullName, profilePicture } });
}

export const useUpdateNames = () =>
  useProfileMutation((body: { name: string; lastName: string }) =>
    apiRequest<ProfileResponse>('/api/users/updateProfileInfo', { method: 'POST', body }),
  );

export const useChangePassword = () =>
  useProfileMutation((body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
    apiRequest<ProfileResponse>('/api/users/updateProfileInfo', { method: 'POST', body }),
  );

export const useUploadPicture = () =>
  useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('profilePicture', file);
    return apiRequest<ProfileResponse>('/api/users/uploadProfilePicture', { method: 'POST', form });
  });
