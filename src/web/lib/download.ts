/**
 * Starts a download from a plain link, so the browser streams the file to disk (a list of
 * hundreds of thousands of rows never sits in the page's memory).
 */
export function startDownload(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  // Empty: the server names the file (vigia-contratos-2026-11-22.xlsx, the Mexico City day).
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** The address of a server-rendered download: the monitor and the filters travel in the query. */
export function downloadAddress(path: string, organizationId: string, filters: object): string {
  const query = new URLSearchParams({ organization: organizationId, filters: JSON.stringify(filters) });
  return `${path}?${query}`;
}
