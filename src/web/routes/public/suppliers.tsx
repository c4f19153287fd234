import { Container, SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useSearchParams } from 'react-router';
import { carriedFilters } from '../../../shared/filters-url';
import { formatCount } from '../../../shared/format/money';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { ListHeader, ListStatus } from '../../components/list-header';
import { LoadError } from '../../components/load-error';
import { MoneyRuleNote } from '../../components/money-rule-note';
import { Pagination } from '../../components/pagination';
import { StatTile } from '../../components/stat-tile';
import { CountedOnlySwitch } from '../../features/filters/components/counted-only-switch';
import { FiltersPanel } from '../../features/filters/components/filters-panel';
import { useFilteredList } from '../../features/filters/use-filtered-list';
import { suppliersDownloadUrl, useSuppliers } from '../../features/suppliers/api/suppliers';
import { SuppliersTable } from '../../features/suppliers/components/suppliers-table';
import { msg } from '../../i18n/msg';
import { useCountText } from '../../lib/count-text';

const SUPPLIERS_UNAVAILABLE = msg(
  'La información de proveedores no se encuentra disponible en este momento.',
);

/** /suppliers: who receives the monitor's money, largest total first. */
export function SuppliersPage() {
  const { t } = useTranslation();
  const counts = useCountText();
  useDocumentTitle(`${t('Proveedores')} · Vigía`);
  const organization = useOutletContext<PublicOrganization>();
  const { filters, query, apply, setPage, list, failed, retry, isFetching } = useFilteredList(
    organization,
    useSuppliers,
  );
  const totals = list?.data.totals;
  const [params] = useSearchParams();

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <ListHeader
          links={[
            { to: '/', label: 'Inicio' },
            { to: `/contracts${carriedFilters(params)}`, label: 'Contratos' },
          ]}
          title="Proveedores"
          organizationId={organization._id}
          downloadUrl={(format) => suppliersDownloadUrl(organization._id, query, format)}
        />
        <FiltersPanel
          organizationId={organization._id}
          applied={filters}
          onApply={apply}
          withSearch
          searchPlaceholder={msg('Nombre del proveedor, o número o descripción de sus contratos')}
        />
        {failed ? (
          // No figures at all rather than zeros and an empty list that read as data.
          <LoadError inline message={SUPPLIERS_UNAVAILABLE} onRetry={retry} />
        ) : (
          <>
            <Stack gap={6}>
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
                <StatTile
                  label={t('Contratos en total')}
                  value={formatCount(totals?.totalCount)}
                  loading={!list}
                  note={
                    totals
                      ? t('concluidos de {{listed}} contratos con proveedor', {
                          listed: formatCount(totals.contractsCount),
                        })
                      : null
                  }
                />
                <StatTile
                  label={t('Licitación pública')}
                  value={formatCount(totals?.publicCount)}
                  note={t('contratos concluidos')}
                  color="#6ec284"
                  loading={!list}
                />
                <StatTile
                  label={t('Por invitación')}
                  value={formatCount(totals?.invitationCount)}
                  note={t('contratos concluidos')}
                  color="#ffc043"
                  loading={!list}
                />
                <StatTile
                  label={t('Adjudicación directa')}
                  value={formatCount(totals?.noBidCount)}
                  note={t('contratos concluidos')}
                  color="#eb6262"
                  loading={!list}
                />
              </SimpleGrid>
              <MoneyRuleNote />
            </Stack>
            {/* Carried from /contracts with the other filters: shown, so it is no hidden filter here. */}
            <CountedOnlySwitch applied={filters} onApply={apply} />
            <ListStatus
              count={list ? counts.suppliers(list.data.total) : null}
              updating={isFetching}
              lastUpdate={list?.lastUpdate}
            />
            <SuppliersTable docs={list?.data.docs ?? []} totals={totals} filters={filters} loading={!list} />
            {list ? <Pagination page={list.data.page} pages={list.data.pages} onChange={setPage} /> : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
