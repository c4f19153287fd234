import { Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { WEB_ROUTES } from '../../../shared/routes';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { ListHeader, ListStatus } from '../../components/list-header';
import { LoadError } from '../../components/load-error';
import { Pagination } from '../../components/pagination';
import { feedUrls } from '../../features/alerts/api/feeds';
import type { FollowChoice } from '../../features/alerts/choices';
import { FollowButton } from '../../features/alerts/components/follow-button';
import { useFiltersText } from '../../features/alerts/filters-text';
import { contractsDownloadUrl, useContracts } from '../../features/contracts/api/contracts';
import { ContractTiles } from '../../features/contracts/components/contract-tiles';
import { ContractsTable } from '../../features/contracts/components/contracts-table';
import { FlaggedTile } from '../../features/contracts/components/flagged-tile';
import { CountedOnlySwitch } from '../../features/filters/components/counted-only-switch';
import { FiltersPanel } from '../../features/filters/components/filters-panel';
import { useFilteredList } from '../../features/filters/use-filtered-list';
import { msg } from '../../i18n/msg';
import { useCountText } from '../../lib/count-text';

const CONTRACTS_UNAVAILABLE = msg('La información de contratos no se encuentra disponible en este momento.');

/** /contracts: every contract of the monitor matching the filters, largest first, with its totals. */
export function ContractsPage() {
  const { t } = useTranslation();
  const counts = useCountText();
  useDocumentTitle(`${t('Contratos')} · Vigía`);
  const organization = useOutletContext<PublicOrganization>();
  const { filters, query, apply, setPage, list, failed, retry, isFetching } = useFilteredList(
    organization,
    useContracts,
  );
  // 'Seguir' (issue 33): these filters, and the unit when exactly one is filtered.
  const filtersText = useFiltersText(query);
  const unit = query.administrativeUnits?.length === 1 ? query.administrativeUnits[0] : undefined;
  const follows: FollowChoice[] = [
    {
      kind: 'CONTRACTS',
      label: 'Contratos nuevos con estos filtros',
      description: filtersText,
      filters: query,
    },
    ...(unit
      ? [
          {
            kind: 'CONTRACTS' as const,
            label: 'Contratos nuevos de esta unidad',
            filters: { administrativeUnits: [unit] },
          },
        ]
      : []),
  ];

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <ListHeader
          links={[
            { to: '/', label: 'Inicio' },
            { to: '/calculations/corruption-index', label: 'Índice de riesgo de corrupción' },
          ]}
          title="Contratos"
          organizationId={organization._id}
          downloadUrl={(format) => contractsDownloadUrl(organization._id, query, format)}
          more={{ to: WEB_ROUTES.openData, label: 'Datos abiertos (OCDS, CSV)' }}
          actions={
            <FollowButton
              choices={follows}
              feedUrl={unit ? feedUrls.unit(organization._id, unit) : feedUrls.monitor(organization._id)}
            />
          }
        />
        <FiltersPanel
          organizationId={organization._id}
          applied={filters}
          onApply={apply}
          withSearch
          withRedFlags
        />
        {failed ? (
          // No figures at all rather than zeros and an empty list that read as data.
          <LoadError inline message={CONTRACTS_UNAVAILABLE} onRetry={retry} />
        ) : (
          <>
            <ContractTiles totals={list?.data.totals} listed={list?.data.total} loading={!list} />
            <FlaggedTile
              flagged={list?.data.flagged}
              listed={list?.data.total}
              applied={filters}
              onApply={apply}
              loading={!list}
            />
            <CountedOnlySwitch applied={filters} onApply={apply} />
            <ListStatus
              count={list ? counts.contracts(list.data.total) : null}
              updating={isFetching}
              lastUpdate={list?.lastUpdate}
            />
            <ContractsTable docs={list?.data.docs ?? []} loading={!list} />
            {list ? <Pagination page={list.data.page} pages={list.data.pages} onChange={setPage} /> : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
