/**
 * Removes personal data from what an error report carries (decision 0023). The browser scrubs
 * before sending and the server scrubs again before storing, so a report never keeps a visitor's
 * e-mail, a query string or a token even when an old or hand-made client sends one.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** Query strings and fragments of addresses and paths inside a text (stack frames keep :line:col). */
const QUERY = /([\w\])/.-]|^)[?#][^\s)"'`<>]+/g;
/** JWTs and "Bearer …" credentials. */
const JWT = /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** Long runs of token characters: reset links, API keys, hashes. UUIDs (our public ids) stay. */
const LONG_RUN = /[A-Za-z0-9_-]{24,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Control characters other than tab and line feed (PostgreSQL refuses NUL in text). */
const CONTROL = /(?![\t\n])\p{Cc}/gu;

export const MASKS = { email: '[correo]', token: '[token]' } as const;

function maskRun(run: string): string {
  // A UUID run has dashes at fixed places; anything else this long that mixes letters and digits is a secret.
  if (UUID.test(run)) return run;
  const letters = /[A-Za-z]/.test(run);
  const digits = /[0-9]/.test(run);
  return letters && digits ? MASKS.token : run;
}

/** A text (message, stack, description) without e-mails, query strings, tokens or control characters. */
export function scrubText(text: string): string {
  return text
    .replace(CONTROL, '')
    .replace(EMAIL, MASKS.email)
    .replace(JWT, MASKS.token)
    .replace(BEARER, `$1 ${MASKS.token}`)
    .replace(QUERY, '$1')
    .replace(LONG_RUN, maskRun);
}

/** The screen's path only: no origin, query string or fragment; token-like segments masked. */
export function scrubPath(path: string): string {
  const withoutOrigin = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const bare = withoutOrigin.split(/[?#]/)[0] || '/';
  return scrubText(bare.startsWith('/') ? bare : `/${bare}`);
}
