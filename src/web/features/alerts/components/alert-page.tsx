import { Container, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BackLink } from '../../../components/back-link';

/**
 * The frame of the alerts' link pages: the way back to the home and the title. No share button:
 * the address carries the person's token.
 */
export function AlertPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Vigía`);
  return (
    <Container size="sm" py="xl" style={{ overflowWrap: 'break-word' }}>
      <BackLink to="/" label="Regresar al inicio" />
      <Title order={1} fz={{ base: 26, sm: 32 }} mt="sm" mb="lg">
        {title}
      </Title>
      {children}
    </Container>
  );
}
