import { WEB_ROUTES } from '../../shared/routes';
import { PageLoader } from '../components/page-loader';
import { UnexpectedErrorPage } from '../routes/errors/unexpected-error';
import { PublicLayout, SelectionLayout } from './layouts/public-layout';
import { createRouterWithOfflineScreens } from './offline-screens';
import { RequireOrganization } from './organization-guard';
import { RootLayout } from './root-layout';

/**
 * Every screen of the app. Screens load lazily so a visitor downloads only what the page needs;
 * a route whose screen is not built yet is simply absent (it shows PÁGINA NO ENCONTRADA).
 */
/** The administration's screens, all in one chunk (see app/admin/screens.ts). */
const admin = () => import('./admin/screens');

// Offline, a screen never opened on this device shows 'Sin conexión' (app/offline-screens.ts).
export const router = createRouterWithOfflineScreens([
  {
    element: <RootLayout />,
    errorElement: <UnexpectedErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <SelectionLayout />,
        children: [
          {
            path: WEB_ROUTES.selectOrganization,
            lazy: () =>
              import('../routes/public/select-organization').then((m) => ({
                Component: m.SelectOrganizationPage,
              })),
          },
        ],
      },
      {
        lazy: () => admin().then((m) => ({ Component: m.AuthLayout })),
        children: [
          {
            path: WEB_ROUTES.login,
            lazy: () => admin().then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: WEB_ROUTES.forgotPassword,
            lazy: () => admin().then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: WEB_ROUTES.newPassword,
            lazy: () => admin().then((m) => ({ Component: m.NewPasswordPage })),
          },
        ],
      },
      {
        // The administration: its code loads only when someone opens it.
        path: WEB_ROUTES.admin,
        lazy: () => admin().then((m) => ({ Component: m.RequireSession })),
        children: [
          {
            path: WEB_ROUTES.adminSelectOrganization,
            lazy: () => admin().then((m) => ({ Component: m.AdminHeaderOnly })),
            children: [
              {
                index: true,
                lazy: () => admin().then((m) => ({ Component: m.AdminSelectOrganizationPage })),
              },
            ],
          },
          {
            lazy: () => admin().then((m) => ({ Component: m.AdminShell })),
            children: [
              {
                index: true,
                lazy: () => admin().then((m) => ({ Component: m.DashboardPage })),
              },
              {
                path: WEB_ROUTES.adminUsers,
                lazy: () => admin().then((m) => ({ Component: m.UsersPage })),
              },
              {
                path: WEB_ROUTES.adminSuppliers,
                lazy: () => admin().then((m) => ({ Component: m.SuppliersCataloguePage })),
              },
              {
                path: WEB_ROUTES.adminUnits,
                lazy: () => admin().then((m) => ({ Component: m.UnitsCataloguePage })),
              },
              {
                path: WEB_ROUTES.adminOrganizations,
                lazy: () => admin().then((m) => ({ Component: m.OrganizationsCataloguePage })),
              },
              {
                path: WEB_ROUTES.adminContracts,
                lazy: () => admin().then((m) => ({ Component: m.ContractsCataloguePage })),
              },
              {
                path: WEB_ROUTES.adminDataLoad,
                lazy: () => admin().then((m) => ({ Component: m.DataLoadPage })),
              },
              {
                path: WEB_ROUTES.adminDataLoadCurrent,
                lazy: () => admin().then((m) => ({ Component: m.DataLoadReviewPage })),
              },
              {
                path: WEB_ROUTES.adminResources,
                lazy: () => admin().then((m) => ({ Component: m.ResourcesCataloguePage })),
              },
              {
                path: WEB_ROUTES.adminCalculations,
                lazy: () => admin().then((m) => ({ Component: m.CalculationsCataloguePage })),
              },
              {
                path: WEB_ROUTES.adminRedFlags,
                lazy: () => admin().then((m) => ({ Component: m.RedFlagsPage })),
              },
              {
                path: WEB_ROUTES.adminAlerts,
                lazy: () => admin().then((m) => ({ Component: m.AlertsPage })),
              },
              {
                path: WEB_ROUTES.adminSettings,
                lazy: () => admin().then((m) => ({ Component: m.SettingsPage })),
              },
              {
                path: WEB_ROUTES.adminProfile,
                lazy: () => admin().then((m) => ({ Component: m.ProfilePage })),
              },
              {
                path: '*',
                lazy: () => import('../routes/errors/not-found').then((m) => ({ Component: m.NotFoundPage })),
              },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            // A screen that fails shows PARECE QUE ALGO SALIO MAL between the header and the footer
            // (the root's page stays for a layout that fails itself).
            errorElement: <UnexpectedErrorPage />,
            children: [
              {
                element: <RequireOrganization />,
                children: [
                  {
                    path: WEB_ROUTES.home,
                    lazy: () => import('../routes/public/home').then((m) => ({ Component: m.HomePage })),
                  },
                  {
                    path: WEB_ROUTES.contracts,
                    lazy: () =>
                      import('../routes/public/contracts').then((m) => ({ Component: m.ContractsPage })),
                  },
                  {
                    path: WEB_ROUTES.contract,
                    lazy: () =>
                      import('../routes/public/contract-detail').then((m) => ({
                        Component: m.ContractDetailPage,
                      })),
                  },
                  {
                    path: WEB_ROUTES.suppliers,
                    lazy: () =>
                      import('../routes/public/suppliers').then((m) => ({ Component: m.SuppliersPage })),
                  },
                  {
                    path: WEB_ROUTES.corruptionIndex,
                    lazy: () =>
                      import('../routes/public/corruption-index').then((m) => ({
                        Component: m.CorruptionIndexPage,
                      })),
                  },
                  {
                    path: WEB_ROUTES.comparisons,
                    lazy: () =>
                      import('../routes/public/comparisons').then((m) => ({ Component: m.ComparisonsPage })),
                  },
                  {
                    path: WEB_ROUTES.comparison,
                    lazy: () =>
                      import('../routes/public/comparison').then((m) => ({ Component: m.ComparisonPage })),
                  },
                  {
                    path: WEB_ROUTES.resources,
                    lazy: () =>
                      import('../routes/public/resources').then((m) => ({ Component: m.ResourcesPage })),
                  },
                  {
                    path: WEB_ROUTES.contact,
                    lazy: () =>
                      import('../routes/public/contact').then((m) => ({ Component: m.ContactPage })),
                  },
                  {
                    // The flags' rules with this monitor's parameters and counts.
                    path: WEB_ROUTES.redFlags,
                    lazy: () =>
                      import('../routes/public/red-flags').then((m) => ({ Component: m.RedFlagsPage })),
                  },
                  {
                    path: WEB_ROUTES.supplier,
                    lazy: () =>
                      import('../routes/public/supplier-detail').then((m) => ({
                        Component: m.SupplierDetailPage,
                      })),
                  },
                ],
              },
              {
                path: WEB_ROUTES.about,
                lazy: () => import('../routes/public/about').then((m) => ({ Component: m.AboutPage })),
              },
              {
                path: WEB_ROUTES.privacy,
                lazy: () => import('../routes/public/privacy').then((m) => ({ Component: m.PrivacyPage })),
              },
              {
                path: WEB_ROUTES.accessibility,
                lazy: () =>
                  import('../routes/public/accessibility').then((m) => ({ Component: m.AccessibilityPage })),
              },
              {
                // Without a chosen monitor it offers the whole installation's files; with one, that
                // monitor's too.
                path: WEB_ROUTES.openData,
                lazy: () => import('../routes/public/open-data').then((m) => ({ Component: m.OpenDataPage })),
              },
              {
                // The links of the alerts' e-mails (issue 33): a token, no chosen monitor.
                path: WEB_ROUTES.alertConfirm,
                lazy: () =>
                  import('../routes/public/alert-confirm').then((m) => ({ Component: m.AlertConfirmPage })),
              },
              {
                path: WEB_ROUTES.alertUnsubscribe,
                lazy: () =>
                  import('../routes/public/alert-unsubscribe').then((m) => ({
                    Component: m.AlertUnsubscribePage,
                  })),
              },
              {
                path: WEB_ROUTES.alerts,
                lazy: () =>
                  import('../routes/public/alert-manage').then((m) => ({ Component: m.AlertManagePage })),
              },
              {
                path: WEB_ROUTES.accessDenied,
                lazy: () =>
                  import('../routes/errors/access-denied').then((m) => ({ Component: m.AccessDeniedPage })),
              },
              {
                path: '*',
                lazy: () => import('../routes/errors/not-found').then((m) => ({ Component: m.NotFoundPage })),
              },
            ],
          },
        ],
      },
    ],
  },
]);
