import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import classes from './public-footer.module.css';

/** The site's footer links by column; the administration's footer lists the same links in one row. */
export const FOOTER_COLUMNS = [
  {
    title: 'Navegación',
    links: [
      { to: '/', label: 'Inicio' },
      { to: '/suppliers', label: 'Proveedores' },
      { to: '/contracts', label: 'Contratos' },
      { to: '/calculations/corruption-index', label: 'Índice de riesgo de corrupción' },
      { to: '/comparations', label: 'Comparar monitores' },
      { to: '/resources', label: 'Recursos' },
      { to: '/open-data', label: 'Datos abiertos' },
      { to: '/red-flags', label: 'Señales de alerta' },
    ],
  },
  {
    title: 'Información',
    links: [
      { to: '/privacy', label: 'Aviso de Privacidad' },
      { to: '/accessibility', label: 'Accesibilidad' },
      { to: '/contact', label: 'Contacto' },
      { to: '/admin', label: 'Administrar' },
    ],
  },
  {
    title: 'Nosotros',
    links: [{ to: '/about', label: 'Acerca de' }],
  },
] as const;

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text fw={800} fz="lg" c="white">
              Vigía
            </Text>
            <Text fz="sm" className={classes.muted}>
              {t(
                'Monitor ciudadano de las contrataciones públicas: quién recibe el dinero público y cómo se asigna.',
              )}
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack gap={6} key={column.title} component="nav" aria-label={t(column.title)}>
              <Text fw={700} c="white">
                {t(column.title)}
              </Text>
              {column.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} className={classes.link} fz="sm">
                  {t(link.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom}>
          <Text fz="xs" className={classes.muted}>
            {t('Los datos provienen de fuentes públicas oficiales.')}
          </Text>
          <LanguageSelect />
        </Group>
      </Container>
    </Box>
  );
}
