import { Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { safeRedirect } from '../../app/redirects';
import { selectOrganization, useOrganizations } from '../../features/organizations/api/organizations';
import { OrganizationGrid } from '../../features/organizations/components/organization-grid';
import { hideNotice, ORGANIZATION_REQUIRED_TOAST, toast } from '../../lib/notifications';

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
    hideNotice(ORGANIZATION_REQUIRED_TOAST);
    navigate(redirectTo, { replace: true });
  };

  useEffect(() => {
    if (!autoSelect || !data || autoSelected.current) return;
    autoSelected.current = true;
    const match = data.find((organization) => organization._id === autoSelect);
    if (match) {
      selectOrganization(match);
      hideNotice(ORGANIZATION_REQUIRED_TOAST);
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
      <OrganizationGrid
        organizations={data}
        isPending={isPending}
        isError={isError}
        onSelect={handleSelect}
      />
    </Container>
  );
}
