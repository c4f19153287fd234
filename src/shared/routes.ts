/**
 * Paths of the web app's screens. The router builds its routes from these, and the server answers
 * 200 with the app for them and 404 (still with the app, which shows PÁGINA NO ENCONTRADA) otherwise.
 */
export const WEB_ROUTES = {
  home: '/',
  selectOrganization: '/select-organization',
  accessDenied: '/access-denied',
} as const;

/** Public sections that need a chosen organization (spec: public area, guard). */
export const ORGANIZATION_GUARDED_PREFIXES = [
  '/suppliers',
  '/contracts',
  '/comparations',
  '/detailComparations',
  '/calculations/corruption-index',
  '/resources',
] as const;

const patterns: RegExp[] = Object.values(WEB_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`),
);

/** Whether a path names a screen of the web app. */
export function isWebRoute(pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}

/** Whether a visitor needs a chosen organization to see the path. */
export function requiresOrganization(pathname: string): boolean {
  if (pathname === '/' || pathname === '') return true;
  return ORGANIZATION_GUARDED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
