import { Avatar, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { LIMITS } from '../../../../shared/constants/limits';
import { USER_MESSAGES } from '../../../../shared/schemas/users';
import { toast } from '../../../lib/notifications';
import { useProfile, useUploadPicture } from './api';

const IMAGE_TYPES = 'image/png,image/jpeg,image/svg+xml,image/gif';

/** 'Foto de perfil': checked for type and size here before it is uploaded. */
export function PictureCard() {
  const profile = useProfile();
  const upload = useUploadPicture();
  const choose = (file: File | null) => {
    if (!file) return;
    if (!IMAGE_TYPES.split(',').includes(file.type)) return toast('danger', USER_MESSAGES.pictureType);
    if (file.size > LIMITS.imageBytes) return toast('danger', USER_MESSAGES.pictureSize);
    upload.mutate(file, {
      onSuccess: (response) => toast('success', response.message),
      onError: (error) => toast('danger', error.message || USER_MESSAGES.pictureFailed),
    });
  };
  const picture = profile.data?.profilePicture;
  return (
    <Card withBorder radius="md">
      <Title order={2} fz="lg" mb="sm">
        Foto de perfil
      </Title>
      <Group>
        <Avatar
          src={picture ? `/public-api/files/image/${picture}` : null}
          size={96}
          radius={96}
          alt="Foto de perfil"
          data-testid="profile-picture"
        />
        <Stack gap={6}>
          <FileButton onChange={choose} accept={IMAGE_TYPES}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending}>
                Cambiar foto
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed">
            PNG, JPEG, SVG o GIF de hasta 2 MB.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
