import { DOWNLOAD_MESSAGES, DOWNLOAD_SIGNAL_COOKIE } from '../../shared/constants/downloads';
import { hideNotice, showLastingNotice, toast } from './notifications';
import { saveFile } from './save-file';

/**
 * Starts a download from a plain link, so the browser streams the file to disk (a list of
 * hundreds of thousands of rows never sits in the page's memory).
 */
export function startDownload(url: string): void {
  // No name: the server names the file (vigia-contratos-2026-11-22.xlsx, the Mexico City day).
  saveFile(url);
}

/**
 * A public GET's address with the filters as JSON in `?filters=` (no filter: none): the same
 * filters give the same address, so the browser and any proxy can keep the answer (decision 0054).
 */
export function withFilters(path: string, filters: object, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The address of a server-rendered download: the monitor and the filters travel in the query. */
export function downloadAddress(path: string, organizationId: string, filters: object): string {
  return withFilters(path, filters, { organization: organizationId });
}

/** A fresh token for ?signal=: the answer sets a cookie named after it (shared/constants/downloads). */
export function downloadToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** The download address with ?signal=`token`, so its answer sets the cookie watchDownload reads. */
export function withSignal(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}signal=${token}`;
}

/** Longest a download is watched; past it the notice goes (the server gives up long before). */
const WATCH_MS = 10 * 60_000;
const POLL_MS = 400;

/**
 * Calls `done(status)` once the answer of the download started with `token` has arrived: 200 when
 * the file is coming, the error status otherwise, null when nothing came in time. Returns a stop.
 */
export function watchDownload(token: string, done: (status: number | null) => void): () => void {
  const name = `${DOWNLOAD_SIGNAL_COOKIE}${token}`;
  const started = Date.now();
  const timer = window.setInterval(() => {
    const match = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${name}=`));
    if (!match && Date.now() - started < WATCH_MS) return;
    window.clearInterval(timer);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
    if (match) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
    done(match ? Number(match.slice(name.length + 1)) || null : null);
  }, POLL_MS);
  return () => window.clearInterval(timer);
}

function failureMessage(status: number): string {
  if (status === 503) return DOWNLOAD_MESSAGES.busy;
  if (status === 429) return DOWNLOAD_MESSAGES.perAddress;
  return DOWNLOAD_MESSAGES.failed;
}

/**
 * Keeps the screen honest while a download started with ?signal=`token` is prepared: after
 * `noticeAfterMs` (when the spec's wait dialog closes) a lasting notice says the document is still
 * being prepared, until the file starts; a refusal or failure shows its Spanish message instead.
 * `onFailure` lets the caller close its dialog early. Independent of any screen: it keeps
 * watching when the visitor moves to another page.
 */
export function followDownload(token: string, noticeAfterMs: number, onFailure?: () => void): void {
  const id = `download-${token}`;
  let noticeTimer: number | undefined = window.setTimeout(() => {
    noticeTimer = undefined;
    showLastingNotice(id, DOWNLOAD_MESSAGES.preparing);
  }, noticeAfterMs);
  watchDownload(token, (status) => {
    if (noticeTimer !== undefined) window.clearTimeout(noticeTimer);
    hideNotice(id);
    if (status === null || (status >= 200 && status < 400)) return;
    onFailure?.();
    toast('danger', failureMessage(status));
  });
}
