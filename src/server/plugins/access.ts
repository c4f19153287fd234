import type { Permission } from '../../shared/constants/enums';

/**
 * Who may call each /api route: the one table in code. `SIGNED_IN` needs only a live session;
 * a permission also needs that permission (GENERAL administrators hold them all); `GENERAL` needs a
 * GENERAL administrator (installation-wide texts: a CUSTOM user is refused whatever permissions they hold).
 * `organization: 'required'` needs X-CURRENT-ORGANIZATION-ID naming an existing, non-deleted
 * monitor; 'ignored' routes (the session, users and profile: installation-wide, decision 0003)
 * never read it, so a monitor deleted meanwhile cannot keep anyone from signing out. A route
 * missing here cannot be registered (plugins/auth.ts refuses it at start), so nothing under /api
 * is open by accident. HEAD requests of a GET route follow the GET entry.
 */
export interface RouteAccess {
  permission: Permission | 'SIGNED_IN' | 'GENERAL';
  organization: 'required' | 'ignored';
}

/** The four routes of a catalogue (list, save, delete, save-updated-docs) with one rule. */
function catalogue(
  path: string,
  permission: Permission,
  organization: RouteAccess['organization'],
): Record<string, RouteAccess> {
  const access = { permission, organization };
  return {
    [`GET /api/${path}/list`]: access,
    [`POST /api/${path}/save`]: access,
    [`POST /api/${path}/delete`]: access,
    [`POST /api/${path}/save-updated-docs`]: access,
  };
}

const signedIn = { permission: 'SIGNED_IN', organization: 'ignored' } as const;
const inMonitor = { permission: 'SIGNED_IN', organization: 'required' } as const;
const users = { permission: 'USERS', organization: 'ignored' } as const;
const settings = { permission: 'SETTINGS', organization: 'required' } as const;

export const API_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // The session itself.
  'GET /api/session': signedIn,
  'POST /api/session/logout': signedIn,
  // Users are installation-wide (decision 0003): no monitor needed.
  'GET /api/users/list': users,
  'POST /api/users/save': users,
  'POST /api/users/delete': users,
  'POST /api/users/save-updated-docs': users,
  // Everyone's own profile, CUSTOM users included.
  'GET /api/users/getProfileInfo': signedIn,
  'POST /api/users/updateProfileInfo': signedIn,
  'POST /api/users/uploadProfilePicture': signedIn,
  // Dashboard and notifications of the current monitor.
  'GET /api/admin/info-dashboard': inMonitor,
  'POST /api/admin/visits-month': inMonitor,
  'GET /api/admin/visits-route': inMonitor,
  'GET /api/admin/notifications': inMonitor,
  'GET /api/admin/read-notifications': inMonitor,
  'GET /api/admin/notifications/stream': inMonitor,
  // Catalogues kept by hand (modules/catalogues): each needs its permission.
  ...catalogue('suppliers', 'SUPPLIERS', 'required'),
  ...catalogue('administrative-units', 'ADMINISTRATIVE_UNITS', 'required'),
  ...catalogue('resources', 'RESOURCES', 'required'),
  'POST /api/resources/upload-image': { permission: 'RESOURCES', organization: 'required' },
  ...catalogue('contracts', 'CONTRACTS', 'required'),
  // The contract form's supplier and unit pickers.
  'GET /api/contracts/retrieve/suppliers': { permission: 'CONTRACTS', organization: 'required' },
  'GET /api/contracts/retrieve/administrative-units': { permission: 'CONTRACTS', organization: 'required' },
  // The contract form's lists (bidders, invited, amendments…).
  'GET /api/contracts/relations/:id': { permission: 'CONTRACTS', organization: 'required' },
  // Red flags (issue 32): a monitor's parameters are part of its method (CALCULATIONS); the
  // supplier lists are the installation's (GENERAL).
  'GET /api/red-flags/settings': { permission: 'CALCULATIONS', organization: 'required' },
  'POST /api/red-flags/settings': { permission: 'CALCULATIONS', organization: 'required' },
  'GET /api/red-flags/lists': { permission: 'GENERAL', organization: 'ignored' },
  'POST /api/red-flags/lists/:kind': { permission: 'GENERAL', organization: 'ignored' },
  // The calculations (the corruption-risk index) of the current monitor and their form's calls.
  ...catalogue('calculations', 'CALCULATIONS', 'required'),
  ...Object.fromEntries(
    [
      'GET /api/calculations/variables',
      'GET /api/calculations/retrieve/calculations',
      'GET /api/calculations/retrieve/suppliers',
      'GET /api/calculations/retrieve/administrative-units',
      'POST /api/calculations/formula/validate',
      'GET /api/calculations/formula/evaluate',
    ].map((route) => [route, { permission: 'CALCULATIONS', organization: 'required' } as const]),
  ),
  // The spreadsheet load of the current monitor's contracts.
  ...Object.fromEntries(
    [
      'POST /api/data-load/upload',
      'GET /api/data-load/current',
      'GET /api/data-load/current-info',
      'POST /api/data-load/cancel-current',
      'POST /api/data-load/confirm-current',
      'GET /api/data-load/download-validations',
      'GET /api/data-load/download-plantilla',
    ].map((route) => [route, { permission: 'CONTRACTS', organization: 'required' } as const]),
  ),
  // The copies of the current monitor's contract documents (decision 0037).
  ...Object.fromEntries(
    [
      'GET /api/backups/summary',
      'GET /api/backups/documents',
      'POST /api/backups/retry',
      'GET /api/backups/contract/:id',
    ].map((route) => [route, { permission: 'CONTRACTS', organization: 'required' } as const]),
  ),
  // Alerts (decision 0053): counts of the current monitor's follows for any administrator (users
  // are installation-wide, decision 0003); suspending an address is the installation's (GENERAL).
  'GET /api/alerts/summary': inMonitor,
  'POST /api/alerts/suspend': { permission: 'GENERAL', organization: 'ignored' },
  // Organizations belong to the installation, like users.
  ...catalogue('organizations', 'ORGANIZATIONS', 'ignored'),
  // The public-site settings of the current monitor.
  'GET /api/settings/load-settings': settings,
  'POST /api/settings/change-settings': settings,
  'POST /api/settings/change-cover': settings,
  'POST /api/settings/change-theme': settings,
  // The association's texts belong to the whole installation (decision 0022).
  'GET /api/settings/load-about': { permission: 'GENERAL', organization: 'ignored' },
  'POST /api/settings/change-about': { permission: 'GENERAL', organization: 'ignored' },
};

/** `GET /api/session` for both `/api/session` and `/api/session/`. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.length > 1 ? url.replace(/\/+$/, '') : url}`;
}
