import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

const DELETE_WARNING =
  'Esta acción borrará el registro del catálogo permanentemente ¿Estás seguro de eliminarlo?';

/** 'Eliminar registro': asks before a row is deleted ('Cuidado' for catalogues that warn). */
export function DeleteDialog(props: {
  opened: boolean;
  title?: string;
  caution?: boolean;
  detail?: string;
  deleting: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title ?? 'Eliminar registro'} centered>
      <Stack>
        {props.caution ? (
          <Alert color="red" variant="light" title="Cuidado">
            {DELETE_WARNING}
          </Alert>
        ) : (
          <Text>{DELETE_WARNING}</Text>
        )}
        {props.detail ? <Text fz="sm">{props.detail}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancelar
          </Button>
          <Button color="red" onClick={props.onConfirm} loading={props.deleting}>
            Eliminar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Guardar cambios': confirms the inline edit mode's save of every changed row. */
export function InlineSaveDialog(props: {
  opened: boolean;
  changed: number;
  saving: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { changed } = props;
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title="Guardar cambios" centered>
      <Stack>
        <Text>
          Se {changed === 1 ? 'modificará 1 registro' : `modificarán ${changed} registros`}. ¿Deseas guardar
          los cambios?
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancelar
          </Button>
          <Button onClick={props.onConfirm} loading={props.saving}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
