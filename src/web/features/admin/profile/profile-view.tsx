import { SimpleGrid, Stack, Title } from '@mantine/core';
import { NamesCard } from './names-card';
import { PasswordCard } from './password-card';
import { PictureCard } from './picture-card';

/** One's own name, picture and password. */
export function ProfileView() {
  return (
    <Stack gap="md">
      <Title order={1} fz={28}>
        Mi perfil
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Stack>
          <NamesCard />
          <PictureCard />
        </Stack>
        <PasswordCard />
      </SimpleGrid>
    </Stack>
  );
}
