import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Burger,
  Button,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Session } from '../../../shared/schemas/accounts';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/accounts';
import { SettingsIcon, UploadIcon } from '../../components/icons';
import { NotificationsMenu } from '../../features/admin/notifications/notifications-menu';
import { logoutOnServer } from '../../features/admin/session/api';
import { toast } from '../../lib/notifications';
import { beginSignOut, canOpen, clearSession } from '../../lib/session';
import { adminSelectionPath } from './admin-paths';
import { ADMIN_SECTIONS_ID } from './admin-sidebar';

/**
 * The administration's header: the menu button on a phone, the logo home, 'Cargar datos' and the
 * settings when their permission is held, the notifications of the chosen monitor, the user menu.
 */
export function AdminHeader({
  session,
  organizationId,
  opened,
  onToggle,
}: {
  session: Session;
  organizationId: string | null;
  opened: boolean;
  onToggle(): void;
}) {
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={onToggle}
            hiddenFrom="sm"
            size="sm"
            aria-label="Menú"
            aria-expanded={opened}
            aria-controls={ADMIN_SECTIONS_ID}
          />
          {/* The name starts with what the link shows (WCAG 2.5.3), then says where it goes. */}
          <UnstyledButton component={Link} to="/admin" aria-label="Vigía, inicio de la administración">
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
          {organizationId ? (
            <NotificationsMenu organizationId={organizationId} token={session.token} />
          ) : null}
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
          <UserMenu session={session} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}

/**
 * The user's picture (or a person icon) and name; choose another monitor, edit the profile, sign out.
 * The button's name starts with the name it shows (WCAG 2.5.3: 'Carmen Carga Ruiz' is what a
 * speech user says); Menu.Target gives it aria-haspopup and aria-expanded.
 */
function UserMenu({ session }: { session: Session }) {
  const location = useLocation();
  const logout = useSignOut();
  return (
    <Menu position="bottom-end" width={230} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={`${session.user.fullName}, Admin, menú de usuario`}
          data-testid="user-menu"
        >
          <Group gap={8} wrap="nowrap">
            {/* No initials: text in the button that its name does not say would break speech input. */}
            <Avatar
              src={
                session.user.profilePicture ? `/public-api/files/image/${session.user.profilePicture}` : null
              }
              alt=""
              radius="xl"
              size={34}
              color="brand"
            />
            <Box visibleFrom="md" maw={{ base: 240, lg: 360 }}>
              <Text fz="sm" fw={600} truncate title={session.user.fullName}>
                {session.user.fullName}
              </Text>
              {/* A space between the two lines, so the text read is 'Name Admin'. */}{' '}
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
  );
}

/** Ends the session on the server and here, forgets the administration's data, and goes to /. */
function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // From here on, neither a call refused by the ended session nor the guard of the page being
    // left sends the user to sign in: the way out is / with one message.
    beginSignOut();
    await logoutOnServer();
    await navigate('/', { replace: true });
    clearSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    toast('success', ACCOUNT_MESSAGES.loggedOut, { id: 'logged-out' });
  };
}
