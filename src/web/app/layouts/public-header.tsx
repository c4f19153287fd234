import { Anchor, Box, Burger, Container, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { carriedFilters } from '../../../shared/filters-url';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { readableText } from '../../theme';
import classes from './public-header.module.css';

/** The phone menu's navigation, which the burger controls. */
const PHONE_MENU_ID = 'menu-principal';

/** The two lists that share their filters. */
const LISTS = ['/contracts', '/suppliers'];

/** Links of the top navigation (spec: public area, navigation). */
function useNavigationLinks() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // From one list to the other, the filters in the address go along (the counted-only switch too).
  const carried = (to: string) =>
    LISTS.includes(location.pathname) && location.pathname !== to
      ? `${to}${carriedFilters(new URLSearchParams(location.search))}`
      : to;
  return [
    { to: '/', label: 'Inicio', end: true },
    {
      to: `/select-organization?redirectTo=${encodeURIComponent(here)}`,
      label: 'Cambiar Organización',
      end: false,
    },
    { to: carried('/suppliers'), label: 'Proveedores', end: false },
    { to: carried('/contracts'), label: 'Contratos', end: false },
    { to: '/resources', label: 'Recursos', end: false },
  ];
}

export function PublicHeader({
  organization,
  withNavigation = true,
}: {
  organization?: PublicOrganization;
  withNavigation?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const links = useNavigationLinks();
  // The link's name starts with what it shows (WCAG 2.5.3: 'Vigía CEANV', then where it goes).
  const brand = organization ? `Vigía ${organization.shortName}` : 'Vigía';
  const items = links.map((link) => (
    <NavLink key={link.label} to={link.to} end={link.end} className={classes.link} onClick={close}>
      {t(link.label)}
    </NavLink>
  ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <UnstyledButton
          component={Link}
          to="/"
          className={classes.brand}
          aria-label={t('{{brand}}, inicio', { brand })}
        >
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <Text span fw={800} fz="lg" className={classes.product}>
            Vigía
          </Text>
          {/* A space between the two words, for the text speech input and axe read (the gap draws it). */}
          {organization ? ' ' : null}
          {organization ? (
            <Text
              span
              fw={700}
              fz="lg"
              style={{ color: readableText(organization.color) }}
              className={classes.shortName}
              title={organization.name}
            >
              {organization.shortName}
            </Text>
          ) : null}
        </UnstyledButton>
        {withNavigation ? (
          <>
            <Group gap={4} visibleFrom="md" component="nav" aria-label={t('Navegación principal')}>
              {items}
            </Group>
            {/* One name whether open or not: aria-expanded says which. */}
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              aria-label={t('Menú')}
              aria-expanded={opened}
              aria-controls={PHONE_MENU_ID}
            />
          </>
        ) : null}
      </Container>
      {/* From the burger's side: the open drawer covers the burger, so its X is the one close button. */}
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="xs"
        padding="md"
        title={organization?.name ?? 'Vigía'}
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': t('Cerrar menú') }}
      >
        <Stack gap="xs" component="nav" aria-label={t('Navegación principal')} id={PHONE_MENU_ID}>
          {items}
          {/* The footer's information pages, one tap away on a phone too. */}
          <Anchor component={Link} to="/contact" onClick={close} c="dimmed" mt="md">
            {t('Contacto')}
          </Anchor>
          <Anchor component={Link} to="/about" onClick={close} c="dimmed">
            {t('Acerca de')}
          </Anchor>
          <Anchor component={Link} to="/privacy" onClick={close} c="dimmed">
            {t('Aviso de Privacidad')}
          </Anchor>
          <Anchor component={Link} to="/accessibility" onClick={close} c="dimmed">
            {t('Accesibilidad')}
          </Anchor>
        </Stack>
      </Drawer>
    </Box>
  );
}
