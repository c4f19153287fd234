import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { adminRedirect } from '../../app/admin/admin-paths';
import { AuthHeading } from '../../app/admin/auth-layout';
import { useLogin } from '../../features/admin/session/api';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { endReason } from '../../lib/session';

/** /login: 'Bienvenido Administrador'; Enter submits; goes on to redirectTo (an /admin path) or /admin. */
export function LoginPage() {
  useDocumentTitle('Iniciar sesión · Vigía');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirectTo');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const login = useLogin();
  // A message left by the previous step: password updated, session ended...
  const [info] = useState<string | null>(
    () => (location.state as { message?: string } | null)?.message ?? endReason(),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      toast('danger', ACCOUNT_MESSAGES.loginFailed, { id: 'login-failed' });
      return;
    }
    login.mutate(
      { username, password },
      {
        onSuccess: () => navigate(adminRedirect(redirectTo), { replace: true }),
        // Spec: a network failure reads as a failed sign-in too; limits keep their own message.
        onError: (error) =>
          toast(
            'danger',
            error instanceof ApiError && error.code === 'RATE_LIMITED'
              ? error.message
              : ACCOUNT_MESSAGES.loginFailed,
            { id: 'login-failed' },
          ),
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthHeading title="Bienvenido Administrador">Inicia sesión para administrar el monitor.</AuthHeading>
      {info || redirectTo ? (
        <Alert color="blue" variant="light" data-testid="login-info">
          {info ? <div>{info}</div> : null}
          {redirectTo ? <div>{ACCOUNT_MESSAGES.redirecting}</div> : null}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            name="username"
            type="email"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <PasswordInput
            label="Contraseña"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Group justify="space-between">
            <Checkbox
              label="Recordarme"
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
            />
            <Anchor component={Link} to="/forgot-password" fz="sm">
              ¿Olvidaste tu contraseña?
            </Anchor>
          </Group>
          <Button type="submit" size="md" loading={login.isPending} fullWidth>
            INICIAR SESIÓN
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/" ta="center">
        Volver al Monitor
      </Anchor>
    </Stack>
  );
}
