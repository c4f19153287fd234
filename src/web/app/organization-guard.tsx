import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadError } from '../components/load-error';
import { PageLoader } from '../components/page-loader';
import {
  clearOrganization,
  selectOrganization,
  useCurrentOrganization,
} from '../features/organizations/api/organizations';
import { msg } from '../i18n/msg';
import { cannotShow } from '../lib/load-state';
import { ORGANIZATION_REQUIRED_TOAST, toast } from '../lib/notifications';
import { selectionPath } from './redirects';

const UNAVAILABLE = msg('La información de organizaciones no se encuentra disponible en este momento.');

/**
 * Public sections need a chosen monitor. Without one, or when the link asks to change it
 * (?changeOrganization=<id>), the visitor goes to the selection page and comes back afterwards.
 */
export function RequireOrganization() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { stored, organization, query } = useCurrentOrganization();
  const requested = new URLSearchParams(search).get('changeOrganization');
  // A shared link naming the monitor already chosen only needs the parameter removed.
  const changeTo = requested && requested !== stored?.id ? requested : null;
  const unknown = Boolean(stored && query.isSuccess && !organization);
  const missing = !stored;

  useEffect(() => {
    if (requested && !changeTo) {
      const params = new URLSearchParams(search);
      params.delete('changeOrganization');
      const rest = params.toString();
      navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    } else if (changeTo) {
      const params = new URLSearchParams(search);
      params.delete('changeOrganization');
      const rest = params.toString();
      navigate(selectionPath(`${pathname}${rest ? `?${rest}` : ''}`, changeTo), { replace: true });
    } else if (missing || unknown) {
      if (unknown) clearOrganization();
      toast('info', 'Por favor selecciona una Organización para continuar.', {
        id: ORGANIZATION_REQUIRED_TOAST,
      });
      navigate(selectionPath(`${pathname}${search}`), { replace: true });
    }
  }, [requested, changeTo, missing, unknown, pathname, search, navigate]);

  // A refresh that could not reach the server leaves the saved list on screen (decision 0024).
  const failed = cannotShow(query);
  useEffect(() => {
    if (failed) toast('danger', UNAVAILABLE, { id: 'organizations-unavailable' });
  }, [failed]);

  // The monitor's theme or rounding changed since it was chosen: follow the server.
  useEffect(() => {
    if (
      organization &&
      stored &&
      (organization.theme !== stored.theme || organization.round !== stored.round)
    ) {
      selectOrganization(organization);
    }
  }, [organization, stored]);

  if (changeTo || missing || unknown) return null;
  if (failed) return <LoadError message={UNAVAILABLE} onRetry={() => void query.refetch()} />;
  if (!organization) return <PageLoader />;
  return <Outlet context={organization} />;
}
