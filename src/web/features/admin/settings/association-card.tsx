import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  ABOUT_FIELDS,
  ABOUT_MESSAGES,
  type AboutBody,
  AboutBodySchema,
  type AboutSettings,
  COUNCIL_MAX_MEMBERS,
} from '../../../../shared/schemas/about';
import { FormErrors } from '../../../components/form-errors';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useAboutSettings, useChangeAbout } from './api';

type Member = { name: string; role: string };
type Council = 'directiveCouncil' | 'consultiveCouncil';
const COUNCILS: Record<Council, string> = {
  directiveCouncil: 'Consejo Directivo',
  consultiveCouncil: 'Consejo Consultivo',
};

function toDraft(settings: AboutSettings): AboutBody {
  const { updatedAt: _updatedAt, ...texts } = settings;
  return structuredClone(texts);
}

/** Server and form errors by path ('association.name', 'mission', 'directiveCouncil.2.role'). */
function errorsByPath(issues: { path: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.replace(/^body\./, '')] ??= issue.message;
  return errors;
}

/**
 * The installation tab: the association that runs the whole installation (About, Privacy and the
 * sign-in page of every monitor). GENERAL administrators only; the server checks it again.
 */
export function AssociationCard() {
  const settings = useAboutSettings(true);
  if (settings.isError) {
    return (
      <Alert color="red" variant="light" title={ABOUT_MESSAGES.loadFailed}>
        <Button mt="sm" variant="light" color="red" onClick={() => void settings.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!settings.data) return <Skeleton height={420} radius="md" />;
  return <AssociationForm key={settings.data.updatedAt ?? 'file'} settings={settings.data} />;
}

function AssociationForm({ settings }: { settings: AboutSettings }) {
  const [draft, setDraft] = useState<AboutBody>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChangeAbout();

  const setText = (path: string, value: string) => {
    setDraft((current) => {
      const next = structuredClone(current);
      if (path.startsWith('association.')) {
        next.association[path.slice(12) as keyof AboutBody['association']] = value;
      } else {
        (next as unknown as Record<string, string>)[path] = value;
      }
      return next;
    });
    setErrors(({ [path]: _fixed, ...rest }) => rest);
  };
  const field = (path: string, key: keyof typeof ABOUT_FIELDS, value: string) => ({
    label: ABOUT_FIELDS[key].label,
    value,
    error: errors[path],
    maxLength: ABOUT_FIELDS[key].max,
    onChange: (event: { currentTarget: { value: string } }) => setText(path, event.currentTarget.value),
  });
  const setMembers = (council: Council, change: (members: Member[]) => Member[]) =>
    setDraft((current) => ({ ...current, [council]: change(current[council].map((m) => ({ ...m }))) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AboutBodySchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(
        errorsByPath(
          parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        ),
      );
      toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
      return;
    }
    save.mutate(draft, {
      onSuccess: (response) => toast('success', response.message, { id: 'about-saved' }),
      onError: (error) => {
        if (error instanceof ApiError && error.errors) setErrors(errorsByPath(error.errors));
        toast('danger', error.message || ABOUT_MESSAGES.saveFailed);
      },
    });
  };
  const listed = [...new Set(Object.values(errors))];

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate data-testid="association-form">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Asociación responsable del portal
            </Title>
            <Text fz="sm" c="dimmed">
              Estos textos son de toda la instalación: se muestran en Acerca de, en el Aviso de Privacidad y
              en la página de inicio de sesión de todos los monitores. Un texto vacío se muestra como «Por
              definir...».
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput {...field('association.name', 'name', draft.association.name)} />
            <TextInput
              {...field('association.email', 'email', draft.association.email)}
              type="email"
              description="Aparece en el Aviso de Privacidad."
            />
            <TextInput
              {...field('association.website', 'website', draft.association.website)}
              type="url"
              placeholder="https://"
            />
            <Textarea
              {...field('association.address', 'address', draft.association.address)}
              autosize
              minRows={1}
              maxRows={4}
            />
          </SimpleGrid>
          <Textarea
            {...field('about', 'about', draft.about)}
            description="Deja una línea en blanco entre párrafos. La página de inicio de sesión muestra los dos primeros."
            autosize
            minRows={4}
            maxRows={12}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Textarea
              {...field('mission', 'mission', draft.mission)}
              description="También encabeza la página de inicio de sesión."
              autosize
              minRows={3}
              maxRows={8}
            />
            <Textarea {...field('vision', 'vision', draft.vision)} autosize minRows={3} maxRows={8} />
          </SimpleGrid>
          <Textarea {...field('values', 'values', draft.values)} autosize minRows={2} maxRows={8} />
          {(Object.keys(COUNCILS) as Council[]).map((council) => (
            <CouncilFields
              key={council}
              council={council}
              members={draft[council]}
              errors={errors}
              onChange={(change) => setMembers(council, change)}
            />
          ))}
          <FormErrors messages={listed} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setDraft(toDraft(settings));
                setErrors({});
              }}
              disabled={save.isPending}
            >
              Descartar cambios
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function CouncilFields({
  council,
  members,
  errors,
  onChange,
}: {
  council: Council;
  members: Member[];
  errors: Record<string, string>;
  onChange: (change: (members: Member[]) => Member[]) => void;
}) {
  const title = COUNCILS[council];
  const set = (index: number, key: keyof Member, value: string) =>
    onChange((list) => list.map((member, at) => (at === index ? { ...member, [key]: value } : member)));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} fz="sm">
        {title}
      </Text>
      {members.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Sin integrantes: se muestra «Por definir...».
        </Text>
      ) : null}
      {members.map((member, index) => (
        // Rows have no identity of their own; their position is what the form edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <SimpleGrid
            cols={{ base: 1, xs: 2 }}
            spacing="xs"
            verticalSpacing={4}
            style={{ flex: 1, minWidth: 0 }}
          >
            <TextInput
              aria-label={`${title}: nombre ${index + 1}`}
              placeholder="Nombre"
              value={member.name}
              maxLength={ABOUT_FIELDS.memberName.max}
              error={errors[`${council}.${index}.name`]}
              onChange={(event) => set(index, 'name', event.currentTarget.value)}
            />
            <TextInput
              aria-label={`${title}: cargo ${index + 1}`}
              placeholder="Cargo"
              value={member.role}
              maxLength={ABOUT_FIELDS.memberRole.max}
              error={errors[`${council}.${index}.role`]}
              onChange={(event) => set(index, 'role', event.currentTarget.value)}
            />
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Quitar integrante ${index + 1} del ${title}`}
            onClick={() => onChange((list) => list.filter((_, at) => at !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={members.length >= COUNCIL_MAX_MEMBERS}
          onClick={() => onChange((list) => [...list, { name: '', role: '' }])}
          aria-label={`Agregar integrante al ${title}`}
        >
          Agregar integrante
        </Button>
      </Group>
      {errors[council] ? (
        <Text fz="sm" c="red">
          {errors[council]}
        </Text>
      ) : null}
    </Stack>
  );
}
