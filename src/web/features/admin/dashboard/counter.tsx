import { Paper, Skeleton, Text } from '@mantine/core';

/** One of the monitor's counters; a skeleton until it loads. */
export function Counter({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | undefined;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={30} mt={6} width="60%" />
      ) : (
        <Text fz={30} fw={800} data-testid={testId}>
          {value.toLocaleString('es-MX')}
        </Text>
      )}
    </Paper>
  );
}
