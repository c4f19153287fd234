/**
 * A document address from a spreadsheet as a link a browser can follow safely: http(s) addresses
 * as they are, a bare host name ('www.x.gob.mx/…') with https:// in front, anything else (free
 * text, javascript:, data:, a relative path) null, so it is never turned into a link.
 */
export function webLink(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidate = /^https?:\/\//i.test(text)
    ? text
    : /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i.test(text)
      ? `https://${text}`
      : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
