import { Alert, Button, Card, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Pagination } from '../../../components/pagination';
import { ReviewTable } from './review-table';
import type { ReviewRows } from './use-load-review';

/** The three kinds of row the review can show or hide, with their labels. */
const ROW_KINDS = [
  ['showNoIssues', 'Sin problemas'],
  ['showSkipped', 'Omitidos'],
  ['showErrors', 'Con errores'],
] as const;

/** The load's rows: shown or hidden, the three filters, the search, the table and its pages. */
export function LoadRows({
  rows,
  query,
  search,
  setSearch,
  details,
  toggleDetails,
  setFilter,
  setPage,
}: ReviewRows) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz={18}>
            Registros del archivo
          </Title>
          <Button variant="subtle" size="xs" onClick={toggleDetails}>
            {details ? 'Ocultar detalles' : 'Mostrar detalles'}
          </Button>
        </Group>
        {details ? (
          <>
            <Group gap="md" wrap="wrap" align="flex-end">
              {ROW_KINDS.map(([key, label]) => (
                <Checkbox
                  key={key}
                  label={label}
                  checked={query[key]}
                  onChange={(event) => setFilter(key, event.currentTarget.checked)}
                />
              ))}
              <TextInput
                placeholder="Buscar en los registros"
                aria-label="Buscar en los registros"
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                maxLength={200}
                style={{ flex: '1 1 220px' }}
              />
            </Group>
            {rows.isError ? (
              <Alert color="red" variant="light">
                No fue posible cargar los registros.
              </Alert>
            ) : rows.data ? (
              rows.data.docs.length > 0 ? (
                <>
                  <Text fz="sm" c="dimmed">
                    {rows.data.total.toLocaleString('es-MX')}{' '}
                    {rows.data.total === 1 ? 'registro' : 'registros'}
                  </Text>
                  <ReviewTable rows={rows.data.docs} />
                  <Pagination page={rows.data.page} pages={rows.data.pages} onChange={setPage} />
                </>
              ) : (
                <Text c="dimmed">Ningún registro coincide con los filtros.</Text>
              )
            ) : (
              <Skeleton height={240} />
            )}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
