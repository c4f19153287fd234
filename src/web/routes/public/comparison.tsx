import { Badge, Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams, useSearchParams } from 'react-router';
import { sameMethod as isSameMethod, METHOD_WORDING } from '../../../shared/calculations/compare';
import { PATTERNS } from '../../../shared/constants/limits';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { BackLink } from '../../components/back-link';
import { DownloadMenu } from '../../components/download-menu';
import { LoadError } from '../../components/load-error';
import { ShareButton } from '../../components/share-button';
import {
  COMPARISONS_UNAVAILABLE,
  comparisonDownloadUrl,
  comparisonFailure,
  useComparisonSide,
} from '../../features/comparisons/api/comparisons';
import { ComparisonHowModal } from '../../features/comparisons/components/comparison-how-modal';
import {
  AmountsPanel,
  CountsPanel,
  GeneralDataPanel,
} from '../../features/comparisons/components/comparison-tables';
import { SideCard } from '../../features/comparisons/components/side-card';
import { cannotShow } from '../../lib/load-state';

/** Each side's period in the address, so a shared link opens the same comparison. */
const LEFT_PERIOD = 'administracion';
const RIGHT_PERIOD = 'administracionComparada';

function periodOf(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value && PATTERNS.administrationPeriod.test(value) ? value : null;
}

/**
 * /comparations/{id} (public spec): the current monitor on the left, the chosen one on the right
 * (ours, or another server's with ?baseRemoteUrl), each computed by its own server in its own
 * administration period: the index with its gauge and level, money and contracts per procedure
 * type, the general data paired by stable key, 'misma metodología' when both indexes are one
 * method; downloads recomputed on the server and Share.
 */
export function ComparisonPage() {
  const { t } = useTranslation();
  const organization = useOutletContext<PublicOrganization>();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const remoteUrl = params.get('baseRemoteUrl')?.trim() || null;
  const leftPeriod = periodOf(params, LEFT_PERIOD);
  const rightPeriod = periodOf(params, RIGHT_PERIOD);
  const left = useComparisonSide(organization._id, organization._id, null, leftPeriod);
  const right = useComparisonSide(organization._id, id, remoteUrl, rightPeriod);
  const [how, { open, close }] = useDisclosure(false);
  const leftSide = left.data?.data;
  const rightSide = right.data?.data;
  useDocumentTitle(
    `${t('Comparar monitores')}${rightSide ? `: ${organization.shortName} · ${rightSide.organization.shortName}` : ''} · Vigía`,
  );

  const choose = (name: string) => (period: string) => {
    const next = new URLSearchParams(params);
    next.set(name, period);
    setParams(next, { replace: true });
  };

  if (cannotShow(left))
    return <LoadError message={COMPARISONS_UNAVAILABLE} onRetry={() => void left.refetch()} />;

  // The chosen monitor's failure: the server's words when it is the address's (4xx), ours otherwise.
  const rightFailure = cannotShow(right) ? t(comparisonFailure(right.error)) : null;
  const same = Boolean(leftSide && rightSide && isSameMethod(leftSide.methodKey, rightSide.methodKey));
  const ready = leftSide && rightSide;

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <BackLink to="/comparations" label="Regresar a comparar monitores" />
            <Title order={1} mt={4} fz={{ base: 24, sm: 32 }}>
              {t('Comparación de monitores')}
            </Title>
          </div>
          <Group gap="xs">
            {ready ? (
              <DownloadMenu
                url={(format) =>
                  comparisonDownloadUrl(format, {
                    organizationId: organization._id,
                    id,
                    remoteUrl,
                    leftPeriod: leftSide.administrationPeriod,
                    rightPeriod: rightSide.administrationPeriod,
                  })
                }
              />
            ) : null}
            <ShareButton organizationId={organization._id} />
          </Group>
        </Group>
        {rightFailure ? (
          <LoadError
            inline
            message="No fue posible consultar el monitor a comparar"
            detail={rightFailure}
            onRetry={() => void right.refetch()}
          />
        ) : null}
        <SimpleGrid cols={2} spacing={{ base: 'xs', sm: 'lg' }}>
          {leftSide ? (
            <SideCard side={leftSide} current onPeriod={choose(LEFT_PERIOD)} testId="left-side" />
          ) : (
            <Skeleton height={380} radius="md" />
          )}
          {rightSide ? (
            <SideCard side={rightSide} current={false} onPeriod={choose(RIGHT_PERIOD)} testId="right-side" />
          ) : rightFailure ? (
            <div />
          ) : (
            <Skeleton height={380} radius="md" />
          )}
        </SimpleGrid>
        {ready ? (
          <>
            <Group justify="center" gap="sm">
              {same ? (
                <Badge color="teal" variant="light" size="lg" data-testid="same-method">
                  {t(METHOD_WORDING.label)}
                </Badge>
              ) : (
                <Text fz="sm" c="dimmed" ta="center" data-testid="different-method">
                  {t(METHOD_WORDING.different)}
                </Text>
              )}
              <Button variant="light" onClick={open}>
                {t('¿Cómo se calcula?')}
              </Button>
            </Group>
            <AmountsPanel left={leftSide} right={rightSide} />
            <CountsPanel left={leftSide} right={rightSide} />
            <GeneralDataPanel left={leftSide} right={rightSide} />
            <ComparisonHowModal
              left={leftSide}
              right={rightSide}
              sameMethod={same}
              opened={how}
              onClose={close}
            />
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
