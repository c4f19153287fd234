import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LIMITS } from '../../../../shared/constants/limits';
import { ACCOUNT_MESSAGES } from '../../../../shared/schemas/accounts';
import { USER_MESSAGES } from '../../../../shared/schemas/users';
import { toast } from '../../../lib/notifications';
import { useChangePassword } from './api';
import { useDelayedError } from './use-delayed-error';

/** 'Cambiar contraseña': the current one, the new one twice; the other sessions end. */
export function PasswordCard() {
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
