import { Anchor, Card, Center, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/format/dates';
import { webLink } from '../../../../shared/format/links';
import type { PublicResource } from '../../../../shared/schemas/resources';
import { ArticleIcon } from '../../../components/icons';

/** One resource: title, date, its link ('Ver más', or 'Ir al sitio' for websites), an article's image. */
export function ResourceCard({ resource }: { resource: PublicResource }) {
  const { t } = useTranslation();
  const href = webLink(resource.url);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="resource-card">
      {resource.classification === 'ARTICLE' ? (
        <Card.Section mb="sm">
          {resource.image ? (
            <Image
              src={`/public-api/files/image/${resource.image}`}
              alt=""
              h={160}
              fit="cover"
              loading="lazy"
              data-testid="resource-image"
            />
          ) : (
            // An article without a picture keeps the row even: a quiet stand-in, not an empty gap.
            <Center
              h={160}
              bg="var(--mantine-color-brand-0)"
              c="var(--mantine-color-brand-4)"
              aria-hidden="true"
            >
              <ArticleIcon size={56} />
            </Center>
          )}
        </Card.Section>
      ) : null}
      <Stack gap={6}>
        <Text fw={700} lh={1.3}>
          {resource.title}
        </Text>
        <Text fz="sm" c="dimmed">
          {formatDate(resource.createdAt)}
        </Text>
        {href ? (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={600} fz="sm">
            {resource.classification === 'WEBSITE' ? t('Ir al sitio') : t('Ver más')}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
