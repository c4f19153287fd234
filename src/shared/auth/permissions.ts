import { type AdministratorType, PERMISSIONS, type Permission } from '../constants/enums';

/**
 * What a user may do: GENERAL administrators everything, CUSTOM ones their list (spec: admin
 * area, section 6). The server decides with this; the web app uses it only to hide links.
 */
export function effectivePermissions(
  type: AdministratorType,
  permissions: readonly Permission[],
): Permission[] {
  return type === 'GENERAL' ? [...PERMISSIONS] : PERMISSIONS.filter((p) => permissions.includes(p));
}

/** The permission each administration section needs; sections not listed need only a session. */
export const SECTION_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '/admin/users': 'USERS',
  '/admin/suppliers': 'SUPPLIERS',
  '/admin/organizations': 'ORGANIZATIONS',
  '/admin/administrative-units': 'ADMINISTRATIVE_UNITS',
  '/admin/contracts': 'CONTRACTS',
  '/admin/data-load': 'CONTRACTS',
  '/admin/resources': 'RESOURCES',
  '/admin/calculations': 'CALCULATIONS',
  '/admin/red-flags': 'CALCULATIONS',
  '/admin/settings': 'SETTINGS',
};

/** The permission an administration path needs (its section's), or null for the dashboard, profile and selection. */
export function permissionForPath(path: string): Permission | null {
  const section = Object.keys(SECTION_PERMISSIONS).find(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return section ? SECTION_PERMISSIONS[section]! : null;
}

export const PERMISSION_LABELS: Record<Permission, string> = {
  USERS: 'Usuarios',
  SUPPLIERS: 'Proveedores',
  ORGANIZATIONS: 'Organizaciones',
  ADMINISTRATIVE_UNITS: 'Unidades administrativas',
  CONTRACTS: 'Contratos y carga de datos',
  RESOURCES: 'Recursos',
  CALCULATIONS: 'Cálculos',
  SETTINGS: 'Configuración',
};
