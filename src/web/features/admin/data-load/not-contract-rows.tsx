import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { useDataLoadRows } from './api';

/**
 * The rows of a format-28 workbook that are not contracts (pnt-import-rules.md: no supplier and no
 * contract, and not a deserted tender, such as a 'nothing to report' note), listed apart with the
 * reason: never written, never counted as errors or as skipped.
 */
export function NotContractRows({ organizationId, count }: { organizationId: string; count: number }) {
  const [page, setPage] = useState(1);
  const rows = useDataLoadRows(
    organizationId,
    { page, search: '', showNoIssues: false, showSkipped: false, showErrors: false, showNotContracts: true },
    count > 0,
  );
  if (count === 0) return null;
  const docs = rows.data?.docs ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="no-son-contratos">
      <Stack gap="xs">
        <Title order={2} fz={20} id="no-son-contratos">
          Registros que no son contratos ({count.toLocaleString('es-MX')})
        </Title>
        <Text fz="sm" c="dimmed">
          No se cargarán: no cuentan como errores ni como contratos omitidos.
        </Text>
        <List spacing="xs" data-testid="not-contract-rows">
          {docs.map((row) => (
            <List.Item key={`${row.fileName ?? ''}:${row.rowIndex}`}>
              <Text span fw={600}>
                {row.fileName ? `«${row.fileName}», renglón ${row.rowIndex}:` : `Renglón ${row.rowIndex}:`}
              </Text>{' '}
              {row.reason}
              {row.data.notes?.value ? (
                <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Nota: {row.data.notes.value}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        {(rows.data?.pages ?? 1) > 1 ? (
          <Pagination page={page} pages={rows.data?.pages ?? 1} onChange={setPage} />
        ) : null}
      </Stack>
    </Paper>
  );
}
