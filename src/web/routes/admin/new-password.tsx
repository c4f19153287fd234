import { Button, PasswordInput, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LIMITS } from '../../../shared/constants/limits';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { AuthHeading, BackToLogin } from '../../app/admin/auth-layout';
import { useNewPassword } from '../../features/admin/session/api';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/notifications';

/** The spec's rules for the two fields, each message under the field it concerns. */
function checkPasswords(
  password: string,
  confirmPassword: string,
): { field: 'password' | 'confirmPassword'; message: string } | null {
  if (!password) return { field: 'password', message: ACCOUNT_MESSAGES.allRequired };
  if (!confirmPassword) return { field: 'confirmPassword', message: ACCOUNT_MESSAGES.allRequired };
  if (password.length < LIMITS.passwordMin)
    return { field: 'password', message: ACCOUNT_MESSAGES.passwordTooShort };
  if (password.length > LIMITS.passwordMax)
    return { field: 'password', message: ACCOUNT_MESSAGES.passwordTooLong };
  if (password !== confirmPassword) return { field: 'confirmPassword', message: ACCOUNT_MESSAGES.mustMatch };
  return null;
}

/**
 * /new-password/{token}: 'CAMBIAR CONTRASEÑA'. Success goes to /login with the spec's message;
 * an expired or used link says so and goes to /login too.
 */
export function NewPasswordPage() {
  useDocumentTitle('Nueva contraseña · Vigía');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'confirmPassword'; message: string } | null>(
    null,
  );
  const change = useNewPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPasswords(password, confirmPassword);
    setProblem(found);
    if (found) {
      toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
      return;
    }
    change.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: () =>
          navigate('/login', { replace: true, state: { message: ACCOUNT_MESSAGES.passwordUpdated } }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'LINK_EXPIRED') {
            toast('danger', ACCOUNT_MESSAGES.linkInvalid, { id: 'link-invalid' });
            navigate('/login', { replace: true, state: { message: ACCOUNT_MESSAGES.linkInvalid } });
          } else {
            const detail = error instanceof ApiError ? error.errors?.[0]?.message : undefined;
            setProblem({
              field: 'password',
              message: detail ?? (error.message || ACCOUNT_MESSAGES.resetFailed),
            });
          }
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <AuthHeading title="Nueva contraseña">
        Escribe tu nueva contraseña dos veces. Al cambiarla se cerrarán tus sesiones abiertas.
      </AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Nueva contraseña"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            error={problem?.field === 'password' ? problem.message : null}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirmar contraseña"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            error={problem?.field === 'confirmPassword' ? problem.message : null}
          />
          <Button type="submit" size="md" loading={change.isPending} fullWidth>
            CAMBIAR CONTRASEÑA
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
