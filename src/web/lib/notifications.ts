import { notifications } from '@mantine/notifications';
import { LIMITS } from '../../shared/constants/limits';
import i18n from '../i18n';

/** The four kinds of toast of the spec, each with its colour; all last 5 s. */
export type ToastKind = 'danger' | 'info' | 'alert' | 'success';

const COLORS: Record<ToastKind, string> = { danger: 'red', info: 'blue', alert: 'yellow', success: 'green' };

/** Shows a toast. The message is a Spanish text (an i18n key) and is translated here. */
export function toast(
  kind: ToastKind,
  message: string,
  options: { id?: string; detail?: string } = {},
): void {
  const text = i18n.t(message);
  notifications.show({
    id: options.id,
    color: COLORS[kind],
    message: options.detail ? `${text} ${options.detail}` : text,
    autoClose: LIMITS.toastMs,
    withBorder: true,
    position: signInPosition(),
  });
}

/**
 * A notice that stays (with a spinner) until hideNotice(id): for work the page is waiting on,
 * such as a document the server is still preparing.
 */
export function showLastingNotice(id: string, message: string): void {
  notifications.show({ id, message: i18n.t(message), loading: true, autoClose: false, withBorder: true });
}

/**
 * The guards' 'Por favor selecciona una Organización para continuar.' (public and admin): the
 * selection pages close it once a monitor is chosen, so it does not linger over the next screen.
 */
export const ORGANIZATION_REQUIRED_TOAST = 'organization-required';

export function hideNotice(id: string): void {
  notifications.hide(id);
}

const SIGN_IN_SCREENS = /^\/(?:login|forgot-password|new-password)(?:\/|$)/;

/** Wide enough for the sign-in screens to put the association's branding beside the form (md). */
const SIDE_BY_SIDE = '(min-width: 62em)';

/**
 * Toasts on the sign-in screens stay off the heading, the fields and the button: below the form
 * where the branding sits beside it, over the branding where it sits above the form (a phone).
 */
function signInPosition(): 'bottom-center' | 'top-center' | undefined {
  if (typeof window === 'undefined' || !SIGN_IN_SCREENS.test(window.location.pathname)) return undefined;
  return window.matchMedia?.(SIDE_BY_SIDE).matches === false ? 'top-center' : 'bottom-center';
}
