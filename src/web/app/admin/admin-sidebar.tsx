import { AppShell, Box, Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import type { Session } from '../../../shared/schemas/accounts';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { canOpen } from '../../lib/session';
import classes from './admin-sidebar.module.css';

/** The sidebar's id: on a phone, the header's menu button opens and closes it (aria-controls). */
export const ADMIN_SECTIONS_ID = 'secciones-administracion';

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
  { to: '/admin/red-flags', label: 'Señales de alerta' },
  // Any administrator of the monitor: counts only, never an address (decision 0053).
  { to: '/admin/alerts', label: 'Avisos' },
  { to: '/admin/settings', label: 'Configuración' },
];

/**
 * The chosen monitor (its colour, short and full name) above the sections the user may open. On a
 * phone it shows while `opened` (the header's menu button); closed, it is hidden, not only slid away.
 */
export function AdminSidebar({
  session,
  organization,
  opened,
  onNavigate,
}: {
  session: Session;
  organization: PublicOrganization | null | undefined;
  opened: boolean;
  onNavigate(): void;
}) {
  const location = useLocation();
  const links = SECTIONS.filter((section) => canOpen(session, section.to));
  return (
    <AppShell.Navbar
      p="sm"
      aria-label="Secciones de la administración"
      id={ADMIN_SECTIONS_ID}
      className={classes.navbar}
      data-closed={opened ? undefined : true}
    >
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
            onClick={onNavigate}
            active={link.end ? location.pathname === link.to : location.pathname.startsWith(link.to)}
            variant="light"
          />
        ))}
      </Stack>
    </AppShell.Navbar>
  );
}
