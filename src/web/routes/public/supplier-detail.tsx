import { Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { compactFilters, FILTER_KEYS } from '../../../shared/filters-url';
import { formatMoney } from '../../../shared/format/money';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { BackLink } from '../../components/back-link';
import { DownloadMenu } from '../../components/download-menu';
import { ErrorPage } from '../../components/error-page';
import { LastUpdate } from '../../components/last-update';
import { LoadError } from '../../components/load-error';
import { MoneyRuleNote } from '../../components/money-rule-note';
import { ShareButton } from '../../components/share-button';
import { StatTile } from '../../components/stat-tile';
import { feedUrls } from '../../features/alerts/api/feeds';
import { FollowButton } from '../../features/alerts/components/follow-button';
import { CountedOnlySwitch } from '../../features/filters/components/counted-only-switch';
import { FiltersPanel } from '../../features/filters/components/filters-panel';
import { monitorDefaults } from '../../features/filters/use-filtered-list';
import { useListState } from '../../features/filters/use-list-state';
import { supplierDownloadUrl, useSupplierDetail } from '../../features/suppliers/api/suppliers';
import { SupplierGroups } from '../../features/suppliers/components/supplier-groups';
import { SupplierRedFlags } from '../../features/suppliers/components/supplier-red-flags';
import { msg } from '../../i18n/msg';
import { useCountText } from '../../lib/count-text';
import { cannotShow, failureToWarn } from '../../lib/load-state';
import { isNotFound } from '../../lib/not-found';
import { toast } from '../../lib/notifications';

const SUPPLIER_UNAVAILABLE = msg('La información de proveedores no se encuentra disponible en este momento.');

/**
 * /suppliers/:id: one supplier's totals, red flags and contracts (filters apply, except the supplier
 * filter).
 */
export function SupplierDetailPage() {
  const { t } = useTranslation();
  const counts = useCountText();
  const organization = useOutletContext<PublicOrganization>();
  const { id = '' } = useParams();
  const { filters, apply } = useListState(monitorDefaults(organization));
  const { suppliers: _ignored, ...query } = compactFilters(filters);
  const result = useSupplierDetail(organization._id, id, query);
  const { data, isPending, isError, error, refetch } = result;
  const detail = data?.data;
  useDocumentTitle(`${detail?.supplier.name ?? t('Proveedor')} · Vigía`);

  const notFound = isError && isNotFound(error);
  const warn = failureToWarn(result) && !notFound;
  useEffect(() => {
    if (warn) toast('danger', SUPPLIER_UNAVAILABLE, { detail: error?.message });
  }, [warn, error]);

  if (notFound) {
    return <ErrorPage code="404" title="PÁGINA NO ENCONTRADA" message="El proveedor solicitado no existe." />;
  }
  if (cannotShow(result)) return <LoadError message={SUPPLIER_UNAVAILABLE} onRetry={() => void refetch()} />;

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <BackLink to="/suppliers" label="Regresar a proveedores" />
          <Group gap="xs">
            <FollowButton
              choices={[
                {
                  kind: 'CONTRACTS',
                  label: 'Contratos nuevos de este proveedor',
                  filters: { suppliers: [id] },
                },
              ]}
              feedUrl={feedUrls.supplier(organization._id, id)}
            />
            <DownloadMenu url={(format) => supplierDownloadUrl(organization._id, id, query, format)} />
            <ShareButton organizationId={organization._id} />
          </Group>
        </Group>
        {isPending || !detail ? (
          <Skeleton height={40} width="60%" />
        ) : (
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {detail.supplier.name}
          </Title>
        )}
        <FiltersPanel
          organizationId={organization._id}
          applied={filters}
          onApply={apply}
          supplierId={id}
          fields={FILTER_KEYS.filter((key) => key !== 'suppliers')}
        />
        <Stack gap={6}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <StatTile
              label={t('Monto total')}
              value={formatMoney(detail?.totals.total)}
              loading={!detail}
              note={detail ? counts.countedOf(detail.totals.totalCount, detail.totals.count) : null}
            />
            <StatTile
              label={t('Licitación pública')}
              value={formatMoney(detail?.totals.public)}
              note={detail ? counts.countedOf(detail.totals.publicCount, detail.public.count) : null}
              color="#6ec284"
              loading={!detail}
            />
            <StatTile
              label={t('Por invitación')}
              value={formatMoney(detail?.totals.invitation)}
              note={detail ? counts.countedOf(detail.totals.invitationCount, detail.invitation.count) : null}
              color="#ffc043"
              loading={!detail}
            />
            <StatTile
              label={t('Adjudicación directa')}
              value={formatMoney(detail?.totals.noBid)}
              note={detail ? counts.countedOf(detail.totals.noBidCount, detail.noBid.count) : null}
              color="#eb6262"
              loading={!detail}
            />
          </SimpleGrid>
          <MoneyRuleNote />
        </Stack>
        {detail ? (
          <>
            <SupplierRedFlags
              supplierId={id}
              flags={detail.redFlags}
              listed={detail.totals.count}
              filters={filters}
            />
            <CountedOnlySwitch applied={filters} onApply={apply} />
            <Group justify="space-between">
              <Text fw={600}>{counts.contracts(detail.totals.count)}</Text>
              <LastUpdate value={data?.lastUpdate} />
            </Group>
            <SupplierGroups organizationId={organization._id} detail={detail} filters={query} />
          </>
        ) : (
          <Skeleton height={200} radius="md" />
        )}
      </Stack>
    </Container>
  );
}
