import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecentComparison } from '../api/comparisons';
import { comparisonPath, hostOf } from '../paths';

/**
 * 'Comparaciones Recientes' (public spec): the monitors the current one was last compared with,
 * newest first, each a link to the comparison (with baseRemoteUrl for another server's).
 */
export function RecentComparisons({ items }: { items: RecentComparison[] }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        {t('Todavía no hay comparaciones con este monitor.')}
      </Text>
    );
  return (
    <Group gap="xs" data-testid="recent-comparisons">
      {items.map((item) => (
        <UnstyledButton
          key={item._id}
          component={Link}
          to={comparisonPath(item.target, item.remoteUrl)}
          px="sm"
          py={6}
          style={{
            border: '1px solid var(--mantine-color-gray-4)',
            borderLeft: `6px solid ${item.color}`,
            borderRadius: 6,
            fontWeight: 600,
            fontSize: 14,
          }}
          title={item.remoteUrl ? `${item.targetName} · ${item.remoteUrl}` : item.targetName}
        >
          {item.targetName}
          {item.remoteUrl ? (
            <Text span fz="xs" c="dimmed" ml={6}>
              {hostOf(item.remoteUrl)}
            </Text>
          ) : null}
        </UnstyledButton>
      ))}
    </Group>
  );
}
