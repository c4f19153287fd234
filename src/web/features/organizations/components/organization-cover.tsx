import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicOrganization } from '../../../../shared/schemas/organizations';
import { FormattedText } from '../../../components/formatted-text';
import { ShareButton } from '../../../components/share-button';
import classes from './organization-cover.module.css';

/**
 * The home cover: the monitor's welcome title, title and description (formatted texts, sanitised
 * by the server) over its cover image.
 */
export function OrganizationCover({ organization }: { organization: PublicOrganization }) {
  const { t } = useTranslation();
  const image = organization.cover ? `/public-api/files/image/${organization.cover}` : undefined;
  return (
    <Box
      component="section"
      className={classes.cover}
      style={image ? { backgroundImage: `url("${image}")` } : undefined}
      aria-labelledby="cover-title"
    >
      <Container size="xl" className={classes.inner}>
        <Stack gap="xs" className={organization.showBackgroundText ? classes.panel : classes.plain} maw={720}>
          <Text component="div" className={classes.welcome} data-testid="cover-welcome">
            {organization.welcomeTitle ? (
              <FormattedText html={organization.welcomeTitle} />
            ) : (
              t('Bienvenido a')
            )}
          </Text>
          <Title order={1} id="cover-title" className={classes.title}>
            {organization.title ? <FormattedText inline html={organization.title} /> : organization.name}
          </Title>
          {organization.description ? (
            <FormattedText
              className={classes.description}
              html={organization.description}
              testId="cover-description"
            />
          ) : null}
          <Group mt="sm">
            <ShareButton variant="white" organizationId={organization._id} />
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
