import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { BackLink } from '../../components/back-link';
import {
  comparisonFailure,
  useMonitorSearch,
  useRecentComparisons,
} from '../../features/comparisons/api/comparisons';
import { MonitorList } from '../../features/comparisons/components/monitor-list';
import { RecentComparisons } from '../../features/comparisons/components/recent-comparisons';
import { cannotShow } from '../../lib/load-state';

/** The search in the address, so Back returns to the same results. */
const SEARCH = 'buscar';

/**
 * /comparations (public spec): choose a monitor to compare with the current one. The search box
 * takes a monitor's name (this installation's monitors) or the address of another installation
 * (its monitors, read by our server through the guarded client); the current monitor's recent
 * comparisons below.
 */
export function ComparisonsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('Comparar monitores')} · Vigía`);
  const organization = useOutletContext<PublicOrganization>();
  const [params, setParams] = useSearchParams();
  const search = (params.get(SEARCH) ?? '').trim();
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  const found = useMonitorSearch(organization._id, search);
  const { data, isPending, error, isFetching } = found;
  const recent = useRecentComparisons(organization._id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    setTyped(text);
    setParams(text ? { [SEARCH]: text } : {});
  };

  const result = data?.data;
  const remote = result?.baseRemoteUrl ?? null;
  // Another server's failure is the visitor's address, said in words; ours is a load failure.
  const failure = cannotShow(found) ? t(comparisonFailure(error)) : null;
  const monitors = (result?.docs ?? []).filter((monitor) => remote || monitor._id !== organization._id);

  useEffect(() => {
    if (recent.isError) console.warn('comparations.public.retrieve.error', recent.error);
  }, [recent.isError, recent.error]);

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between">
        <BackLink to="/calculations/corruption-index" label="Índice de riesgo de corrupción" />
        <Anchor component={Link} to="/resources" fz="sm">
          {t('Recursos')} →
        </Anchor>
      </Group>
      <Stack gap={4} mt="sm" mb="lg">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          {t('Comparar monitores')}
        </Title>
        <Text c="dimmed">
          {t(
            'Compara el índice de riesgo de corrupción y el gasto de {{name}} con otro monitor de este portal o de otro portal.',
            { name: organization.shortName },
          )}
        </Text>
      </Stack>
      <form onSubmit={submit}>
        <Group gap="sm" mb="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('Buscar monitor')}
            placeholder={t('Nombre o dirección de otro portal')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={300}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" loading={isFetching && Boolean(search)}>
            {t('Buscar')}
          </Button>
        </Group>
      </form>
      <Text fz="xs" c="dimmed" mb="lg">
        {t(
          'Para comparar con un monitor de otro portal escribe su dirección, por ejemplo https://monitor.ejemplo.org',
        )}
      </Text>
      <Stack gap="xl">
        <section>
          <Title order={2} fz="h3" mb="sm">
            {remote || (failure && search)
              ? t('Monitores de {{address}}', { address: remote ?? search })
              : search
                ? t('Monitores que coinciden con «{{search}}»', { search })
                : t('Otros monitores de este portal')}
          </Title>
          {failure ? (
            <Alert
              color="red"
              variant="light"
              title={t('No fue posible consultar ese portal')}
              data-testid="search-error"
            >
              {failure}
            </Alert>
          ) : isPending ? (
            <Skeleton height={140} radius="md" />
          ) : monitors.length === 0 ? (
            <Alert
              color="gray"
              variant="light"
              title={t('No se han encontrado monitores que coincidan con tu búsqueda')}
            >
              {t('Por favor intenta nuevamente')}
            </Alert>
          ) : (
            <MonitorList monitors={monitors} baseRemoteUrl={remote} />
          )}
        </section>
        <section>
          <Title order={2} fz="h3" mb="sm">
            {t('Comparaciones Recientes')}
          </Title>
          {recent.data ? (
            <RecentComparisons items={recent.data.data} />
          ) : recent.isPending && !cannotShow(recent) ? (
            <Skeleton height={40} radius="md" />
          ) : null}
        </section>
      </Stack>
    </Container>
  );
}
