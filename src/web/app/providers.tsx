import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { THEMES } from '../../shared/constants/themes';
import { useStoredOrganization } from '../features/organizations/api/organizations';
import { ApiError } from '../lib/api-client';
import { buildTheme } from '../theme';

export const queryClient = new QueryClient({
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

/** Query cache, the chosen monitor's theme (Mantine theme + body class) and the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  const stored = useStoredOrganization();
  const themeName = stored?.theme ?? 'default';
  const theme = useMemo(() => buildTheme(themeName), [themeName]);

  useEffect(() => {
    document.body.className = `theme-body ${themeName}`;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEMES[themeName].color);
  }, [themeName]);

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" limit={4} zIndex={1000} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
