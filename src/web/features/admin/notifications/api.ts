import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationsResponse } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { refreshQueries } from '../../../lib/refresh';

const key = (organizationId: string) => ['admin', 'notifications', organizationId] as const;

export const notificationsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: key(organizationId),
    queryFn: ({ signal }) => apiRequest<NotificationsResponse>('/api/admin/notifications', { signal }),
  });

export function useNotifications(organizationId: string) {
  return useQuery({ ...notificationsQuery(organizationId), select: (response) => response.data });
}

export async function markNotificationsRead(
  organizationId: string,
  queryClient: ReturnType<typeof useQueryClient>,
) {
  const response = await apiRequest<NotificationsResponse>('/api/admin/read-notifications');
  queryClient.setQueryData(key(organizationId), response);
}

/**
 * Keeps the monitor's notifications live: a server-sent-event stream read with fetch (so the
 * token travels in the Authorization header), reopened after a drop, refetching on each change.
 */
export function useNotificationStream(organizationId: string, token: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      try {
        const response = await fetch('/api/admin/notifications/stream', {
          headers: { authorization: `Bearer ${token}`, 'x-current-organization-id': organizationId },
          signal: controller.signal,
        });
        // A refused session is handled by the regular calls (they send the user to sign in).
        if (response.status === 401 || response.status === 403) return;
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const event = /^event: (.+)$/m.exec(buffer.slice(0, cut))?.[1];
            buffer = buffer.slice(cut + 2);
            // 'ready' too: whatever arrived while the stream was down shows after a reconnect.
            if (event === 'notifications' || event === 'ready') {
              void refreshQueries(queryClient, key(organizationId));
            }
            if (event === 'session-ended') return;
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void open(), 5_000);
    };
    void open();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [organizationId, token, queryClient]);
}
