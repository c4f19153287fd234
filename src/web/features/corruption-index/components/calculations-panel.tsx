import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayResult } from '../../../../shared/calculations/display';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';

/**
 * 'Datos generales' (public spec: the extra calculations panel): every other enabled calculation
 * of the monitor with its name, description and result in its display form ('---' without one,
 * and why when the server says: a result still being calculated, a formula that cannot be).
 */
export function CalculationsPanel({ items }: { items: CorruptionIndexData['calculationsInfo'] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
      <Title order={2} fz="h3">
        {t('Datos generales')}
      </Title>
      <Table mt="sm" verticalSpacing="xs">
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item._id}>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={600} fz="sm">
                    {item.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {item.description}
                  </Text>
                  {item.result === null && item.message ? (
                    <Text fz="xs" c="dimmed" fs="italic">
                      {item.message}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {displayResult(item.result, item.displayForm)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
