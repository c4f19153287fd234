/**
 * The address to share: the current one, filters included. On a monitor's pages it also names the
 * monitor (?changeOrganization=<id>), so whoever opens it sees the same monitor, not the one they
 * chose last time.
 */
export function shareableUrl(href: string, organizationId?: string): string {
  if (!organizationId) return href;
  const url = new URL(href);
  url.searchParams.set('changeOrganization', organizationId);
  return url.toString();
}
