import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { AuthHeading, BackToLogin } from '../../app/admin/auth-layout';
import { useResetPassword } from '../../features/admin/session/api';
import { toast } from '../../lib/notifications';

/** /forgot-password: 'ENVIAR CORREO', then 'Revisa tu correo' with the address entered. */
export function ForgotPasswordPage() {
  useDocumentTitle('Recuperar contraseña · Vigía');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast('danger', ACCOUNT_MESSAGES.resetRequired, { id: 'reset-required' });
      return;
    }
    reset.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (error) => toast('danger', error.message, { id: 'reset-failed' }),
    });
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        <Title order={1} fz={28}>
          Revisa tu correo
        </Title>
        <Text>
          Si <strong>{sentTo}</strong> pertenece a una cuenta activa, recibirás en unos minutos un enlace para
          restablecer tu contraseña. El enlace vence en 60 minutos.
        </Text>
        <Text c="dimmed" fz="sm">
          ¿No llegó? Revisa la carpeta de correo no deseado o vuelve a intentarlo.
        </Text>
        <Anchor component={Link} to="/login">
          Volver a iniciar sesión
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AuthHeading title="Recuperar contraseña">
        Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.
      </AuthHeading>
      {reset.isError ? (
        <Alert color="red" variant="light" role="alert">
          {reset.error.message}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" size="md" loading={reset.isPending} fullWidth>
            ENVIAR CORREO
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
