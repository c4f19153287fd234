import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BACKUP_REASON_LABELS } from '../../../../shared/constants/backups';
import { CONTRACT_DOCUMENT_LABELS } from '../../../../shared/constants/enums';
import { formatDate } from '../../../../shared/format/dates';
import { BackupStateBadge } from '../../../components/admin/backup-state-badge';
import { contractBackupsQuery } from './api';

/** The contract form's 'Copias de respaldo': the state of each document's copy, as saved. */
export function ContractBackups({
  organizationId,
  contractId,
}: {
  organizationId: string;
  contractId: string;
}) {
  const { data, isError } = useQuery(contractBackupsQuery(organizationId, contractId));
  const backups = data?.data;
  return (
    <Stack gap={6} data-testid="contract-backups">
      <Divider label="Copias de respaldo de los documentos" labelPosition="left" />
      {isError ? (
        <Text fz="sm" c="red">
          No fue posible consultar las copias de respaldo.
        </Text>
      ) : !backups ? (
        <Text fz="sm" c="dimmed">
          Cargando…
        </Text>
      ) : backups.length === 0 ? (
        <Text fz="sm" c="dimmed">
          El contrato no tiene ligas a documentos.
        </Text>
      ) : (
        backups.map((backup) => (
          <Group key={backup.document} gap="xs" wrap="nowrap" align="flex-start">
            {backup.state === 'NOT_KEPT' ? (
              <Badge color="gray" variant="outline" w={90} miw="max-content" style={{ flex: 'none' }}>
                Sin copia
              </Badge>
            ) : (
              <BackupStateBadge state={backup.state} w={90} style={{ flex: 'none' }} />
            )}
            <Text fz="sm">
              <b>{CONTRACT_DOCUMENT_LABELS[backup.document]}</b>
              {backup.versions[0]
                ? ` · copiado el ${formatDate(backup.versions[0].copiedAt)}${
                    backup.versions.length > 1 ? ` (${backup.versions.length} versiones)` : ''
                  }`
                : ''}
              {backup.goneSince ? ` · ya no está en la fuente desde ${formatDate(backup.goneSince)}` : ''}
              {backup.reason && !(backup.reason === 'GONE' && backup.goneSince)
                ? ` · ${BACKUP_REASON_LABELS[backup.reason]}`
                : ''}
              {backup.state === 'PENDING' ? ' · la copia se hará en unos minutos' : ''}
              {backup.state === 'NOT_KEPT'
                ? ' · esta liga aún no está registrada para respaldo; se registrará al guardar el contrato.'
                : ''}
            </Text>
          </Group>
        ))
      )}
    </Stack>
  );
}
