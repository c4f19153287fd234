/**
 * Only paths of this site are followed after selecting a monitor (never `//host` or a full
 * address), so a crafted link cannot send visitors elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export function selectionPath(redirectTo: string, autoSelectOrganization?: string): string {
  const params = new URLSearchParams({ redirectTo });
  if (autoSelectOrganization) params.set('autoSelectOrganization', autoSelectOrganization);
  return `/select-organization?${params.toString()}`;
}
