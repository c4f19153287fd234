import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrganization } from '../../../../shared/schemas/organizations';
import { OrganizationCard } from './organization-card';

/** The monitors to choose from (visitors and administrators alike), with loading, error and empty states. */
export function OrganizationGrid({
  organizations,
  isPending,
  isError,
  onSelect,
}: {
  organizations: PublicOrganization[] | undefined;
  isPending: boolean;
  isError: boolean;
  onSelect: (organization: PublicOrganization) => void;
}) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <Alert color="red" variant="light">
        {t('La información de organizaciones no se encuentra disponible en este momento.')}
      </Alert>
    );
  }
  if (isPending || !organizations) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={190} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (organizations.length === 0) {
    return (
      <Alert color="gray" variant="light" title={t('Aún no hay monitores publicados')}>
        {t('Un administrador debe registrar la primera organización para que aparezca aquí.')}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {organizations.map((organization) => (
        <OrganizationCard key={organization._id} organization={organization} onSelect={onSelect} />
      ))}
    </SimpleGrid>
  );
}
