import { Button, Group } from '@mantine/core';
import { useRef } from 'react';
import { ACCEPTED_TYPES } from './file-check';

/**
 * The review's buttons: cancel, the validations download, the corrections upload (a hidden file
 * input the button opens) and confirm, which needs at least one new contract.
 */
export function LoadActions({
  hasErrors,
  confirmLabel,
  canConfirm,
  downloading,
  uploading,
  onCancel,
  onValidations,
  onUpload,
  onConfirm,
}: {
  hasErrors: boolean;
  confirmLabel: string;
  canConfirm: boolean;
  downloading: boolean;
  uploading: boolean;
  onCancel(): void;
  onValidations(): void;
  onUpload(file: File | null): void;
  onConfirm(): void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Group gap="sm" wrap="wrap">
      <Button variant="default" color="red" onClick={onCancel}>
        Cancelar
      </Button>
      <Button variant="default" onClick={onValidations} disabled={downloading}>
        {downloading ? 'Descargando...' : 'Descargar validaciones'}
      </Button>
      <Button variant="default" onClick={() => fileInput.current?.click()} loading={uploading}>
        Cargar correcciones
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_TYPES}
        hidden
        data-testid="corrections-input"
        onChange={(event) => {
          onUpload(event.currentTarget.files?.[0] ?? null);
          event.currentTarget.value = '';
        }}
      />
      <Button color={hasErrors ? 'orange' : undefined} onClick={onConfirm} disabled={!canConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
