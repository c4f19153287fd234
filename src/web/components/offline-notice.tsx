import { Alert, Container } from '@mantine/core';
import type { Query } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/dates';
import { isNetworkError, isPublicQueryKey } from '../lib/query-persistence';

interface OfflineState {
  /** When the oldest saved data on the screen was fetched (ms), or null when none is shown. */
  savedAt: number | null;
  /** Part of the screen has no saved data and cannot load it. */
  missing: boolean;
}

/**
 * What the screen shows without the server: the public queries on screen (with observers) that
 * are offline, paused waiting for the network or failed with a network error.
 */
export function offlineState(queries: Query[], online: boolean): OfflineState {
  let savedAt: number | null = null;
  let missing = false;
  for (const query of queries) {
    if (!isPublicQueryKey(query.queryKey) || query.getObserversCount() === 0) continue;
    const { state } = query;
    const unreachable =
      state.fetchStatus === 'paused' || (state.status === 'error' && isNetworkError(state.error));
    if (state.data !== undefined && (!online || unreachable)) {
      savedAt = savedAt === null ? state.dataUpdatedAt : Math.min(savedAt, state.dataUpdatedAt);
    } else if (state.data === undefined && (unreachable || (!online && state.status === 'pending'))) {
      missing = true;
    }
  }
  return { savedAt, missing };
}

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * 'Sin conexión: mostrando datos guardados del DD/MM/YYYY' when the screen shows data saved on
 * the device because the server cannot be reached (decision 0024); says so too when part of the
 * screen was never saved.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const queryCache = useQueryClient().getQueryCache();
  const online = useSyncExternalStore(subscribeToConnection, () => navigator.onLine);
  const subscribe = useCallback((onChange: () => void) => queryCache.subscribe(onChange), [queryCache]);
  // A text snapshot, so the screen re-renders only when what the notice says changes.
  const snapshot = useSyncExternalStore(subscribe, () => {
    const state = offlineState(queryCache.getAll(), online);
    return `${state.savedAt ?? ''}|${state.missing}`;
  });
  const [savedAt, missing] = snapshot.split('|');
  if (!savedAt && missing !== 'true') return null;
  const notSaved = t('Parte de esta pantalla no está guardada en este dispositivo.');
  return (
    <Container size="xl" mt="md" w="100%">
      <Alert color="orange" variant="light" role="status" data-testid="offline-notice">
        {savedAt
          ? t('Sin conexión: mostrando datos guardados del {{date}}', {
              date: formatDate(new Date(Number(savedAt))),
            })
          : t('Sin conexión: esta pantalla no está guardada en este dispositivo.')}
        {savedAt && missing === 'true' ? ` ${notSaved}` : null}
      </Alert>
    </Container>
  );
}
