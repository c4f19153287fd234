import {
  Alert,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useSearchParams } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import type { PublicResource, ResourceGroups } from '../../../shared/schemas/resources';
import { BackLink } from '../../components/back-link';
import { ShareButton } from '../../components/share-button';
import { useResources } from '../../features/resources/api/resources';
import { ResourceCard } from '../../features/resources/components/resource-card';
import { cannotShow } from '../../lib/load-state';

const GROUPS: { key: keyof ResourceGroups; label: string; columns: number }[] = [
  { key: 'article', label: 'Artículos', columns: 3 },
  { key: 'notes', label: 'Notas', columns: 3 },
  { key: 'legalFramework', label: 'Documentos legales', columns: 2 },
  { key: 'website', label: 'Sitios web', columns: 3 },
];

function Cards({ items, columns }: { items: PublicResource[]; columns: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg">
      {items.map((resource) => (
        <ResourceCard key={resource._id} resource={resource} />
      ))}
    </SimpleGrid>
  );
}

/**
 * /resources: the monitor's articles, legal framework, notes and websites. Without a search,
 * tabs (Artículos and Marco Legal, plus Notas and Sitios web when there are any); with one, every
 * group that matched, with its total. The search (Enter or Buscar, trimmed) is kept in the address.
 */
export function ResourcesPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('Recursos')} · Vigía`);
  const organization = useOutletContext<PublicOrganization>();
  const [params, setParams] = useSearchParams();
  const search = (params.get('busqueda') ?? '').trim();
  const [typed, setTyped] = useState(search);
  const resources = useResources(organization._id, search);
  const { data } = resources;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    setTyped(text);
    setParams(text ? { busqueda: text } : {}, { replace: false });
  };

  const total = data ? GROUPS.reduce((sum, group) => sum + data[group.key].length, 0) : 0;
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between">
        <BackLink to="/comparations" label="Comparar monitores" />
        <ShareButton organizationId={organization._id} />
      </Group>
      <Stack gap={4} mt="sm" mb="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('Recursos')}
        </Title>
        <Text c="dimmed">
          {t('Artículos, marco legal, notas y sitios de interés sobre las contrataciones públicas.')}
        </Text>
      </Stack>
      <form onSubmit={submit}>
        <Group gap="sm" mb="xl" align="flex-end">
          <TextInput
            aria-label={t('Buscar recursos')}
            placeholder={t('Buscar recursos')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            style={{ flex: 1, maxWidth: 520 }}
          />
          <Button type="submit">{t('Buscar')}</Button>
        </Group>
      </form>

      {cannotShow(resources) ? (
        <Alert color="red" variant="light">
          {t('La información de recursos no se encuentra disponible en este momento.')}
        </Alert>
      ) : !data ? (
        <Skeleton height={240} />
      ) : search ? (
        total === 0 ? (
          <Alert color="gray" variant="light" title={t('No encontramos algún recurso con tu búsqueda')}>
            «{search}»
          </Alert>
        ) : (
          <Stack gap="xl">
            <Text fw={600}>
              {total === 1
                ? t('1 recurso encontrado')
                : t('{{count}} recursos encontrados', { count: total })}
            </Text>
            {GROUPS.filter((group) => data[group.key].length > 0).map((group) => (
              <Stack key={group.key} gap="sm" data-testid={`group-${group.key}`}>
                <Title order={2} fz="xl">
                  {t(group.label)} ({data[group.key].length})
                </Title>
                <Cards items={data[group.key]} columns={group.columns} />
              </Stack>
            ))}
          </Stack>
        )
      ) : (
        <Tabs defaultValue="article" keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="article">
              {t('Artículos')} ({data.article.length})
            </Tabs.Tab>
            <Tabs.Tab value="legalFramework">
              {t('Marco Legal')} ({data.legalFramework.length})
            </Tabs.Tab>
            {data.notes.length > 0 ? (
              <Tabs.Tab value="notes">
                {t('Notas')} ({data.notes.length})
              </Tabs.Tab>
            ) : null}
            {data.website.length > 0 ? (
              <Tabs.Tab value="website">
                {t('Sitios web')} ({data.website.length})
              </Tabs.Tab>
            ) : null}
          </Tabs.List>
          {GROUPS.map((group) => (
            <Tabs.Panel key={group.key} value={group.key}>
              {data[group.key].length === 0 ? (
                <Text c="dimmed">{t('Por ahora no hay recursos en esta sección.')}</Text>
              ) : (
                <Cards items={data[group.key]} columns={group.columns} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Container>
  );
}
