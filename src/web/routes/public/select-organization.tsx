import { Alert, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { safeRedirect } from '../../app/redirects';
import { selectOrganization, useOrganizations } from '../../features/organizations/api/organizations';
import { OrganizationCard } from '../../features/organizations/components/organization-card';
import { toast } from '../../lib/notifications';

/**
 * /select-organization: the visitor picks a monitor; its theme applies at once and the visitor
 * continues to `redirectTo` (default: the monitor's home). `autoSelectOrganization` picks one
 * automatically once the list has loaded.
 */
export function SelectOrganizationPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('Selecciona un monitor')} · Vigía`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirectTo'));
  const autoSelect = params.get('autoSelectOrganization');
  const { data, isPending, isError } = useOrganizations();
  const autoSelected = useRef(false);

  const handleSelect = (organization: PublicOrganization) => {
    selectOrganization(organization);
    navigate(redirectTo, { replace: true });
  };

  useEffect(() => {
    if (!autoSelect || !data || autoSelected.current) return;
    autoSelected.current = true;
    const match = data.find((organization) => organization._id === autoSelect);
    if (match) {
      selectOrganization(match);
      navigate(redirectTo, { replace: true });
    }
  }, [autoSelect, data, navigate, redirectTo]);

  useEffect(() => {
    if (isError)
      toast('danger', 'La información de organizaciones no se encuentra disponible en este momento.');
  }, [isError]);

  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>{t('Selecciona un monitor')}</Title>
        <Text c="dimmed">
          {t(
            'Cada monitor sigue las contrataciones públicas de un gobierno o dependencia. Elige uno para consultar sus contratos y proveedores.',
          )}
        </Text>
      </Stack>
      {isError ? (
        <Alert color="red" variant="light">
          {t('La información de organizaciones no se encuentra disponible en este momento.')}
        </Alert>
      ) : isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : data.length === 0 ? (
        <Alert color="gray" variant="light" title={t('Aún no hay monitores publicados')}>
          {t('Un administrador debe registrar la primera organización para que aparezca aquí.')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {data.map((organization) => (
            <OrganizationCard key={organization._id} organization={organization} onSelect={handleSelect} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
