import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { permissionForPath } from '../../../shared/auth/permissions';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { fetchSessionView } from '../../features/admin/session/api';
import { useStoredOrganization } from '../../lib/current-organization';
import { ORGANIZATION_REQUIRED_TOAST, type ToastKind, toast } from '../../lib/notifications';
import { clearSession, endReason, refreshSession, signedOut, useSession } from '../../lib/session';
import { adminSelectionPath, loginPath } from './admin-paths';

function RedirectWithToast({
  to,
  kind,
  message,
  id,
}: {
  to: string;
  kind: ToastKind;
  message: string;
  id: string;
}) {
  useEffect(() => {
    toast(kind, message, { id });
  }, [kind, message, id]);
  return <Navigate to={to} replace />;
}

/**
 * Every /admin path: a live session (else /login?redirectTo=…), a chosen monitor (else
 * /admin/select-organization?redirectTo=…) and the section's permission (else ACCESO DENEGADO).
 * The server checks all of it again on every call.
 */
export function RequireSession() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const organization = useStoredOrganization();
  const here = `${pathname}${search}`;

  // Mounted with a session: if it ends by signing out, this page is left for /, not for sign-in.
  const hadSession = useRef(Boolean(session));
  // Permissions changed by another administrator apply without signing in again.
  const view = useQuery({
    queryKey: ['session', session?.token],
    queryFn: ({ signal }) => fetchSessionView(signal),
    enabled: Boolean(session),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

  // Another person signed in (in this tab or another): nothing loaded for the previous one stays.
  const queryClient = useQueryClient();
  const userId = session?.user._id ?? null;
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== userId) {
      queryClient.removeQueries({ queryKey: ['admin'] });
      previousUser.current = userId;
    }
  }, [userId, queryClient]);
  useEffect(() => {
    if (view.data) refreshSession(view.data.data);
  }, [view.data]);

  // The session ends at its expiry even if nothing is clicked.
  useEffect(() => {
    if (!session) return;
    // setTimeout cannot wait longer than 2^31-1 ms; a session lasts a day, far below that.
    const left = Math.min(session.expiresAt * 1000 - Date.now(), 2_147_483_647);
    const timer = setTimeout(() => clearSession(ACCOUNT_MESSAGES.sessionExpired), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [session]);

  if (!session) {
    if (hadSession.current && signedOut()) return <Navigate to="/" replace />;
    // Said on the sign-in page itself, beside the form (a toast would cover its heading).
    return (
      <Navigate
        to={loginPath(here)}
        replace
        state={{ message: endReason() ?? ACCOUNT_MESSAGES.sessionNeeded }}
      />
    );
  }
  if (!organization && pathname !== '/admin/select-organization') {
    return (
      <RedirectWithToast
        to={adminSelectionPath(here)}
        kind="info"
        message={ACCOUNT_MESSAGES.chooseOrganization}
        id={ORGANIZATION_REQUIRED_TOAST}
      />
    );
  }
  const needed = permissionForPath(pathname);
  if (needed && !session.permissions.includes(needed)) return <Navigate to="/access-denied" replace />;
  return <Outlet />;
}
