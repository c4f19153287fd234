import { Box, Group, Text } from '@mantine/core';
import type { VisitsChart } from '../../../../shared/schemas/admin';
import { sectionColor } from './visit-charts';

/** Every section of the donut with its colour and visits, wrapping as the card narrows. */
export function SectionLegend({ chart }: { chart: VisitsChart }) {
  return (
    <Group
      component="ul"
      gap="xs"
      mt="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="visits-route-legend"
    >
      {chart.labels.map((label, index) => (
        <Group component="li" key={label} gap={6} wrap="nowrap" fz="sm">
          <Box w={12} h={12} style={{ borderRadius: 3, background: sectionColor(index), flex: 'none' }} />
          <Text fz="sm" span>
            {label}
          </Text>
          <Text fz="sm" c="dimmed" span>
            {(chart.datasets[0]?.data[index] ?? 0).toLocaleString('es-MX')}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
