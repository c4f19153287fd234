import { safeRedirect } from '../redirects';

/** After signing in: the requested administration page, never another site or a public page. */
export function adminRedirect(target: string | null | undefined): string {
  const path = safeRedirect(target, '/admin');
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') ? path : '/admin';
}

export function loginPath(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo })}`;
}

export function adminSelectionPath(redirectTo: string): string {
  return `/admin/select-organization?${new URLSearchParams({ redirectTo })}`;
}
