import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../shared/constants/themes';
import { captureServerFailure } from '../features/error-reports/reporter';
import { ApiError } from '../lib/api-client';
import { useStoredOrganization } from '../lib/current-organization';
import { followConnection, keepPublicQueries, publicQueryPersistence } from '../lib/query-persistence';
import { refreshQueries } from '../lib/refresh';
import { buildTheme, cssVariablesResolver } from '../theme';

/** A refused call (403) may mean the user's permissions changed: read the session again. */
function refreshSessionOnForbidden(error: unknown): void {
  if (error instanceof ApiError && error.status === 403) void refreshQueries(queryClient, ['session']);
}

/** Refusals may refresh the session; server failures (5xx) are reported (decision 0023). */
function onCallError(error: unknown): void {
  refreshSessionOnForbidden(error);
  captureServerFailure(error);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onCallError }),
  mutationCache: new MutationCache({ onError: onCallError }),
  defaultOptions: {
    queries: {
      // Client errors will not fix themselves by retrying; network and server errors might.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
      staleTime: 60_000,
    },
  },
});
keepPublicQueries(queryClient);
followConnection();
/** Public query data is saved on the device for offline visits (decision 0024). */
const persistOptions = publicQueryPersistence();

/** Query cache, the chosen monitor's theme (Mantine theme + body class) and the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const stored = useStoredOrganization();
  const themeName = stored?.theme ?? 'default';
  // react-i18next gives a new t when the language changes: the controls' names follow it.
  const { t } = useTranslation();
  const theme = useMemo(() => buildTheme(themeName, t), [themeName, t]);

  useEffect(() => {
    document.body.className = `theme-body ${themeName}`;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEMES[themeName].color);
  }, [themeName]);

  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <Notifications position="top-right" limit={4} zIndex={1000} />
        {children}
      </MantineProvider>
    </PersistQueryClientProvider>
  );
}
