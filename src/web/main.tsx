import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { ErrorReportModalSlot } from './features/error-reports/components/error-report-modal-slot';
import { installErrorReporting } from './features/error-reports/reporter';
import { registerServiceWorker } from './lib/service-worker';

installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
      <ErrorReportModalSlot />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
