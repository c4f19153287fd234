import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../../shared/constants/limits';
import type {
  LoginBody,
  LoginResponse,
  MessageResponse,
  NewPasswordBody,
  Session,
} from '../../../../shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiRequest<LoginResponse>('/public-api/accounts/login', { method: 'POST', body }),
    onSuccess: (response) => {
      // Whatever the previous person on this browser had loaded is not this person's.
      queryClient.removeQueries({ queryKey: ['admin'] });
      // The spec's expiry: now (this browser's clock) plus the session's lifetime, so a browser
      // whose clock is off neither bounces back to sign-in nor keeps a dead session.
      setSession({ ...response.data, expiresAt: Math.floor(Date.now() / 1000) + LIMITS.sessionSeconds });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<MessageResponse>('/public-api/accounts/reset-password', { method: 'POST', body: { email } }),
  });
}

export function useNewPassword() {
  return useMutation({
    mutationFn: (body: NewPasswordBody) =>
      apiRequest<MessageResponse>('/public-api/accounts/valid-token/', { method: 'POST', body }),
  });
}

export function fetchSessionView(signal?: AbortSignal) {
  return apiRequest<{ data: Pick<Session, 'permissions' | 'user'> }>('/api/session', { signal });
}

/** Ends the session on the server; the browser forgets it whatever the answer. */
export async function logoutOnServer(): Promise<void> {
  await apiRequest<MessageResponse>('/api/session/logout', { method: 'POST' }).catch(() => undefined);
}
