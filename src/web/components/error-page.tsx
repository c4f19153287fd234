import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** The shared frame of ACCESO DENEGADO, PÁGINA NO ENCONTRADA and the other error screens. */
export function ErrorPage({
  code,
  title,
  message,
  actions,
  withHelpLinks = true,
}: {
  code?: string;
  title: string;
  message: string;
  actions?: ReactNode;
  withHelpLinks?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        {code ? (
          <Text fz={72} fw={900} c="brand.7" lh={1} aria-hidden="true">
            {code}
          </Text>
        ) : null}
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t(title)}
        </Title>
        <Text c="dimmed" maw={480}>
          {t(message)}
        </Text>
        <Group justify="center" mt="sm">
          {actions ?? <BackAndHomeButtons />}
        </Group>
        {withHelpLinks ? (
          // The portal has no FAQ page: the help is what the portal is (/about) and who answers.
          <Group justify="center" gap="lg" mt="md">
            <Anchor component={Link} to="/about">
              {t('Acerca de')}
            </Anchor>
            <Anchor component={Link} to="/contact">
              {t('Contacto')}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}

/** 'Regresar' goes back one step; 'Ir al Inicio' goes to the home of the monitor. */
export function BackAndHomeButtons() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="default" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
        {t('Regresar')}
      </Button>
      <Button component={Link} to="/">
        {t('Ir al Inicio')}
      </Button>
    </>
  );
}
