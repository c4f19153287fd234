/**
 * Has the browser save `url` (an address, or an object URL of a file already fetched) through a
 * link, named `name`; empty lets the server's Content-Disposition name it.
 */
export function saveFile(url: string, name = ''): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
