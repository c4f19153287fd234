import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { refreshQueries } from '../../../lib/refresh';
import { FormErrors } from '../../form-errors';
import { catalogueKey, useSaveEntry } from './api';
import type { CatalogueConfig, Draft, Row } from './types';

/** Files chosen in a form travel in `afterSave`, never in the JSON body. */
const withoutFiles = (draft: Draft): Draft =>
  Object.fromEntries(Object.entries(draft).filter(([, value]) => !(value instanceof Blob)));

/** The first message of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  // By the whole path, as the server's errors come ('bidders.0.name' inside a list).
  for (const issue of error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
  return found;
}

/** 'Nuevo(a)' / 'Editar': validated with the server's schema; field errors listed in the footer. */
export function EntryModal<Doc extends Row>({
  config,
  entry,
  opened,
  onClose,
}: {
  config: CatalogueConfig<Doc>;
  entry: Doc | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(config.empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const save = useSaveEntry<Doc>(config.path);
  const queryClient = useQueryClient();
  const { reset } = save;
  // On a phone the form takes the whole screen.
  const phone = useMediaQuery('(max-width: 36em)');

  useEffect(() => {
    if (opened) {
      setDraft(entry ? config.toDraft(entry) : config.empty);
      setErrors({});
      setConfirming(null);
      reset();
    }
  }, [opened, entry, config, reset]);

  const set = (field: string, value: unknown) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const submit = () => {
    const parsed = config.schema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
      return;
    }
    if (!entry && config.confirmCreate && !confirming) {
      setConfirming(config.confirmCreate(draft));
      return;
    }
    const body = withoutFiles(draft);
    save.mutate(entry ? { ...body, _id: entry._id } : body, {
      onSuccess: async (response) => {
        toast('success', response.message);
        if (config.afterSave) {
          try {
            const extra = await config.afterSave(response.data, draft);
            // The second step changed the entry too (a resource's image): read the list again.
            await refreshQueries(queryClient, catalogueKey(config.path));
            if (extra) toast('success', extra);
          } catch (error) {
            toast('danger', `El registro se guardó, pero ${(error as Error).message}`);
          }
        }
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          setErrors(
            Object.fromEntries(error.errors.map((item) => [item.path.replace(/^body\./, ''), item.message])),
          );
        }
        toast('danger', error.message || 'No fue posible guardar el registro.');
        setConfirming(null);
      },
    });
  };
  const listed = Object.values(errors);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Editar' : 'Nuevo(a)'}
      size={config.modalSize ?? 'lg'}
      fullScreen={phone}
      centered
    >
      <Stack gap="sm">
        {config.form({ draft, set, errors, ...(entry ? { entryId: entry._id } : {}) })}
        {confirming ? (
          <Alert color="blue" variant="light" title="¿Guardar el registro?">
            {confirming} Pulsa Guardar de nuevo para confirmar.
          </Alert>
        ) : null}
        <FormErrors messages={listed} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
