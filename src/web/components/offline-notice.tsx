import { Alert, Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/dates';
import { offlineState } from '../lib/query-persistence';

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
  const title = savedAt
    ? t('Sin conexión: mostrando datos guardados del {{date}}', {
        date: formatDate(new Date(Number(savedAt))),
      })
    : t('Sin conexión: esta pantalla no está guardada en este dispositivo.');
  return (
    <Container size="xl" mt="md" w="100%">
      <Alert color="orange" variant="light" role="status" data-testid="offline-notice" title={title}>
        {savedAt && missing === 'true'
          ? t('Parte de esta pantalla no está guardada en este dispositivo.')
          : null}
      </Alert>
    </Container>
  );
}
