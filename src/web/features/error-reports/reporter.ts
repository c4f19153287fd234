import { useSyncExternalStore } from 'react';
import { ERROR_REPORT_LIMITS, type ErrorReportSource } from '../../../shared/constants/error-reports';
import type { ErrorReportInput } from '../../../shared/schemas/error-reports';
import { scrubPath, scrubText } from '../../../shared/scrub';
import { ApiError } from '../../lib/api-client';
import { sendErrorReport } from './api/error-reports';

/**
 * The portal tells the team by itself when a screen fails (decision 0023): an uncaught error, a
 * failed render or a server failure (5xx) is reported once per fingerprint and page load, and
 * the modal 'Parece ser que ocurrió algo inesperado' opens so the visitor can say what happened.
 * Client errors (4xx), a lost connection and maintenance are the screens' own business.
 */

export interface OpenReport {
  /** Resolves to the server's report id, or null when the report could not be sent. */
  reportId: Promise<string | null>;
  report: ErrorReportInput;
  requestId: string | null;
}

let current: OpenReport | null = null;
const listeners = new Set<() => void>();
/** Fingerprint → the report already sent for it in this page load. */
const sent = new Map<string, OpenReport>();

function publish(next: OpenReport | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The report the modal shows, or null when it is closed. */
export function useOpenErrorReport(): OpenReport | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

export function closeErrorReport(): void {
  publish(null);
}

/**
 * Opens the modal again for a report already sent ('Reportar un problema' on the error page);
 * false when the error was not one to report.
 */
export function reopenErrorReport(error: unknown, source: ErrorReportSource = 'render'): boolean {
  const report = buildReport(error, source);
  const open = report ? sent.get(fingerprint(report)) : undefined;
  if (open) publish(open);
  return Boolean(open);
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** A short, stable hash (FNV-1a): the same error thrown at the same place gives the same value. */
function fingerprint(report: ErrorReportInput): string {
  const frames = (report.stack ?? '').split('\n').slice(1, 4).join('\n');
  let hash = 0x811c9dc5;
  for (const char of `${report.source}\n${report.message}\n${frames}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16);
}

/** Errors the visitor should not be asked about: refusals, a lost connection, maintenance, noise. */
function isExpected(error: unknown): boolean {
  if (error instanceof ApiError) return error.status < 500 || error.code === 'MAINTENANCE';
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const message = error instanceof Error ? error.message : String(error);
  // Cross-origin scripts (extensions) give no details; ResizeObserver warnings are harmless.
  return /^Script error\.?$/.test(message) || /ResizeObserver loop/.test(message);
}

function buildReport(error: unknown, source: ErrorReportSource): ErrorReportInput | null {
  if (isExpected(error)) return null;
  const base = error instanceof Error ? error : new Error(String(error ?? 'Error desconocido'));
  const name = base.name && base.name !== 'Error' ? `${base.name}: ` : '';
  const message =
    error instanceof ApiError
      ? `HTTP ${error.status} ${error.code}: ${error.message}`
      : `${name}${base.message || 'Error desconocido'}`;
  const stack = base.stack
    ? clip(
        base.stack.split('\n').slice(0, ERROR_REPORT_LIMITS.stackLines).join('\n'),
        ERROR_REPORT_LIMITS.stack,
      )
    : null;
  return {
    source,
    message: clip(scrubText(message).trim() || 'Error desconocido', ERROR_REPORT_LIMITS.message),
    stack: stack && scrubText(stack).slice(0, ERROR_REPORT_LIMITS.stack),
    path: clip(scrubPath(window.location.pathname), ERROR_REPORT_LIMITS.path),
    requestId: error instanceof ApiError && error.requestId ? error.requestId : null,
  };
}

/**
 * Reports an unexpected error once per fingerprint and opens the modal (unless one is open).
 * Never throws: reporting must not become a second failure.
 */
export function captureUnexpectedError(error: unknown, source: ErrorReportSource): void {
  try {
    const report = buildReport(error, source);
    if (!report) return;
    const key = fingerprint(report);
    if (sent.has(key)) return;
    const open: OpenReport = {
      report,
      requestId: report.requestId ?? null,
      reportId: sendErrorReport(report).catch(() => null),
    };
    sent.set(key, open);
    if (!current) publish(open);
  } catch {
    // Nothing sensible is left to do.
  }
}

/** For the query and mutation caches: server failures (5xx) of any call. */
export function captureServerFailure(error: unknown): void {
  if (error instanceof ApiError && error.status >= 500) captureUnexpectedError(error, 'request');
}

let installed = false;

/** Listens for uncaught errors and unhandled promise rejections of the whole page. */
export function installErrorReporting(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    captureUnexpectedError(event.error ?? event.message, 'script');
  });
  window.addEventListener('unhandledrejection', (event) => {
    captureUnexpectedError(event.reason, 'promise');
  });
}
