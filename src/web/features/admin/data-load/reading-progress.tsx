import { Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { DataLoadInfo } from '../../../../shared/schemas/data-load';

type Current = NonNullable<DataLoadInfo['current']>;

const count = (value: number) => value.toLocaleString('es-MX');

/** While the server reads a file: its name, rows read of the total, and 'Cancelar' to stop it. */
export function ReadingProgress({
  current,
  cancelling,
  onCancel,
}: {
  current: Current;
  cancelling: boolean;
  onCancel(): void;
}) {
  const total = current.rowsTotal;
  const fraction = total ? Math.min(1, current.rowsProcessed / total) : null;
  return (
    <Card withBorder padding="lg" data-testid="reading-progress">
      <Stack gap="sm">
        <Text fw={700}>Estamos leyendo el archivo «{current.fileName}»</Text>
        <Text c="dimmed" fz="sm">
          Puedes esperar aquí o volver más tarde: la lectura sigue aunque cierres esta página.
        </Text>
        <Progress
          value={fraction === null ? 100 : fraction * 100}
          animated={fraction === null || fraction < 1}
          striped={fraction === null}
          aria-label="Registros leídos"
        />
        <Group justify="space-between" wrap="wrap">
          <Text fz="sm" aria-live="polite">
            {total
              ? `${count(current.rowsProcessed)} de ${count(total)} registros leídos`
              : `${count(current.rowsProcessed)} registros leídos`}
          </Text>
          <Button variant="default" color="red" onClick={onCancel} loading={cancelling}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
