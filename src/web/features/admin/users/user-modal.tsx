import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { PERMISSION_LABELS } from '../../../../shared/auth/permissions';
import { PERMISSIONS, type Permission } from '../../../../shared/constants/enums';
import {
  EmailSchema,
  USER_MESSAGES,
  type User,
  type UserSaveBody,
  UserSaveBodySchema,
} from '../../../../shared/schemas/users';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useSaveUser } from './api';

type Draft = Omit<UserSaveBody, 'notes' | 'permissions'> & { notes: string; permissions: Permission[] };

const EMPTY: Draft = {
  name: '',
  lastName: '',
  email: '',
  active: true,
  administratorType: 'CUSTOM',
  permissions: [],
  notes: '',
};

function draftOf(user: User | null): Draft {
  if (!user) return EMPTY;
  return {
    _id: user._id,
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    active: user.active,
    administratorType: user.administratorType,
    permissions: user.permissions,
    notes: user.notes ?? '',
  };
}

/**
 * 'Nuevo(a)' / 'Editar' user: the same rules as the server (UserSaveBodySchema). A new user is
 * asked for confirmation, since an invitation e-mail goes out at once.
 */
export function UserModal({
  user,
  opened,
  onClose,
}: {
  user: User | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const save = useSaveUser();

  const { reset } = save;
  useEffect(() => {
    if (opened) {
      setDraft(draftOf(user));
      setErrors({});
      setConfirming(false);
      reset();
    }
  }, [opened, user, reset]);

  // The address is checked one second after typing stops (spec), before anything is saved.
  const [typedEmail] = useDebouncedValue(draft.email, 1000);
  const emailHint =
    typedEmail.trim() && !EmailSchema.safeParse(typedEmail).success ? USER_MESSAGES.emailInvalid : null;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // A field being corrected no longer shows its old error.
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const validate = (): boolean => {
    const parsed = UserSaveBodySchema.safeParse(draft);
    if (parsed.success) {
      setErrors({});
      return true;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
    return false;
  };

  const submit = () => {
    if (!validate()) return;
    if (!draft._id && !confirming) {
      setConfirming(true);
      return;
    }
    save.mutate(draft, {
      onSuccess: (response) => {
        toast('success', response.message);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          setErrors(
            Object.fromEntries(error.errors.map((item) => [item.path.replace(/^body\./, ''), item.message])),
          );
        }
        toast('danger', error.message || 'No fue posible guardar el registro.');
        setConfirming(false);
      },
    });
  };

  const footerErrors = Object.values(errors);
  return (
    <Modal opened={opened} onClose={onClose} title={draft._id ? 'Editar' : 'Nuevo(a)'} size="lg" centered>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Nombre"
            required
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput
            label="Apellido"
            required
            value={draft.lastName}
            error={errors.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="Correo electrónico"
          type="email"
          required
          value={draft.email}
          error={errors.email ?? emailHint}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <Switch
          label="Habilitar acceso a la plataforma"
          checked={draft.active}
          onChange={(e) => set('active', e.currentTarget.checked)}
        />
        <Radio.Group
          label="Tipo de administrador"
          value={draft.administratorType}
          onChange={(value) => set('administratorType', value as Draft['administratorType'])}
        >
          <Group mt={4}>
            <Radio value="GENERAL" label="General (acceso completo)" />
            <Radio value="CUSTOM" label="Personalizado" />
          </Group>
        </Radio.Group>
        {draft.administratorType === 'CUSTOM' ? (
          <Checkbox.Group
            label="Permisos"
            value={draft.permissions}
            error={errors.permissions}
            onChange={(value) => set('permissions', value as Permission[])}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt={6} spacing={6}>
              {PERMISSIONS.map((permission) => (
                <Checkbox key={permission} value={permission} label={PERMISSION_LABELS[permission]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ) : null}
        <Textarea
          label="Notas"
          autosize
          minRows={2}
          value={draft.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
        {confirming ? (
          <Alert color="blue" variant="light" title="¿Crear el usuario?">
            Se enviará a {draft.email} un correo con un enlace para crear su contraseña. Pulsa Guardar de
            nuevo para confirmar.
          </Alert>
        ) : null}
        {footerErrors.length > 0 ? (
          <Alert color="red" variant="light" title="El formulario contiene errores" role="alert">
            <Stack gap={2}>
              {footerErrors.map((message) => (
                <Text key={message} fz="sm">
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
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
