import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  BACKUP_REASON_LABELS,
  type BackupReason,
  type BackupState,
} from '../../../../shared/constants/backups';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import { formatCount } from '../../../../shared/format/money';
import { BackupStateBadge } from '../../../components/admin/backup-state-badge';
import { toast } from '../../../lib/notifications';
import { type BackupSource, useBackupSources, useBackupSummary, useRetryBackups } from './api';
import classes from './backups-panel.module.css';

/**
 * 'Copias de respaldo de documentos' (issue 15, decision 0037): the state of the current monitor's
 * copies (copied, pending, failed by reason, gone at the source, space), its documents with a
 * filter for the failed ones, and a retry of one or of every failed document.
 */
export function BackupsPanel({ organizationId }: { organizationId: string }) {
  // After a retry the state is followed for a minute, while the documents are fetched again.
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => setWatching(false), 60_000);
    return () => clearTimeout(timer);
  }, [watching]);
  const summary = useBackupSummary(organizationId, watching);
  const [state, setState] = useState<BackupState | null>(null);
  const [reason, setReason] = useState<BackupReason | null>(null);
  const [page, setPage] = useState(1);
  const sources = useBackupSources(
    organizationId,
    { page, ...(state ? { state } : {}), ...(reason ? { reason } : {}) },
    watching,
  );
  const retry = useRetryBackups(organizationId);
  const ask = (ids?: string[]) =>
    retry.mutate(ids, {
      onSuccess: (response) => {
        toast('success', response.message);
        setWatching(true);
      },
      onError: (error) => toast('danger', error.message),
    });
  const data = summary.data;
  const reasons = Object.entries(data?.failedByReason ?? {}) as [BackupReason, number][];

  return (
    <Card withBorder padding="lg" data-testid="backups-panel">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} fz={20}>
              Copias de respaldo de documentos
            </Title>
            <Text c="dimmed" fz="sm">
              El portal guarda una copia de cada documento que enlazan los contratos y la revisa cada semana.
            </Text>
          </div>
          <Button
            variant="light"
            color="red"
            disabled={!data || data.failed === 0}
            loading={retry.isPending && retry.variables === undefined}
            onClick={() => ask()}
          >
            Reintentar todos los fallidos
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          <Figure label="Documentos" value={data ? formatCount(data.documents) : '…'} />
          <Figure label="Copiados" value={data ? formatCount(data.copied) : '…'} />
          <Figure label="Pendientes" value={data ? formatCount(data.pending) : '…'} />
          <Figure label="Con fallas" value={data ? formatCount(data.failed) : '…'} testId="backups-failed" />
          <Figure label="Ya no están en la fuente" value={data ? formatCount(data.gone) : '…'} />
          <Figure
            label="Espacio usado"
            value={data ? `${formatBytes(data.bytes)} de ${formatBytes(data.quotaBytes)}` : '…'}
          />
        </SimpleGrid>
        {reasons.length > 0 ? (
          <Stack gap={2}>
            <Text fw={600} fz="sm">
              Fallas por motivo
            </Text>
            {reasons.map(([key, count]) => (
              <Text key={key} fz="sm">
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  onClick={() => {
                    setState('FAILED');
                    setReason(key);
                    setPage(1);
                  }}
                >
                  {formatCount(count)}
                </Anchor>{' '}
                · {BACKUP_REASON_LABELS[key]}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Group gap="sm" align="flex-end">
          <Select
            label="Estado"
            data={[
              { value: 'ALL', label: 'Todos' },
              { value: 'FAILED', label: 'Con fallas' },
              { value: 'PENDING', label: 'Pendientes' },
              { value: 'COPIED', label: 'Copiados' },
            ]}
            value={state ?? 'ALL'}
            onChange={(value) => {
              setState(value && value !== 'ALL' ? (value as BackupState) : null);
              setReason(null);
              setPage(1);
            }}
            allowDeselect={false}
            w={180}
          />
          <Select
            label="Motivo"
            placeholder="Cualquiera"
            data={reasons.map(([key]) => ({ value: key, label: BACKUP_REASON_LABELS[key] }))}
            value={reason}
            onChange={(value) => {
              setReason(value as BackupReason | null);
              setPage(1);
            }}
            clearable
            disabled={reasons.length === 0}
            w={{ base: '100%', sm: 360 }}
          />
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" fz="sm" data-testid="backups-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Liga</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Motivo</Table.Th>
                <Table.Th>Revisado</Table.Th>
                <Table.Th>Siguiente revisión</Table.Th>
                <Table.Th>Versiones</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sources.data?.docs ?? []).map((source) => (
                <SourceRow
                  key={source._id}
                  source={source}
                  retrying={retry.isPending && retry.variables?.[0] === source._id}
                  onRetry={() => ask([source._id])}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {sources.data && sources.data.total === 0 ? (
          <Text c="dimmed" fz="sm">
            No hay documentos con ese estado.
          </Text>
        ) : null}
        {sources.data && sources.data.pages > 1 ? (
          <Pagination total={sources.data.pages} value={page} onChange={setPage} size="sm" />
        ) : null}
      </Stack>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}

function SourceRow({
  source,
  retrying,
  onRetry,
}: {
  source: BackupSource;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Table.Tr data-testid="backup-row">
      <Table.Td>
        <LinkText url={source.url} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <BackupStateBadge state={source.state} />
        {source.goneSince ? (
          <Text fz="xs" c="orange">
            Ya no está en la fuente desde {formatDate(source.goneSince)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td maw={260}>
        <Text fz="xs">{source.reason ? BACKUP_REASON_LABELS[source.reason] : '—'}</Text>
      </Table.Td>
      <Table.Td>{source.lastCheckedAt ? formatDate(source.lastCheckedAt) : '—'}</Table.Td>
      <Table.Td>{source.nextCheckAt ? formatDate(source.nextCheckAt) : 'Solo si se pide'}</Table.Td>
      <Table.Td>
        {source.versions}
        {source.size !== null ? ` · ${formatBytes(source.size)}` : ''}
      </Table.Td>
      <Table.Td>
        {source.state !== 'COPIED' || source.reason ? (
          <Button size="compact-sm" variant="light" onClick={onRetry} loading={retrying}>
            Reintentar
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * A document's address on one line: what is cut is the middle ('https://portal.gob.mx/transp…'),
 * never its end, which tells one document from the next ('…/convocatoria-12.pdf'). The whole
 * address is in the tooltip and in the text read aloud.
 */
function LinkText({ url }: { url: string }) {
  const { head, end } = splitLink(url);
  return (
    <Text fz="sm" title={url} maw={320} className={classes.link}>
      <span className={classes.head}>{head}</span>
      <span className={classes.end} data-testid="link-end">
        {end}
      </span>
    </Text>
  );
}

/** The address's last part (file name and query, at most 40 characters) and what comes before it. */
function splitLink(url: string): { head: string; end: string } {
  const slash = url.replace(/\/+$/, '').lastIndexOf('/');
  const start = Math.max(slash >= 0 ? slash : 0, url.length - 40);
  return { head: url.slice(0, start), end: url.slice(start) };
}
