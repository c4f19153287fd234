import { Container, Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { BackLink } from './back-link';
import { ShareButton } from './share-button';

/**
 * A page of text reached from the footer (/about, /privacy, /accessibility): the way back to the
 * home, the title (also the window's) with the share button, and the text.
 */
export function TextPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Vigía`);
  return (
    <Container size="md" py="xl" style={{ overflowWrap: 'break-word' }}>
      <BackLink to="/" label="Regresar al inicio" />
      <Group justify="space-between" align="flex-start" gap="sm" mt="sm" mb="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {title}
        </Title>
        <ShareButton />
      </Group>
      {children}
    </Container>
  );
}
