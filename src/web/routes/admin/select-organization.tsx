import { Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { adminRedirect } from '../../app/admin/admin-paths';
import { selectOrganization, useOrganizations } from '../../features/organizations/api/organizations';
import { OrganizationGrid } from '../../features/organizations/components/organization-grid';
import { hideNotice, ORGANIZATION_REQUIRED_TOAST } from '../../lib/notifications';

/** /admin/select-organization: the monitor the administrator works on; then back to redirectTo. */
export function AdminSelectOrganizationPage() {
  useDocumentTitle('Seleccionar organización · Vigía');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirectTo = adminRedirect(params.get('redirectTo'));
  const { data, isPending, isError } = useOrganizations();

  const choose = (organization: PublicOrganization) => {
    selectOrganization(organization);
    hideNotice(ORGANIZATION_REQUIRED_TOAST);
    // Figures and notifications of the previous monitor must not show for this one.
    queryClient.removeQueries({ queryKey: ['admin'] });
    navigate(redirectTo === '/admin/select-organization' ? '/admin' : redirectTo, { replace: true });
  };

  return (
    <Container size="xl" py="xl">
      <Title order={1} fz={28}>
        Selecciona una organización
      </Title>
      <Text c="dimmed" mb="xl">
        Elige el monitor que vas a administrar. Puedes cambiarlo en cualquier momento desde el menú de
        usuario.
      </Text>
      <OrganizationGrid organizations={data} isPending={isPending} isError={isError} onSelect={choose} />
    </Container>
  );
}
