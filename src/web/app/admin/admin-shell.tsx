import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  NavLink as MantineNavLink,
  Menu,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { SettingsIcon, UploadIcon } from '../../components/icons';
import { NotificationsMenu } from '../../features/admin/notifications/notifications-menu';
import { logoutOnServer } from '../../features/admin/session/api';
import { clearOrganization, useCurrentOrganization } from '../../features/organizations/api/organizations';
import { toast } from '../../lib/notifications';
import { beginSignOut, canOpen, clearSession, useSession } from '../../lib/session';
import { FOOTER_COLUMNS } from '../layouts/public-footer';
import { adminSelectionPath } from './admin-paths';

/** Sidebar links; each shows only when its section's permission is held (shared/auth/permissions). */
const SECTIONS: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: 'Inicio', end: true },
  { to: '/admin/users', label: 'Usuarios' },
  { to: '/admin/organizations', label: 'Organizaciones' },
  { to: '/admin/suppliers', label: 'Proveedores' },
  { to: '/admin/administrative-units', label: 'Unidades administrativas' },
  { to: '/admin/contracts', label: 'Contratos' },
  { to: '/admin/data-load', label: 'Carga de datos' },
  { to: '/admin/resources', label: 'Recursos' },
  { to: '/admin/calculations', label: 'Cálculos' },
  { to: '/admin/settings', label: 'Configuración' },
];

const FOOTER_LINKS: readonly { to: string; label: string }[] = FOOTER_COLUMNS.flatMap(
  (column): readonly { to: string; label: string }[] => column.links,
);

/**
 * The main area is grey, except the strip under the fixed sidebar, painted white with its border:
 * wherever the sidebar's own box ends (the bottom of the window; a full-page capture), the column
 * still reaches the bottom of tall pages. On a phone the offset is 0 and the strip vanishes.
 */
const MAIN_BACKGROUND = {
  background: `linear-gradient(to right,
    var(--mantine-color-body) calc(var(--app-shell-navbar-offset, 0rem) - 1px),
    var(--mantine-color-gray-3) calc(var(--app-shell-navbar-offset, 0rem) - 1px),
    var(--mantine-color-gray-3) var(--app-shell-navbar-offset, 0rem),
    var(--mantine-color-gray-0) var(--app-shell-navbar-offset, 0rem))`,
};

/** Header, sidebar and footer of every administration screen. */
export function AdminShell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const { organization, stored, query } = useCurrentOrganization();
  // The chosen monitor was deleted meanwhile: choose again (the guard sends the user there).
  const gone = Boolean(stored && query.isSuccess && !organization);
  useEffect(() => {
    if (gone) clearOrganization();
  }, [gone]);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (!session) return null;
  const links = SECTIONS.filter((section) => canOpen(session, section.to));

  const logout = async () => {
    // From here on, neither a call refused by the ended session nor the guard of the page being
    // left sends the user to sign in: the way out is / with one message.
    beginSignOut();
    await logoutOnServer();
    await navigate('/', { replace: true });
    clearSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    toast('success', ACCOUNT_MESSAGES.loggedOut, { id: 'logged-out' });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menú" />
            <UnstyledButton component={Link} to="/admin" aria-label="Vigía: inicio de la administración">
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={800} visibleFrom="xs">
                  Vigía
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {canOpen(session, '/admin/data-load') ? (
              <Button
                component={Link}
                to="/admin/data-load"
                size="xs"
                leftSection={<UploadIcon />}
                visibleFrom="xs"
              >
                Cargar datos
              </Button>
            ) : null}
            {stored ? <NotificationsMenu organizationId={stored.id} token={session.token} /> : null}
            {canOpen(session, '/admin/settings') ? (
              <Tooltip label="Configuración">
                <ActionIcon
                  component={Link}
                  to="/admin/settings"
                  variant="subtle"
                  size="lg"
                  aria-label="Configuración"
                >
                  <SettingsIcon size={20} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Menu position="bottom-end" width={230} shadow="md">
              <Menu.Target>
                <UnstyledButton aria-label="Menú de usuario" data-testid="user-menu">
                  <Group gap={8} wrap="nowrap">
                    <Avatar
                      src={
                        session.user.profilePicture
                          ? `/public-api/files/image/${session.user.profilePicture}`
                          : null
                      }
                      alt=""
                      radius="xl"
                      size={34}
                      color="brand"
                    >
                      {initials(session.user.fullName)}
                    </Avatar>
                    <Box visibleFrom="md" maw={{ base: 240, lg: 360 }}>
                      <Text fz="sm" fw={600} truncate title={session.user.fullName}>
                        {session.user.fullName}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        Admin
                      </Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={adminSelectionPath(`${location.pathname}${location.search}`)}>
                  Seleccionar organización
                </Menu.Item>
                <Menu.Item component={Link} to="/admin/profile">
                  Editar perfil
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item color="red" onClick={() => void logout()}>
                  Cerrar sesión
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Secciones de la administración">
        <Group gap="sm" mb="md" px="xs" wrap="nowrap">
          <Box
            w={14}
            h={14}
            style={{
              borderRadius: 4,
              background: organization?.color ?? 'var(--mantine-color-brand-6)',
              flex: 'none',
            }}
            aria-hidden="true"
          />
          <Box style={{ minWidth: 0 }}>
            <Text fw={800} truncate data-testid="sidebar-organization">
              {organization?.shortName ?? '…'}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {organization?.name}
            </Text>
          </Box>
        </Group>
        <Stack gap={2}>
          {links.map((link) => (
            <MantineNavLink
              key={link.to}
              component={NavLink}
              to={link.to}
              end={link.end}
              label={link.label}
              onClick={close}
              active={link.end ? location.pathname === link.to : location.pathname.startsWith(link.to)}
              variant="light"
            />
          ))}
        </Stack>
      </AppShell.Navbar>

      {/* AppShell.Main is the page's one <main>; the box inside is a plain container. */}
      <AppShell.Main style={MAIN_BACKGROUND} id="contenido">
        <Box mih="calc(100vh - 180px)">
          <Outlet />
        </Box>
        <Box
          component="footer"
          mt="xl"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group gap="md" justify="center">
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.label} component={Link} to={link.to} fz="sm" c="dimmed">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The selection screen under /admin shows the header only (spec). */
export function AdminHeaderOnly() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box
        component="header"
        h={60}
        px="md"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group h="100%" gap={8}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text fw={800}>Vigía · Administración</Text>
        </Group>
      </Box>
      <Box component="main" id="contenido">
        <Outlet />
      </Box>
    </Box>
  );
}
