import { Alert, Button, Card, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { Pagination } from '../../../components/pagination';
import { ReviewTable } from './review-table';
import type { ReviewRows } from './use-load-review';

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
              <Checkbox
                label="Sin problemas"
                checked={query.showNoIssues}
                onChange={(event) => setFilter('showNoIssues', event.currentTarget.checked)}
              />
              <Checkbox
                label="Omitidos"
                checked={query.showSkipped}
                onChange={(event) => setFilter('showSkipped', event.currentTarget.checked)}
              />
              <Checkbox
                label="Con errores"
                checked={query.showErrors}
                onChange={(event) => setFilter('showErrors', event.currentTarget.checked)}
              />
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
