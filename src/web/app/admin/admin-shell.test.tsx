import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, type Permission } from '../../../shared/constants/enums';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { getCurrentOrganizationId } from '../../lib/current-organization';
import { clearSession, getSession, setSession } from '../../lib/session';
import { expectSkipLinkToMain, onPhone } from '../../test/a11y';
import { fakeApi } from '../../test/api';
import { TEST_ORGANIZATION } from '../../test/public';
import { findToast, renderScreen } from '../../test/render';
import { AdminHeaderOnly, AdminShell } from './admin-shell';

// The bell keeps a live stream to the server: it has its own place, not this screen's test.
vi.mock('../../features/admin/notifications/notifications-menu', () => ({
  NotificationsMenu: () => null,
}));

const signIn = (permissions: Permission[]) =>
  setSession({
    token: 'token-de-prueba',
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    permissions,
    user: { _id: 'u1', fullName: 'Carmen Carga Ruiz', profilePicture: null },
  });

const organizations = (docs = [TEST_ORGANIZATION]) => ({
  'GET /public-api/organizations/list': () => ({
    error: false,
    data: { docs, total: docs.length, page: 1, pages: 1 },
  }),
});

const shell = (
  <Routes>
    <Route path="/" element={<p>Portada pública</p>} />
    <Route path="/admin/select-organization" element={<AdminHeaderOnly />}>
      <Route index element={<h1>Selecciona un monitor</h1>} />
    </Route>
    <Route path="/admin" element={<AdminShell />}>
      <Route path="contracts" element={<p>Pantalla de contratos</p>} />
    </Route>
  </Routes>
);

const section = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Secciones de la administración' })).queryByRole('link', {
    name,
  });

let desktop: (() => void) | undefined;
afterEach(() => {
  clearSession();
  desktop?.();
  desktop = undefined;
});

describe('AdminShell', () => {
  it('shows the chosen monitor and only the sections the administrator may open', async () => {
    fakeApi(organizations());
    signIn(['CONTRACTS']);
    renderScreen(shell, { route: '/admin/contracts' });
    expect(screen.getByText('Pantalla de contratos')).toBeInTheDocument();
    expect(await screen.findByText('MP')).toBeInTheDocument();
    expect(screen.getByText('Municipio de Prueba')).toBeInTheDocument();

    expect(section('Inicio')).toBeInTheDocument();
    expect(section('Contratos')).toHaveAttribute('data-active', 'true');
    expect(section('Carga de datos')).toBeInTheDocument();
    // The alerts' counts need no permission: any administrator of the monitor (decision 0053).
    expect(section('Avisos')).toBeInTheDocument();
    for (const hidden of ['Usuarios', 'Organizaciones', 'Cálculos', 'Configuración'])
      expect(section(hidden)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cargar datos' })).toHaveAttribute('href', '/admin/data-load');
    expect(screen.queryByRole('link', { name: 'Configuración' })).not.toBeInTheDocument();
    // The user menu says what it shows, name first (speech input), and shows no initials its name lacks.
    const userMenu = screen.getByTestId('user-menu');
    expect(userMenu).toHaveAccessibleName('Carmen Carga Ruiz, Admin, menú de usuario');
    expect(within(userMenu).queryByText('CC')).not.toBeInTheDocument();
    expect(screen.getByText('Carmen Carga Ruiz')).toBeInTheDocument();
  });

  it('gives an administrator with every permission every section and the settings button', async () => {
    fakeApi(organizations());
    signIn([...PERMISSIONS]);
    renderScreen(shell, { route: '/admin/contracts' });
    await screen.findByText('MP');
    for (const name of [
      'Usuarios',
      'Organizaciones',
      'Proveedores',
      'Unidades administrativas',
      'Recursos',
      'Cálculos',
      'Configuración',
    ])
      expect(section(name)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Configuración' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
  });

  it('signs out from the user menu: tells the server, goes to the public site, says so once', async () => {
    const api = fakeApi({
      ...organizations(),
      'POST /api/session/logout': () => ({ error: false, message: ACCOUNT_MESSAGES.loggedOut }),
    });
    signIn(['CONTRACTS']);
    const { user } = renderScreen(shell, { route: '/admin/contracts' });
    await user.click(screen.getByRole('button', { name: /^Carmen Carga Ruiz/ }));
    expect(await screen.findByRole('menuitem', { name: 'Seleccionar organización' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Portada pública')).toBeInTheDocument();
    await findToast(ACCOUNT_MESSAGES.loggedOut);
    expect(api.to('POST /api/session/logout')).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it('forgets a chosen monitor that no longer exists', async () => {
    fakeApi(organizations([]));
    signIn(['CONTRACTS']);
    renderScreen(shell, { route: '/admin/contracts' });
    await vi.waitFor(() => expect(getCurrentOrganizationId()).toBeNull());
    expect(screen.getByTestId('sidebar-organization')).toHaveTextContent('…');
  });

  it('starts with a skip link to the one <main>, past the header and the sidebar', async () => {
    fakeApi(organizations());
    signIn(['CONTRACTS']);
    const { user } = renderScreen(shell, { route: '/admin/contracts' });
    await screen.findByText('MP');
    await expectSkipLinkToMain(user);
    expect(screen.getByRole('main')).toHaveTextContent('Pantalla de contratos');
  });

  it('starts the monitor choice under /admin with it too', async () => {
    signIn(['CONTRACTS']);
    const { user } = renderScreen(shell, { route: '/admin/select-organization', monitor: null });
    await expectSkipLinkToMain(user);
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Selecciona un monitor' }),
    );
  });

  it('names the logo and the user menu by what they show first (WCAG 2.5.3) and says the menu’s state', async () => {
    fakeApi(organizations());
    signIn(['CONTRACTS']);
    const { user } = renderScreen(shell, { route: '/admin/contracts' });
    await screen.findByText('MP');
    const banner = screen.getByRole('banner');
    const home = within(banner).getByRole('link', { name: 'Vigía, inicio de la administración' });
    expect(home).toHaveAttribute('href', '/admin');
    expect(within(home).getByText('Vigía')).toBeInTheDocument();

    const userMenu = within(banner).getByRole('button', {
      name: 'Carmen Carga Ruiz, Admin, menú de usuario',
    });
    expect(within(userMenu).getByText('Carmen Carga Ruiz')).toBeInTheDocument();
    expect(userMenu).toHaveAttribute('aria-haspopup', 'menu');
    expect(userMenu).toHaveAttribute('aria-expanded', 'false');
    await user.click(userMenu);
    const menu = await screen.findByRole('menu');
    expect(userMenu).toHaveAttribute('aria-expanded', 'true');
    expect(userMenu).toHaveAttribute('aria-controls', menu.id);
  });

  it('on a phone, says whether the sections are open and which navigation the menu button controls', async () => {
    desktop = onPhone();
    fakeApi(organizations());
    signIn(['CONTRACTS']);
    const { user } = renderScreen(shell, { route: '/admin/contracts' });
    await screen.findByText('MP');
    const sections = screen.getByRole('navigation', { name: 'Secciones de la administración' });
    const burger = screen.getByRole('button', { name: 'Menú' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAttribute('aria-controls', sections.id);
    // Closed, the sidebar is hidden on a phone (its stylesheet), not only slid out of view.
    expect(sections).toHaveAttribute('data-closed');

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(sections).not.toHaveAttribute('data-closed');
    await user.click(within(sections).getByRole('link', { name: 'Contratos' }));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });
});
