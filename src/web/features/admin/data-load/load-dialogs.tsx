import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DataLoadSummary } from '../../../../shared/schemas/data-load';

/** Asked before a load is cancelled: its read rows are discarded. */
export function CancelLoadDialog({
  opened,
  fileName,
  cancelling,
  onClose,
  onCancel,
}: {
  opened: boolean;
  fileName: string;
  cancelling: boolean;
  onClose(): void;
  onCancel(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Cancelar la carga de datos" centered>
      <Stack>
        <Text>Se descartarán los registros leídos de «{fileName}». ¿Deseas cancelar la carga?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Volver
          </Button>
          <Button color="red" onClick={onCancel} loading={cancelling}>
            Cancelar la carga
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Asked before a load is confirmed: what it creates, that it cannot be undone, and how many rows
 * with errors stay out. It stays open while the confirm is in flight.
 */
export function ConfirmLoadDialog({
  opened,
  summary,
  hasErrors,
  confirming,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  summary: DataLoadSummary | null | undefined;
  hasErrors: boolean;
  confirming: boolean;
  confirmLabel: string;
  onClose(): void;
  onConfirm(): void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => (confirming ? undefined : onClose())}
      title="Confirmar la carga de datos"
      centered
    >
      <Stack>
        <Text>
          Se crearán {summary?.newContractsCount.toLocaleString('es-MX') ?? 0} contratos,{' '}
          {summary?.newSuppliersCount ?? 0} proveedores y {summary?.newAdministrativeUnitsCount ?? 0} unidades
          administrativas. Esta acción no se puede deshacer.
        </Text>
        {hasErrors ? (
          <Alert color="orange" variant="light">
            Los {summary?.errorsCount} registros con errores no se cargarán.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={confirming}>
            Volver
          </Button>
          <Button onClick={onConfirm} loading={confirming}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
