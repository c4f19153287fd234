import { Anchor, Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { aboutQuery, configuredText } from '../../features/about/api/about';
import { MAIN_PROPS, SkipLink } from '../layouts/skip-link';

/**
 * Sign-in, forgot-password and new-password screens: no header, sidebar or footer (spec); the
 * association's branding beside the form (its texts are edited in the installation tab of the
 * settings). Texts not configured are left out rather than read as 'Por definir...'. On a phone
 * the branding keeps only the name and the mission, so the form is reached without scrolling.
 */
export function AuthLayout() {
  const { data: about } = useQuery(aboutQuery());
  const name = configuredText(about?.association.name);
  const mission = configuredText(about?.mission);
  const paragraphs = (configuredText(about?.about) ?? '')
    .split(/\n\s*\n/)
    .filter(Boolean)
    .slice(0, 2);
  const website = configuredText(about?.association.website);
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'md', sm: 48 }} px="md">
      <SkipLink label="Saltar al contenido principal" />
      <Paper maw={960} mx="auto" radius="lg" shadow="md" style={{ overflow: 'hidden' }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <Stack
            p={{ base: 'lg', sm: 40 }}
            gap="md"
            bg="brand.7"
            c="white"
            justify="center"
            data-testid="auth-branding"
          >
            <Text fw={700} tt="uppercase" fz="sm" style={{ letterSpacing: 1 }}>
              Vigía · Administración
            </Text>
            <Title order={2} c="white">
              {name ?? 'Vigía'}
            </Title>
            <Text fz={{ base: 'md', md: 'lg' }} fw={500}>
              {mission ?? 'Monitor de transparencia de las contrataciones públicas.'}
            </Text>
            {paragraphs.map((paragraph) => (
              <Text key={paragraph} fz="sm" opacity={0.9} visibleFrom="md">
                {paragraph}
              </Text>
            ))}
            {website && /^https?:\/\//i.test(website) ? (
              <Anchor
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                c="white"
                underline="always"
                visibleFrom="md"
              >
                {website}
              </Anchor>
            ) : null}
          </Stack>
          <Box p={{ base: 'lg', sm: 40 }} component="main" {...MAIN_PROPS}>
            <Outlet />
          </Box>
        </SimpleGrid>
      </Paper>
    </Box>
  );
}

/** The title of a sign-in screen and the line under it. */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {children}
      </Text>
    </div>
  );
}

/** The way back to the sign-in form from the password screens. */
export function BackToLogin() {
  return (
    <Anchor component={Link} to="/login" ta="center">
      Volver a iniciar sesión
    </Anchor>
  );
}
