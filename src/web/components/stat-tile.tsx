import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure with its label (the amount and count tiles of the lists). */
export function StatTile({
  label,
  value,
  color,
  loading,
}: {
  label: string;
  value: ReactNode;
  color?: string;
  loading?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      style={{ borderTop: `4px solid ${color ?? 'var(--mantine-color-brand-6)'}` }}
    >
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} mt={6} width="70%" />
      ) : (
        <Text
          fz={{ base: 'lg', sm: 22 }}
          fw={800}
          mt={4}
          style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        >
          {value}
        </Text>
      )}
    </Paper>
  );
}
