import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n';
import { setCurrentOrganization } from '../lib/current-organization';
import { buildTheme, cssVariablesResolver } from '../theme';

export const TEST_MONITOR = '01900000-0000-7000-8000-000000000001';

/**
 * Renders a screen as the app does (query cache, Mantine theme with its toasts, Spanish texts,
 * a router) for the component tier: transitions and portals off, no retries, a monitor chosen.
 */
export function renderScreen(
  ui: ReactElement,
  {
    route = '/',
    monitor = TEST_MONITOR,
    advanceTimers,
  }: { route?: string; monitor?: string | null; advanceTimers?: (ms: number) => void } = {},
) {
  setCurrentOrganization(monitor ? { id: monitor, theme: 'default', round: false } : null);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  });
  // With fake timers (a debounced search), typing moves them on as it waits.
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const wrap = (screen: ReactElement) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={buildTheme('default')} cssVariablesResolver={cssVariablesResolver} env="test">
          <Notifications />
          <MemoryRouter initialEntries={[route]}>{screen}</MemoryRouter>
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  const result = render(wrap(ui));
  return { ...result, user, queryClient, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}

/** The toast (Mantine notification, role alert) that says this text. */
export async function findToast(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.getAllByRole('alert').find((toast) => toast.textContent?.includes(text));
    if (!found) throw new Error(`No toast says: ${text}`);
    return found;
  });
}
