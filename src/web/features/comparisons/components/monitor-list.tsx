import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PeerOrganization } from '../../../../shared/schemas/comparisons';
import { comparisonPath } from '../paths';

/**
 * The monitors one may compare with (public spec, /comparations): short name in its colour, name,
 * and 'Comparar', which opens /comparations/{id} (with baseRemoteUrl for another server's).
 */
export function MonitorList({
  monitors,
  baseRemoteUrl,
}: {
  monitors: PeerOrganization[];
  baseRemoteUrl: string | null;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="comparison-monitors">
      {monitors.map((monitor) => (
        <Card key={monitor._id} withBorder padding="md" radius="md" data-testid="comparison-monitor">
          <Group gap="xs" wrap="nowrap" align="center">
            <span
              aria-hidden
              style={{
                width: 14,
                height: 14,
                borderRadius: 4,
                background: monitor.color,
                flex: 'none',
              }}
            />
            <Text fw={800} fz="lg" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {monitor.shortName}
            </Text>
          </Group>
          <Text mt={6} fz="sm" style={{ minHeight: '2.8em', overflowWrap: 'anywhere' }}>
            {monitor.name}
          </Text>
          <Button
            component={Link}
            to={comparisonPath(monitor._id, baseRemoteUrl)}
            mt="sm"
            variant="light"
            fullWidth
            aria-label={`${t('Comparar')} ${monitor.name}`}
          >
            {t('Comparar')}
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}
