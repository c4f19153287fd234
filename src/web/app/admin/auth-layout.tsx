import { Anchor, Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { aboutQuery } from '../../features/about/api/about';

const TO_BE_DEFINED = 'Por definir...';

/**
 * Sign-in, forgot-password and new-password screens: no header, sidebar or footer (spec); the
 * association's branding beside the form, each text falling back to 'Por definir...'.
 */
export function AuthLayout() {
  const { data: about } = useQuery(aboutQuery());
  const association = about?.association;
  const paragraphs = (about?.about ?? TO_BE_DEFINED).split(/\n\s*\n/).slice(0, 2);
  const website = association?.website && association.website !== TO_BE_DEFINED ? association.website : null;
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'md', sm: 48 }} px="md">
      <Paper maw={960} mx="auto" radius="lg" shadow="md" style={{ overflow: 'hidden' }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <Stack p={{ base: 'lg', sm: 40 }} gap="md" bg="brand.7" c="white" justify="center">
            <Text fw={700} tt="uppercase" fz="sm" style={{ letterSpacing: 1 }}>
              Vigía · Administración
            </Text>
            <Title order={2} c="white">
              {association?.name ?? TO_BE_DEFINED}
            </Title>
            <Text fz="lg" fw={500}>
              {about?.mission && about.mission !== TO_BE_DEFINED ? about.mission : TO_BE_DEFINED}
            </Text>
            {paragraphs.map((paragraph) => (
              <Text key={paragraph} fz="sm" opacity={0.9}>
                {paragraph}
              </Text>
            ))}
            {website ? (
              <Anchor href={website} target="_blank" rel="noopener noreferrer" c="white" underline="always">
                {website}
              </Anchor>
            ) : (
              <Text fz="sm">{TO_BE_DEFINED}</Text>
            )}
          </Stack>
          <Box p={{ base: 'lg', sm: 40 }} component="main" id="contenido">
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
