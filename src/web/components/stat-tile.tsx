import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure with its label and what it counts (the amount and count tiles of the lists). */
export function StatTile({
  label,
  value,
  color,
  loading,
  note,
}: {
  label: string;
  value: ReactNode;
  color?: string;
  loading?: boolean;
  /** What the figure counts, under it (e.g. '496 concluidos de 641 contratos'). */
  note?: ReactNode;
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
      {note && !loading ? (
        <Text fz="xs" c="dimmed" mt={2} data-testid="tile-note">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}
