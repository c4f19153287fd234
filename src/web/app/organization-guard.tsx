import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import {
  clearOrganization,
  selectOrganization,
  useCurrentOrganization,
} from '../features/organizations/api/organizations';
import { toast } from '../lib/notifications';
import { selectionPath } from './redirects';

/**
 * Public sections need a chosen monitor. Without one, or when the link asks to change it
 * (?changeOrganization=<id>), the visitor goes to the selection page and comes back afterwards.
 */
export function RequireOrganization() {
  const location = useLocation();
  const navigate = useNavigate();
  const { stored, organization, query } = useCurrentOrganization();
  const params = new URLSearchParams(location.search);
  const changeTo = params.get('changeOrganization');
  const unknown = Boolean(stored && query.isSuccess && !organization);

  useEffect(() => {
    if (changeTo) {
      params.delete('changeOrganization');
      const rest = params.toString();
      const back = `${location.pathname}${rest ? `?${rest}` : ''}`;
      navigate(selectionPath(back, changeTo), { replace: true });
    } else if (!stored || unknown) {
      if (unknown) clearOrganization();
      toast('info', 'Por favor selecciona una Organización para continuar.', { id: 'organization-required' });
      navigate(selectionPath(`${location.pathname}${location.search}`), { replace: true });
    }
  });

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

  if (changeTo || !stored || unknown) return null;
  if (!organization) return <PageLoader />;
  return <Outlet context={organization} />;
}
