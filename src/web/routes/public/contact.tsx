import { Alert, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { BackLink } from '../../components/back-link';
import { ShareButton } from '../../components/share-button';
import { useContactInfo } from '../../features/contact/api/contact';
import { ContactDetails } from '../../features/contact/components/contact-details';
import { ContactForm } from '../../features/contact/components/contact-form';
import { cannotShow } from '../../lib/load-state';

/**
 * /contact: the form that writes to the monitor's team beside its map, schedule, additional
 * information, e-mail and social profile. A monitor without a contact e-mail says so instead of
 * showing a form that could not deliver. On a phone the form comes first, then the details.
 */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('Contacto')} · Vigía`);
  const organization = useOutletContext<PublicOrganization>();
  const contact = useContactInfo(organization._id);
  const { data } = contact;

  return (
    <Container size="lg" py="xl">
      <BackLink to="/" label="Regresar al inicio" />
      <Group justify="space-between" align="flex-start" gap="sm" mt="sm" mb="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t('Contacto')}
          </Title>
          <Text c="dimmed">{(data?.canReceive && data.contactLocation?.trim()) || organization.name}</Text>
        </Stack>
        <ShareButton />
      </Group>

      {cannotShow(contact) ? (
        <Alert color="red" variant="light">
          {t('La información de contacto no se encuentra disponible en este momento.')}
        </Alert>
      ) : !data ? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={520} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={320} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {data.canReceive ? (
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <ContactForm />
              </Paper>
            ) : (
              <Alert
                color="yellow"
                variant="light"
                title={t('La organización no ha configurado su correo electrónico de contacto')}
              >
                {t('Por ahora no es posible enviarle mensajes desde este sitio.')}
              </Alert>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ContactDetails info={data} />
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
