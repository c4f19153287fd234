import { Anchor, AppShell, Box, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { clearOrganization, useCurrentOrganization } from '../../features/organizations/api/organizations';
import { useSession } from '../../lib/session';
import { FOOTER_COLUMNS } from '../layouts/public-footer';
import { MAIN_PROPS, SkipLink } from '../layouts/skip-link';
import { AdminHeader } from './admin-header';
import { AdminSidebar } from './admin-sidebar';

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

/** Skip link, header, sidebar and footer of every administration screen. */
export function AdminShell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const { organization, stored, query } = useCurrentOrganization();
  // The chosen monitor was deleted meanwhile: choose again (the guard sends the user there).
  const gone = Boolean(stored && query.isSuccess && !organization);
  useEffect(() => {
    if (gone) clearOrganization();
  }, [gone]);
  if (!session) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink label="Saltar al contenido principal" />
      <AdminHeader session={session} organizationId={stored?.id ?? null} opened={opened} onToggle={toggle} />
      <AdminSidebar session={session} organization={organization} opened={opened} onNavigate={close} />

      {/* AppShell.Main is the page's one <main>; the box inside is a plain container. */}
      <AppShell.Main style={MAIN_BACKGROUND} {...MAIN_PROPS}>
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

/** The selection screen under /admin shows the header only (spec). */
export function AdminHeaderOnly() {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <SkipLink label="Saltar al contenido principal" />
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
      <Box component="main" {...MAIN_PROPS}>
        <Outlet />
      </Box>
    </Box>
  );
}
