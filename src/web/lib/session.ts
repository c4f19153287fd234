import { useSyncExternalStore } from 'react';
import { permissionForPath } from '../../shared/auth/permissions';
import type { Permission } from '../../shared/constants/enums';
import { ACCOUNT_MESSAGES, type Session, SessionSchema } from '../../shared/schemas/accounts';
import { configureAuth } from './api-client';

/**
 * The signed-in administrator's session, kept in the browser (spec: token, expiry in epoch
 * seconds, permissions, full name and picture). The server decides every permission again; the
 * browser uses these only to hide what the user cannot open.
 */
const KEY = 'vigia.session';
/**
 * Why the last session ended, kept for the tab (sessionStorage): a page that noticed it may be
 * followed by a new page load (an address typed, a reload) before the sign-in page shows, and that
 * page must still say why instead of a bare 'inicia sesión'.
 */
const REASON_KEY = 'vigia.session-ended';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = read();
/** Why the last session ended, for the sign-in page to say (expired, signed out elsewhere...). */
let endedBecause: string | null = readReason();
/** Set when the user chose 'Cerrar sesión', until the next sign-in (see beginSignOut). */
let signingOut = false;

function read(): Session | null {
  try {
    const parsed = SessionSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readReason(): string | null {
  try {
    return sessionStorage.getItem(REASON_KEY);
  } catch {
    return null;
  }
}

function keepReason(reason: string | null): void {
  endedBecause = reason;
  try {
    if (reason) sessionStorage.setItem(REASON_KEY, reason);
    else sessionStorage.removeItem(REASON_KEY);
  } catch {
    // Storage blocked: this page view still knows.
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The stored session when it has not expired (compared in epoch seconds, as the spec says). */
export function getSession(now = Date.now()): Session | null {
  if (current && current.expiresAt <= Math.floor(now / 1000)) return null;
  return current;
}

export function setSession(session: Session): void {
  current = session;
  keepReason(null);
  signingOut = false;
  try {
    localStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // Storage blocked: the session still holds for this page view.
  }
  emit();
}

/** Updates what the session shows (permissions, name, picture) without touching the token. */
export function refreshSession(view: Pick<Session, 'permissions' | 'user'>): void {
  if (!current) return;
  const changed =
    JSON.stringify({ p: current.permissions, u: current.user }) !==
    JSON.stringify({ p: view.permissions, u: view.user });
  if (changed) setSession({ ...current, ...view });
}

export function clearSession(reason: string | null = null): void {
  current = null;
  keepReason(reason);
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
  emit();
}

/**
 * Why the last session ended, until the next sign-in in this tab (a sign-in page mounted twice, for
 * example while its chunk loads under load, or after a new page load, must still say it).
 */
export function endReason(): string | null {
  return endedBecause;
}

/**
 * The user signs out: calls refused meanwhile (the server has ended the session) no longer send
 * anyone to sign in again, and the guard of the page being left goes to / instead (spec: logout
 * goes to / with one message).
 */
export function beginSignOut(): void {
  signingOut = true;
}

/** Whether the session ended because the user signed out (until the next sign-in). */
export function signedOut(): boolean {
  return signingOut;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    subscribe,
    () => getSession(),
    () => null,
  );
}

export function hasPermission(session: Session | null, permission: Permission): boolean {
  return Boolean(session?.permissions.includes(permission));
}

/** Whether the session may open an administration path (the same table the guard and the server follow). */
export function canOpen(session: Session | null, path: string): boolean {
  const needed = permissionForPath(path);
  return Boolean(session) && (!needed || hasPermission(session, needed));
}

configureAuth({
  token: () => getSession()?.token ?? null,
  // The first refused call says why; calls cancelled by the redirect that follows must not overwrite it.
  onUnauthorized: (error) => {
    if (!current || signingOut) return;
    clearSession(error.code === 'UNAUTHENTICATED' ? error.message : ACCOUNT_MESSAGES.sessionExpired);
  },
});

// Signing in or out in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY) {
      current = read();
      emit();
    }
  });
}
