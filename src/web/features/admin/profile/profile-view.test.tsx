import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../../shared/schemas/users';
import { apiError, fakeApi } from '../../../test/api';
import { findToast, renderScreen } from '../../../test/render';
import { ProfileView } from './profile-view';

const PROFILE = {
  error: false,
  data: {
    _id: '01900000-0000-7000-8000-0000000000aa',
    name: 'Ana',
    lastName: 'Pérez',
    fullName: 'Ana Pérez',
    email: 'ana@example.org',
    profilePicture: null,
    updatedAt: '2024-03-05T12:00:00.000Z',
  },
};
const SAVE = 'POST /api/users/updateProfileInfo';

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('form') as HTMLElement;

describe('ProfileView', () => {
  it('shows one’s data and refuses an empty name at once on saving, sending nothing', async () => {
    const api = fakeApi({ 'GET /api/users/getProfileInfo': () => PROFILE, [SAVE]: () => PROFILE });
    const { user } = renderScreen(<ProfileView />);
    const name = await screen.findByRole('textbox', { name: /^Nombre/ });
    expect(name).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('ana@example.org');

    await user.clear(name);
    await user.click(within(card('Datos personales')).getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText(USER_MESSAGES.nameRequired)).toBeInTheDocument();
    await findToast('El formulario contiene errores');
    expect(api.to(SAVE)).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    const api = fakeApi({
      'GET /api/users/getProfileInfo': () => PROFILE,
      [SAVE]: () => {
        throw apiError(400, 'VALIDATION', USER_MESSAGES.currentPasswordWrong);
      },
    });
    const { user } = renderScreen(<ProfileView />);
    const form = within(card('Cambiar contraseña'));
    await user.type(form.getByLabelText(/^Contraseña actual/), 'equivocada');
    await user.type(form.getByLabelText(/^Nueva contraseña/), 'una-clave-nueva-1');
    await user.type(form.getByLabelText(/^Confirmar contraseña/), 'una-clave-nueva-1');
    await user.click(form.getByRole('button', { name: 'Cambiar contraseña' }));

    await findToast(USER_MESSAGES.currentPasswordWrong);
    expect(form.getByText(USER_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(api.last(SAVE)?.body).toEqual({
      currentPassword: 'equivocada',
      newPassword: 'una-clave-nueva-1',
      confirmPassword: 'una-clave-nueva-1',
    });
  });

  it('refuses passwords that differ, sending nothing', async () => {
    const api = fakeApi({ 'GET /api/users/getProfileInfo': () => PROFILE, [SAVE]: () => PROFILE });
    const { user } = renderScreen(<ProfileView />);
    const form = within(card('Cambiar contraseña'));
    await user.type(form.getByLabelText(/^Contraseña actual/), 'la-actual-123');
    await user.type(form.getByLabelText(/^Nueva contraseña/), 'una-clave-nueva-1');
    await user.type(form.getByLabelText(/^Confirmar contraseña/), 'otra-clave-nueva-2');
    await user.click(form.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(form.getByText(USER_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(api.to(SAVE)).toHaveLength(0);
  });
});
