/**
 * Starts a download from a plain link, so the browser streams the file to disk (a list of
 * hundreds of thousands of rows never sits in the page's memory).
 */
export function startDownload(url: string, filename: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
