import { Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import {
  SETTINGS_FIELDS,
  SETTINGS_MESSAGES,
  type Settings,
  SettingsBodySchema,
  type SettingsTextField,
} from '../../../../shared/schemas/settings';
import { FormErrors } from '../../../components/form-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useChangeSettings } from './api';

type Draft = Record<SettingsTextField, string> & {
  showBackgroundText: boolean;
  round: boolean;
  defaultAdministrationPeriod: string;
};

function toDraft(settings: Settings): Draft {
  const text = (field: SettingsTextField) => settings[field] ?? '';
  return {
    welcomeTitle: text('welcomeTitle'),
    title: text('title'),
    description: text('description'),
    contactEmail: text('contactEmail'),
    contactLocation: text('contactLocation'),
    address: text('address'),
    schedule: text('schedule'),
    additionalInformation: text('additionalInformation'),
    socialUrl: text('socialUrl'),
    showBackgroundText: settings.showBackgroundText,
    round: settings.round,
    defaultAdministrationPeriod: settings.defaultAdministrationPeriod ?? '',
  };
}

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

const FORMAT_HINT = 'Formato permitido: <b>, <i>, <u>, <br> y <p>; lo demás se elimina al guardar.';

/** Edit mode of the general information: validated with the server's schema before sending. */
export function SettingsForm({
  organizationId,
  settings,
  onDone,
}: {
  organizationId: string;
  settings: Settings;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChangeSettings(organizationId);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const textProps = (field: SettingsTextField) => ({
    label: SETTINGS_FIELDS[field].label,
    value: draft[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SettingsBodySchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
      return;
    }
    save.mutate(draft, {
      onSuccess: (response) => {
        toast('success', response.message, { id: 'settings-saved' });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          setErrors(
            Object.fromEntries(error.errors.map((item) => [item.path.replace(/^body\./, ''), item.message])),
          );
        }
        toast('danger', error.message || SETTINGS_MESSAGES.saveFailed);
      },
    });
  };

  // A stored period the contracts no longer have is still shown, so saving keeps it.
  const periods = [...settings.administrationPeriods];
  if (settings.defaultAdministrationPeriod && !periods.includes(settings.defaultAdministrationPeriod)) {
    periods.push(settings.defaultAdministrationPeriod);
  }
  const listed = Object.values(errors);

  return (
    <form onSubmit={submit} noValidate data-testid="settings-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...textProps('welcomeTitle')} description={FORMAT_HINT} />
          <TextInput {...textProps('title')} description={FORMAT_HINT} />
        </SimpleGrid>
        <Textarea {...textProps('description')} description={FORMAT_HINT} autosize minRows={3} maxRows={8} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...textProps('contactEmail')}
            type="email"
            description="Recibe los mensajes del formulario de contacto; la página de Contacto lo muestra como enlace."
          />
          <TextInput {...textProps('contactLocation')} />
          <Textarea {...textProps('address')} autosize minRows={1} maxRows={4} />
          <Textarea {...textProps('schedule')} autosize minRows={1} maxRows={4} />
        </SimpleGrid>
        <Textarea {...textProps('additionalInformation')} autosize minRows={2} maxRows={8} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...textProps('socialUrl')} type="url" placeholder="https://" />
          <Select
            label="Periodo de administración predeterminado"
            description="Se preselecciona en los filtros del sitio público."
            placeholder="Sin periodo predeterminado"
            data={periods}
            value={draft.defaultAdministrationPeriod || null}
            onChange={(value) => set('defaultAdministrationPeriod', value ?? '')}
            error={errors.defaultAdministrationPeriod}
            clearable
            nothingFoundMessage="No hay contratos cargados"
          />
        </SimpleGrid>
        <Stack gap="sm">
          <Switch
            label="Mostrar fondo detrás del texto de la portada"
            description="Un recuadro oscuro que ayuda a leer los textos sobre cualquier imagen."
            checked={draft.showBackgroundText}
            onChange={(event) => set('showBackgroundText', event.currentTarget.checked)}
          />
          <Switch
            label="Redondear cantidades"
            description="Los porcentajes del sitio público se muestran sin decimales."
            checked={draft.round}
            onChange={(event) => set('round', event.currentTarget.checked)}
          />
        </Stack>
        <FormErrors messages={listed} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
