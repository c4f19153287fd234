import '@mantine/dropzone/styles.css';
import { AspectRatio, Box, Card, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { LIMITS } from '../../../../shared/constants/limits';
import { SETTINGS_MESSAGES } from '../../../../shared/schemas/settings';
import { UploadIcon } from '../../../components/icons';
import { toast } from '../../../lib/notifications';
import { useChangeCover } from './api';

const COVER_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/gif'];
const MEGABYTES = LIMITS.coverBytes / 1024 / 1024;

/**
 * The cover of the public home: the current image and a drop area to replace it at once. Type
 * and size are checked here too, so a wrong file never travels; the server checks the bytes.
 */
export function CoverCard({ organizationId, cover }: { organizationId: string; cover: string | null }) {
  const upload = useChangeCover(organizationId);

  const send = (file: File | undefined) => {
    if (!file) return;
    if (!COVER_TYPES.includes(file.type)) return toast('danger', SETTINGS_MESSAGES.coverType);
    if (file.size > LIMITS.coverBytes) return toast('danger', SETTINGS_MESSAGES.coverSize);
    upload.mutate(file, {
      onSuccess: (response) => toast('success', response.message, { id: 'cover-saved' }),
      onError: (error) => toast('danger', error.message || SETTINGS_MESSAGES.coverFailed),
    });
  };
  const reject = (rejections: FileRejection[]) => {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
    toast(
      'danger',
      codes.includes('file-too-large') ? SETTINGS_MESSAGES.coverSize : SETTINGS_MESSAGES.coverType,
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="xs">
        Portada
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        La imagen de fondo de la página de inicio del sitio público.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AspectRatio ratio={1280 / 500}>
          {cover ? (
            <Image
              src={`/public-api/files/image/${cover}`}
              alt="Portada actual"
              radius="md"
              fit="cover"
              data-testid="cover-preview"
            />
          ) : (
            <Box
              bg="var(--mantine-color-brand-6)"
              style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
              c="white"
              data-testid="cover-empty"
            >
              <Text fw={600}>Sin portada</Text>
            </Box>
          )}
        </AspectRatio>
        <Dropzone
          onDrop={(files) => send(files[0])}
          onReject={reject}
          accept={COVER_TYPES}
          maxSize={LIMITS.coverBytes}
          multiple={false}
          loading={upload.isPending}
          useFsAccessApi={false}
          radius="md"
          inputProps={{ 'aria-label': 'Imagen de portada' }}
          data-testid="cover-dropzone"
        >
          <Stack align="center" justify="center" gap={6} mih={150} style={{ pointerEvents: 'none' }}>
            <Box c="dimmed">
              <UploadIcon size={32} />
            </Box>
            <Text fw={600} ta="center">
              Arrastra una imagen aquí o haz clic para elegirla
            </Text>
            <Text fz="sm" c="dimmed" ta="center">
              Tamaño recomendado 1280 x 500
            </Text>
            <Text fz="xs" c="dimmed" ta="center">
              PNG, JPEG, SVG o GIF de hasta {MEGABYTES} MB.
            </Text>
            <Dropzone.Reject>
              <Text fz="sm" c="red" ta="center">
                Este archivo no es una imagen válida.
              </Text>
            </Dropzone.Reject>
          </Stack>
        </Dropzone>
      </SimpleGrid>
    </Card>
  );
}
