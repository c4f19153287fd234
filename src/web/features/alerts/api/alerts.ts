import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ALERT_MESSAGES,
  type ConfirmationResponseSchema,
  type ConfirmedResponseSchema,
  type DoneResponseSchema,
  type FollowBodyInput,
  type FollowDeleteResponseSchema,
  type FollowPatch,
  type FollowPatchResponseSchema,
  type FollowPendingResponseSchema,
  type ManageResponseSchema,
} from '../../../../shared/schemas/alerts';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * Following by e-mail without an account (issue 33, decision 0053): the follow form's call, the
 * confirmation link, the management page behind the address's link and the unsubscribe page.
 */

type FollowPending = z.infer<typeof FollowPendingResponseSchema>;
type Confirmation = z.infer<typeof ConfirmationResponseSchema>;
type Confirmed = z.infer<typeof ConfirmedResponseSchema>;
type Manage = z.infer<typeof ManageResponseSchema>;
type Patched = z.infer<typeof FollowPatchResponseSchema>;
type Deleted = z.infer<typeof FollowDeleteResponseSchema>;
type Done = z.infer<typeof DoneResponseSchema>;

const BASE = '/public-api/alerts';
const token$ = (token: string) => encodeURIComponent(token);

/**
 * The server's 409 for an address that unsubscribed in the last 30 days (the form asks and sends
 * again with `again: true`), told apart from the other 409 (20 follows) by its text. The one place
 * that compares it.
 */
export function isRecentlyUnsubscribed(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.message.trim() === ALERT_MESSAGES.recentlyUnsubscribed
  );
}

/** Asks to follow something of the header's monitor: the server e-mails a confirmation link. */
export function useFollow() {
  return useMutation({
    mutationFn: (body: FollowBodyInput) =>
      apiRequest<FollowPending>(`${BASE}/follow`, { method: 'POST', body }),
  });
}

/** What a confirmation link is about (no side effect). */
export const confirmationQuery = (token: string) =>
  queryOptions({
    queryKey: ['alerts', 'confirmation', token],
    queryFn: ({ signal }) => apiRequest<Confirmation>(`${BASE}/confirm/${token$(token)}`, { signal }),
    select: (response) => response.data,
    staleTime: 0,
  });

export function useConfirmation(token: string) {
  return useQuery(confirmationQuery(token));
}

/** Uses the confirmation link; answers the address's management token. */
export function useConfirm(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<Confirmed>(`${BASE}/confirm/${token$(token)}`, { method: 'POST' }),
  });
}

/** Every follow of the address behind a management link. */
export const manageQuery = (token: string) =>
  queryOptions({
    queryKey: ['alerts', 'manage', token],
    queryFn: ({ signal }) => apiRequest<Manage>(`${BASE}/manage/${token$(token)}`, { signal }),
    select: (response) => response.data,
    staleTime: 0,
  });

export function useManage(token: string) {
  return useQuery(manageQuery(token));
}

/** Changes a follow's frequency or threshold; the page's list takes the server's answer. */
export function usePatchFollow(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: FollowPatch }) =>
      apiRequest<Patched>(`${BASE}/manage/${token$(token)}/follows/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: patch,
      }),
    onSuccess: (response) => {
      client.setQueryData(manageQuery(token).queryKey, (current) =>
        current
          ? {
              ...current,
              data: {
                ...current.data,
                follows: current.data.follows.map((follow) =>
                  follow._id === response.data.follow._id ? response.data.follow : follow,
                ),
              },
            }
          : current,
      );
    },
  });
}

/** Ends one follow (the last one takes the address, and the link, with it). */
export function useDeleteFollow(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Deleted>(`${BASE}/manage/${token$(token)}/follows/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: (response, id) => {
      if (response.data.addressDeleted) return;
      client.setQueryData(manageQuery(token).queryKey, (current) =>
        current
          ? {
              ...current,
              data: { ...current.data, follows: current.data.follows.filter((follow) => follow._id !== id) },
            }
          : current,
      );
    },
  });
}

/** E-mails a new management link; this one stops working. */
export function useNewLink(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<Done>(`${BASE}/manage/${token$(token)}/new-link`, { method: 'POST' }),
  });
}

/** Erases the address, every follow and every alert of it. */
export function useEraseAll(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<Done>(`${BASE}/manage/${token$(token)}`, { method: 'DELETE' }),
  });
}

/** Ends every follow of the address (the e-mails' unsubscribe link). */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => apiRequest<Done>(`${BASE}/unsubscribe/${token$(token)}`, { method: 'POST' }),
  });
}

/** Everything stored about the address, as a JSON file (a plain link: the server names the file). */
export function exportUrl(token: string): string {
  return `${BASE}/manage/${token$(token)}/export`;
}
