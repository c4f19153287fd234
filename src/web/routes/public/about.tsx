import { Alert, Box, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { About } from '../../../shared/schemas/about';
import { TextPage } from '../../components/text-page';
import { configuredText, useAbout } from '../../features/about/api/about';
import { cannotShow } from '../../lib/load-state';
import classes from './about.module.css';

type CouncilMember = About['directiveCouncil'][number];

/**
 * /about: the civil association behind the portal. Its texts and council lists come from the
 * server's configuration and are shown as plain text, one paragraph per blank-line-separated block.
 */
export function AboutPage() {
  const { t } = useTranslation();
  const about = useAbout();
  const { data } = about;

  return (
    <TextPage title={t('Acerca de')}>
      {!data && !cannotShow(about) ? (
        <AboutSkeleton />
      ) : (
        <Stack gap="xl">
          <Text fz="lg" className={classes.lead}>
            <Intro name={configuredText(data?.association.name)} />
          </Text>
          {!data ? (
            <Alert color="red" variant="light">
              {t('La información general no se encuentra disponible en este momento.')}
            </Alert>
          ) : (
            <>
              <Section id="about-who" heading={t('¿Quiénes somos?')}>
                <Paragraphs text={data.about} />
              </Section>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <Paper withBorder p="lg" radius="md">
                  <Section id="about-mission" heading={t('Misión')}>
                    <Paragraphs text={data.mission} />
                  </Section>
                </Paper>
                <Paper withBorder p="lg" radius="md">
                  <Section id="about-vision" heading={t('Visión')}>
                    <Paragraphs text={data.vision} />
                  </Section>
                </Paper>
              </SimpleGrid>
              <Section id="about-values" heading={t('Valores')}>
                <Paragraphs text={data.values} />
              </Section>
              <Section id="about-directive-council" heading={t('Consejo Directivo')}>
                <CouncilList members={data.directiveCouncil} />
              </Section>
              <Section id="about-consultive-council" heading={t('Consejo Consultivo')}>
                <CouncilList members={data.consultiveCouncil} />
              </Section>
            </>
          )}
        </Stack>
      )}
    </TextPage>
  );
}

/** The association was formed in 2016 (spec); its name is used once it is configured. */
function Intro({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return name
    ? t(
        '{{name}} es una asociación civil que se formó en 2016 para prevenir la corrupción en las contrataciones públicas.',
        {
          name,
        },
      )
    : t(
        'Somos una asociación civil que se formó en 2016 para prevenir la corrupción en las contrataciones públicas.',
      );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz={{ base: 22, sm: 26 }} mb="sm">
        {heading}
      </Title>
      {children}
    </Box>
  );
}

/** A configured text as plain-text paragraphs (never HTML); single line breaks are kept. */
function Paragraphs({ text }: { text: string }) {
  const { t } = useTranslation();
  const value = configuredText(text);
  if (!value) return <Text c="dimmed">{t('Por definir...')}</Text>;
  const paragraphs = value
    .split(/\n[ \t]*(?:\r?\n[ \t]*)+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <Stack gap="sm">
      {withKeys(paragraphs, (paragraph) => paragraph).map(({ key, item }) => (
        <Text key={key} className={classes.paragraph}>
          {item}
        </Text>
      ))}
    </Stack>
  );
}

function CouncilList({ members }: { members: CouncilMember[] }) {
  const { t } = useTranslation();
  const listed = members.filter((member) => member.name.trim() || member.role.trim());
  if (listed.length === 0) return <Text c="dimmed">{t('Por definir...')}</Text>;
  return (
    <ul className={classes.council}>
      {withKeys(listed, (member) => `${member.name}\n${member.role}`).map(({ key, item }) => (
        <li key={key} className={classes.member}>
          <Text fw={600} className={classes.wrap}>
            {item.name}
          </Text>
          {item.role.trim() ? (
            <Text c="dimmed" fz="sm" className={classes.wrap}>
              {item.role}
            </Text>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Stable React keys for lists that may repeat an entry (the configuration is free text). */
function withKeys<T>(items: T[], identify: (item: T) => string) {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = identify(item);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: `${base}#${count}`, item };
  });
}

function AboutSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <Skeleton height={22} width="90%" />
      {[0, 1, 2].map((block) => (
        <Stack key={block} gap="xs">
          <Skeleton height={26} width={180} />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ))}
    </Stack>
  );
}
