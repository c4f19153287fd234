import type { ErrorCode, ErrorEnvelope, FieldError } from '../../shared/errors';
import { msg } from '../i18n/msg';
import { getCurrentOrganizationId } from './current-organization';
import { setMaintenance } from './maintenance';
import { saveFile } from './save-file';

/** A failed API call, with the server's Spanish message and the request id to quote in a report. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    readonly requestId?: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = msg(
  'No fue posible conectar con el servidor. Revisa tu conexión e intenta nuevamente.',
);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A multipart body (file uploads) instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
  /** Keep the request alive after the page is left (visit beacons). */
  keepalive?: boolean;
}

interface AuthHooks {
  /** The session token of a signed-in administrator, or null. */
  token(): string | null;
  /** Called when an /api call says the session is no longer valid. */
  onUnauthorized(error: ApiError): void;
}
let auth: AuthHooks | null = null;

/** The administration's session module plugs its token and its "session ended" handling in here. */
export function configureAuth(hooks: AuthHooks): void {
  auth = hooks;
}

/** An answer to the app's calls in place of the server's: the screens' tests give theirs (src/web/test/api.ts). */
export type CallAnswerer = (path: string, options: RequestOptions) => Promise<unknown>;
let answerer: CallAnswerer | null = null;

/**
 * Has `answer` answer every apiRequest instead of the server (null: the server again). Only the
 * screens' tests call it: their screens then never reach a network, whatever module imported the
 * client first (the tests share their modules, vitest.config.ts).
 */
export function answerCallsWith(answer: CallAnswerer | null): void {
  answerer = answer;
}

/**
 * The one way the web app calls the server: adds the current organization header (and the
 * session token on /api calls), sends JSON, and turns failures into ApiError with the server's
 * message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (answerer) return (await answerer(path, options)) as T;
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as unknown;
  return payload as T;
}

/**
 * Downloads a file the administration serves behind the session (the validations of a data
 * load, say): fetched with the token, then saved under the name the server gives.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await send(path, {}, '*/*');
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  saveFile(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Sends a call with the monitor's header and the session's token; a refused one throws ApiError. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const organizationId = getCurrentOrganizationId();
  if (organizationId) headers['x-current-organization-id'] = organizationId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const isAdminCall = path.startsWith('/api/');
  const token = isAdminCall ? auth?.token() : null;
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      keepalive: options.keepalive,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
  }

  if (response.ok) {
    setMaintenance(false);
    return response;
  }
  const envelope = (await response.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
  if (envelope?.code === 'MAINTENANCE') setMaintenance(true);
  const error = new ApiError(
    envelope?.message ?? msg('Ocurrió un error inesperado. Por favor intenta nuevamente.'),
    response.status,
    envelope?.code ?? 'INTERNAL',
    envelope?.requestId,
    envelope?.errors,
  );
  if (isAdminCall && response.status === 401) auth?.onUnauthorized(error);
  throw error;
}
