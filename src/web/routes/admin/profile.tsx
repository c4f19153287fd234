import {
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/constants/limits';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { USER_MESSAGES } from '../../../shared/schemas/users';
import {
  useChangePassword,
  useProfile,
  useUpdateNames,
  useUploadPicture,
} from '../../features/admin/profile/api';
import { toast } from '../../lib/notifications';

const IMAGE_TYPES = 'image/png,image/jpeg,image/svg+xml,image/gif';

/** Shown one second after typing stops (spec), and at once when saving. */
function useDelayedError(
  value: string,
  check: (value: string) => string | null,
  touched: boolean,
  now: boolean,
) {
  const [debounced] = useDebouncedValue(value, 1000);
  return touched ? check(now ? value : debounced) : null;
}

function nameRule(message: string) {
  return (value: string) => (value.trim() ? null : message);
}

function NamesCard() {
  const profile = useProfile();
  const save = useUpdateNames();
  const [name, setName] = useState('');
  const [lastName, setLastName] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (profile.data) {
      setName(profile.data.name);
      setLastName(profile.data.lastName);
    }
  }, [profile.data]);
  const nameError = useDelayedError(name, nameRule(USER_MESSAGES.nameRequired), touched, submitted);
  const lastNameError = useDelayedError(
    lastName,
    nameRule(USER_MESSAGES.lastNameRequired),
    touched,
    submitted,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setSubmitted(true);
    if (!name.trim() || !lastName.trim()) return toast('danger', 'El formulario contiene errores');
    save.mutate(
      { name, lastName },
      {
        onSuccess: (response) => toast('success', response.message),
        onError: (error) => toast('danger', error.message || USER_MESSAGES.profileSaveFailed),
      },
    );
  };

  if (!profile.data) return <Skeleton height={220} />;
  return (
    <Card withBorder radius="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} fz="lg" mb="sm">
        Datos personales
      </Title>
      <Stack gap="sm">
        <TextInput label="Correo electrónico" value={profile.data.email} readOnly disabled />
        <TextInput
          label="Nombre"
          required
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setTouched(true);
            setSubmitted(false);
          }}
        />
        <TextInput
          label="Apellido"
          required
          value={lastName}
          error={lastNameError}
          onChange={(event) => {
            setLastName(event.currentTarget.value);
            setTouched(true);
            setSubmitted(false);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PictureCard() {
  const profile = useProfile();
  const upload = useUploadPicture();
  const choose = (file: File | null) => {
    if (!file) return;
    if (!IMAGE_TYPES.split(',').includes(file.type)) return toast('danger', USER_MESSAGES.pictureType);
    if (file.size > LIMITS.imageBytes) return toast('danger', USER_MESSAGES.pictureSize);
    upload.mutate(file, {
      onSuccess: (response) => toast('success', response.message),
      onError: (error) => toast('danger', error.message || USER_MESSAGES.pictureFailed),
    });
  };
  const picture = profile.data?.profilePicture;
  return (
    <Card withBorder radius="md">
      <Title order={2} fz="lg" mb="sm">
        Foto de perfil
      </Title>
      <Group>
        <Avatar
          src={picture ? `/public-api/files/image/${picture}` : null}
          size={96}
          radius={96}
          alt="Foto de perfil"
          data-testid="profile-picture"
        />
        <Stack gap={6}>
          <FileButton onChange={choose} accept={IMAGE_TYPES}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending}>
                Cambiar foto
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed">
            PNG, JPEG, SVG o GIF de hasta 2 MB.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function PasswordCard() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const lengthRule = (value: string) =>
    value.length < LIMITS.passwordMin
      ? ACCOUNT_MESSAGES.passwordTooShort
      : value.length > LIMITS.passwordMax
        ? ACCOUNT_MESSAGES.passwordTooLong
        : null;
  const newError = useDelayedError(newPassword, lengthRule, newPassword.length > 0 || submitted, submitted);
  const confirmError = useDelayedError(
    confirmPassword,
    (value) => (value === newPassword ? null : USER_MESSAGES.passwordsDiffer),
    confirmPassword.length > 0 || submitted,
    submitted,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!currentPassword || lengthRule(newPassword) || newPassword !== confirmPassword) {
      return toast('danger', 'El formulario contiene errores');
    }
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: () => {
          toast('success', 'Tu contraseña se actualizó. Las demás sesiones abiertas se cerraron.');
          setCurrent('');
          setNew('');
          setConfirm('');
          setSubmitted(false);
        },
        onError: (error) => {
          // Only the wrong current password belongs under its field; anything else is a toast.
          if (error.message === USER_MESSAGES.currentPasswordWrong) setServerError(error.message);
          toast('danger', error.message || USER_MESSAGES.profileSaveFailed);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} fz="lg" mb="sm">
        Cambiar contraseña
      </Title>
      <Stack gap="sm">
        <PasswordInput
          label="Contraseña actual"
          autoComplete="current-password"
          required
          value={currentPassword}
          error={serverError ?? (submitted && !currentPassword ? ACCOUNT_MESSAGES.allRequired : null)}
          onChange={(event) => {
            setCurrent(event.currentTarget.value);
            setServerError(null);
          }}
        />
        <PasswordInput
          label="Nueva contraseña"
          autoComplete="new-password"
          required
          value={newPassword}
          error={newError}
          onChange={(event) => {
            setNew(event.currentTarget.value);
            setSubmitted(false);
          }}
        />
        <PasswordInput
          label="Confirmar contraseña"
          autoComplete="new-password"
          required
          value={confirmPassword}
          error={confirmError}
          onChange={(event) => {
            setConfirm(event.currentTarget.value);
            setSubmitted(false);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/profile: one's own name, picture and password (no permission needed). */
export function ProfilePage() {
  useDocumentTitle('Mi perfil · Administración · Vigía');
  return (
    <Stack gap="md">
      <Title order={1} fz={28}>
        Mi perfil
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <NamesCard />
          <PictureCard />
        </Stack>
        <PasswordCard />
      </SimpleGrid>
    </Stack>
  );
}
