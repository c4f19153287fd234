import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrganization } from '../../../../shared/schemas/organizations';
import { readableText } from '../../../theme';

/** One monitor on the selection page: short name in its colour, full name and Select. */
export function OrganizationCard({
  organization,
  onSelect,
}: {
  organization: PublicOrganization;
  onSelect: (organization: PublicOrganization) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder shadow="xs" padding="lg" radius="md" data-testid="organization-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text
          fw={800}
          fz={28}
          lh={1.1}
          style={{ color: readableText(organization.color) }}
          className="organization-short-name"
        >
          {organization.shortName}
        </Text>
        {organization.isDemo ? (
          <Badge color="yellow" variant="light">
            {t('Demostración')}
          </Badge>
        ) : null}
      </Group>
      <Text mt="sm" fw={500} style={{ minHeight: '3em' }}>
        {organization.name}
      </Text>
      <Button
        mt="md"
        fullWidth
        color={organization.color}
        autoContrast
        onClick={() => onSelect(organization)}
        aria-label={`${t('Seleccionar')} ${organization.name}`}
      >
        {t('Seleccionar')}
      </Button>
    </Card>
  );
}
