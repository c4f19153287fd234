import { Button, Card, Group, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { USER_MESSAGES } from '../../../../shared/schemas/users';
import { toast } from '../../../lib/notifications';
import { useProfile, useUpdateNames } from './api';
import { nameRule, useDelayedError } from './use-delayed-error';

/** 'Datos personales': the e-mail (read only), name and last name. */
export function NamesCard() {
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
