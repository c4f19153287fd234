import { Card, SimpleGrid, Text } from '@mantine/core';
import type { DataLoadSummary } from '../../../../shared/schemas/data-load';

const SUMMARY: { key: keyof DataLoadSummary; label: string; color?: string }[] = [
  { key: 'newContractsCount', label: 'Contratos nuevos', color: 'green' },
  { key: 'skippedContractsCount', label: 'Contratos omitidos' },
  { key: 'newSuppliersCount', label: 'Proveedores nuevos', color: 'green' },
  { key: 'skippedSuppliersCount', label: 'Proveedores ya registrados' },
  { key: 'newAdministrativeUnitsCount', label: 'Unidades administrativas nuevas', color: 'green' },
  { key: 'skippedAdministrativeUnitsCount', label: 'Unidades administrativas ya registradas' },
  { key: 'errorsCount', label: 'Registros con errores', color: 'red' },
];

/** Rows of a format-28 workbook that are not contracts: counted apart, shown when there are some. */
const NOT_CONTRACTS = { key: 'notContractsCount', label: 'Registros que no son contratos' } as const;

/** The load's counts, one card each; what it creates in green and its errors in red, when any. */
export function LoadSummary({ summary }: { summary: DataLoadSummary }) {
  const cards = summary.notContractsCount > 0 ? [...SUMMARY, NOT_CONTRACTS] : SUMMARY;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: cards.length }} spacing="sm" data-testid="load-summary">
      {cards.map(({ key, label, color }: (typeof SUMMARY)[number]) => (
        <Card key={key} withBorder padding="sm">
          <Text fz={26} fw={800} c={summary[key] > 0 ? color : undefined} lh={1.1}>
            {summary[key].toLocaleString('es-MX')}
          </Text>
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
