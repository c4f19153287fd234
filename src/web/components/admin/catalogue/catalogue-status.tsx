import { Group, Select, Text } from '@mantine/core';
import { LIMITS } from '../../../../shared/constants/limits';
import { Pagination } from '../../pagination';

/** Below the grid: how many rows (or 'Más de …' for a broad search), the page size and the pages. */
export function CatalogueStatus(props: {
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  pages: number;
  limit: number;
  onLimit(value: string | null): void;
  onPage(page: number): void;
}) {
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="sm">
        <Text fz="sm" c="dimmed">
          {props.totalIsLowerBound
            ? `Más de ${props.total.toLocaleString('es-MX')} resultados: escribe más para acotar la búsqueda`
            : `${props.total.toLocaleString('es-MX')} registros`}
        </Text>
        <Select
          size="xs"
          w={150}
          aria-label="Filas por página"
          allowDeselect={false}
          withCheckIcon={false}
          data={LIMITS.cataloguePageSizes.map((size) => ({
            value: String(size),
            label: `${size} por página`,
          }))}
          value={String(props.limit)}
          onChange={props.onLimit}
        />
      </Group>
      {props.pages > 1 ? <Pagination page={props.page} pages={props.pages} onChange={props.onPage} /> : null}
    </Group>
  );
}
