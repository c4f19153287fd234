/**
 * Paths of the web app's screens. The router builds its routes from these, and the server answers
 * 200 with the app for them and 404 (still with the app, which shows PÁGINA NO ENCONTRADA) otherwise.
 */
export const WEB_ROUTES = {
  home: '/',
  selectOrganization: '/select-organization',
  accessDenied: '/access-denied',
  contracts: '/contracts',
  contract: '/contracts/:id',
  suppliers: '/suppliers',
  corruptionIndex: '/calculations/corruption-index',
  comparisons: '/comparations',
  comparison: '/comparations/:id',
  supplier: '/suppliers/:id',
  about: '/about',
  privacy: '/privacy',
  accessibility: '/accessibility',
  openData: '/open-data',
  redFlags: '/red-flags',
  resources: '/resources',
  contact: '/contact',
  // The links of the alerts' e-mails (decision 0053).
  alerts: '/alerts/:token',
  alertConfirm: '/alerts/confirm/:token',
  alertUnsubscribe: '/alerts/unsubscribe/:token',
  login: '/login',
  forgotPassword: '/forgot-password',
  newPassword: '/new-password/:token',
  admin: '/admin',
  adminSelectOrganization: '/admin/select-organization',
  adminProfile: '/admin/profile',
  adminUsers: '/admin/users',
  adminSuppliers: '/admin/suppliers',
  adminUnits: '/admin/administrative-units',
  adminOrganizations: '/admin/organizations',
  adminResources: '/admin/resources',
  adminCalculations: '/admin/calculations',
  adminRedFlags: '/admin/red-flags',
  adminAlerts: '/admin/alerts',
  adminContracts: '/admin/contracts',
  adminSettings: '/admin/settings',
  adminDataLoad: '/admin/data-load',
  adminDataLoadCurrent: '/admin/data-load/current',
} as const;

const patterns: RegExp[] = Object.values(WEB_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`),
);

/** Whether a path names a screen of the web app. */
export function isWebRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
