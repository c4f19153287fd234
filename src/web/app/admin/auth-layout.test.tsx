import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AboutResponse } from '../../../shared/schemas/about';
import { expectSkipLinkToMain } from '../../test/a11y';
import { fakeApi } from '../../test/api';
import { renderScreen } from '../../test/render';
import { AuthLayout } from './auth-layout';

const ABOUT: AboutResponse = {
  error: false,
  message: '',
  data: {
    association: { name: 'Asociación de Prueba', address: '', email: '', website: '' },
    about: '',
    mission: 'Vigilar las contrataciones.',
    vision: '',
    values: '',
    directiveCouncil: [],
    consultiveCouncil: [],
  },
};

describe('AuthLayout', () => {
  it('starts the sign-in screens with a skip link to the form’s <main>, past the branding', async () => {
    fakeApi({ 'GET /public-api/about': () => ABOUT });
    const { user } = renderScreen(
      <Routes>
        <Route element={<AuthLayout />}>
          <Route path="/login" element={<h1>Iniciar sesión</h1>} />
        </Route>
      </Routes>,
      { route: '/login', monitor: null },
    );
    await screen.findByText('Asociación de Prueba');
    await expectSkipLinkToMain(user);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Iniciar sesión' }),
    );
    expect(screen.getByRole('main')).not.toHaveTextContent('Vigilar las contrataciones.');
  });
});
