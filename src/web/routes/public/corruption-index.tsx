import { Anchor, Button, Container, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { PATTERNS } from '../../../shared/constants/limits';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { DownloadMenu } from '../../components/download-menu';
import { LastUpdate } from '../../components/last-update';
import { LoadError } from '../../components/load-error';
import { ShareButton } from '../../components/share-button';
import {
  corruptionIndexDownloadUrl,
  useCorruptionIndex,
} from '../../features/corruption-index/api/corruption-index';
import { Axes } from '../../features/corruption-index/components/axes';
import { CalculationsPanel } from '../../features/corruption-index/components/calculations-panel';
import { HowModal } from '../../features/corruption-index/components/how-modal';
import { IndexSummary } from '../../features/corruption-index/components/index-summary';
import { msg } from '../../i18n/msg';
import { cannotShow, failureToWarn } from '../../lib/load-state';
import { toast } from '../../lib/notifications';

const INDEX_UNAVAILABLE = msg(
  'La información del Índice de Riesgo de Corrupción no se encuentra disponible en este momento.',
);
/** The chosen period in the address, so a shared link opens the same administration. */
const PERIOD = 'administracion';

/**
 * /calculations/corruption-index (public spec): the monitor's corruption-risk index for an
 * administration period (its default first), its axes and indicators with the lists behind them,
 * the other calculations, downloads, and the way on to the contracts and the comparisons.
 */
export function CorruptionIndexPage() {
  const { t } = useTranslation();
  const organization = useOutletContext<PublicOrganization>();
  const [params, setParams] = useSearchParams();
  const asked = params.get(PERIOD);
  const period = asked && PATTERNS.administrationPeriod.test(asked) ? asked : null;
  const result = useCorruptionIndex(organization._id, period);
  const { data, error, refetch, isFetching } = result;
  const [how, { open, close }] = useDisclosure(false);
  const index = data?.data;
  const shownPeriod = index?.administrationPeriod ?? period;
  useDocumentTitle(`${t('Índice de riesgo de corrupción')} · Vigía`);

  const warn = failureToWarn(result);
  useEffect(() => {
    if (warn) toast('danger', INDEX_UNAVAILABLE, { detail: error?.message });
  }, [warn, error]);
  if (cannotShow(result)) return <LoadError message={INDEX_UNAVAILABLE} onRetry={() => void refetch()} />;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Group gap="md">
              <Anchor component={Link} to="/" fz="sm">
                {t('Inicio')}
              </Anchor>
              <Anchor component={Link} to="/contracts" fz="sm">
                {t('Contratos')}
              </Anchor>
              <Anchor component={Link} to="/comparations" fz="sm">
                {t('Comparar monitores')}
              </Anchor>
            </Group>
            <Title order={1} mt={4} fz={{ base: 24, sm: 32 }}>
              {t('Índice de Riesgo de Corrupción')}
              {shownPeriod ? ` (${shownPeriod})` : ''}
            </Title>
          </div>
          <Group gap="xs">
            <DownloadMenu
              url={(format) => corruptionIndexDownloadUrl(organization._id, shownPeriod, format)}
            />
            <ShareButton organizationId={organization._id} />
          </Group>
        </Group>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Select
            label={t('Administración')}
            data={index?.administrationPeriods ?? []}
            value={shownPeriod}
            onChange={(value) => {
              if (!value) return;
              const next = new URLSearchParams(params);
              next.set(PERIOD, value);
              setParams(next);
            }}
            allowDeselect={false}
            w={200}
            disabled={!index}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap={0} align="flex-end">
            {index ? (
              <Text fz="sm" c="dimmed" data-testid="method-version">
                {t('Versión del método: {{version}}', { version: index.methodVersion })}
                {isFetching ? ` · ${t('Actualizando…')}` : ''}
              </Text>
            ) : null}
            <LastUpdate value={data?.lastUpdate} />
          </Stack>
        </Group>
        {!index ? (
          <Skeleton height={320} radius="md" />
        ) : !index.corruptionIndex && !index.administrationPeriod ? (
          <Text>{t('Este monitor todavía no tiene contratos para calcular el índice.')}</Text>
        ) : (
          <>
            <IndexSummary data={index} onHow={open} />
            <Axes axes={index.axes} />
            <CalculationsPanel items={index.calculationsInfo} />
            <HowModal data={index} opened={how} onClose={close} />
          </>
        )}
        <Group justify="center" gap="md" mt="sm">
          <Button component={Link} to="/contracts" size="md">
            {t('Ir a Contratos')}
          </Button>
          <Button component={Link} to="/comparations" size="md" variant="light">
            {t('Comparar monitores')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
