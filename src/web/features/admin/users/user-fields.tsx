import { Checkbox, Group, Radio, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PERMISSION_LABELS } from '../../../../shared/auth/permissions';
import { PERMISSIONS, type Permission } from '../../../../shared/constants/enums';
import { EmailSchema, USER_MESSAGES, type User } from '../../../../shared/schemas/users';

export type UserDraft = Record<string, unknown>;

export const EMPTY_USER: UserDraft = {
  name: '',
  lastName: '',
  email: '',
  active: true,
  administratorType: 'CUSTOM',
  permissions: [],
  notes: '',
};

export function userDraft(user: User): UserDraft {
  return {
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    active: user.active,
    administratorType: user.administratorType,
    permissions: user.permissions,
    notes: user.notes ?? '',
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The user modal's fields (spec: name, last name, e-mail, 'Habilitar acceso a la plataforma',
 * GENERAL or CUSTOM, permissions only for CUSTOM, notes). The address is checked one second
 * after typing stops.
 */
export function UserFields({
  draft,
  set,
  errors,
}: {
  draft: UserDraft;
  set: (field: string, value: unknown) => void;
  errors: Record<string, string>;
}) {
  const [typedEmail] = useDebouncedValue(text(draft.email), 1000);
  const emailHint =
    typedEmail.trim() && !EmailSchema.safeParse(typedEmail).success ? USER_MESSAGES.emailInvalid : null;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nombre"
          required
          value={text(draft.name)}
          error={errors.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <TextInput
          label="Apellido"
          required
          value={text(draft.lastName)}
          error={errors.lastName}
          onChange={(event) => set('lastName', event.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label="Correo electrónico"
        type="email"
        required
        value={text(draft.email)}
        error={errors.email ?? emailHint}
        onChange={(event) => set('email', event.currentTarget.value)}
      />
      <Switch
        label="Habilitar acceso a la plataforma"
        checked={Boolean(draft.active)}
        onChange={(event) => set('active', event.currentTarget.checked)}
      />
      <Radio.Group
        label="Tipo de administrador"
        value={text(draft.administratorType)}
        onChange={(value) => set('administratorType', value)}
      >
        <Group mt={4}>
          <Radio value="GENERAL" label="General (acceso completo)" />
          <Radio value="CUSTOM" label="Personalizado" />
        </Group>
      </Radio.Group>
      {draft.administratorType === 'CUSTOM' ? (
        <Checkbox.Group
          label="Permisos"
          value={(draft.permissions as Permission[] | undefined) ?? []}
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
        value={text(draft.notes)}
        onChange={(event) => set('notes', event.currentTarget.value)}
      />
    </>
  );
}
