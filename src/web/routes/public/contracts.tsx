import { Container, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { DownloadMenu } from '../../components/download-menu';
import { LastUpdate } from '../../components/last-update';
import { ListHeader } from '../../components/list-header';
import { Pagination } from '../../components/pagination';
import { ShareButton } from '../../components/share-button';
import { contractsDownloadUrl, useContracts } from '../../features/contracts/api/contracts';
import { ContractTiles } from '../../features/contracts/components/contract-tiles';
import { ContractsTable } from '../../features/contracts/components/contracts-table';
import { FiltersPanel } from '../../features/filters/components/filters-panel';
import { useFilteredList } from '../../features/filters/use-filtered-list';
import { useCountText } from '../../lib/count-text';

/** /contracts: every contract of the monitor matching the filters, largest first, with its totals. */
export function ContractsPage() {
  const { t } = useTranslation();
  const counts = useCountText();
  useDocumentTitle(`${t('Contratos')} · Vigía`);
  const organization = useOutletContext<PublicOrganization>();
  const { filters, query, apply, setPage, list, isError, isFetching } = useFilteredList(
    organization,
    useContracts,
  );

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <ListHeader
          links={[
            { to: '/', label: 'Inicio' },
            { to: '/calculations/corruption-index', label: 'Índice de riesgo de corrupción' },
          ]}
          title="Contratos"
          actions={
            <>
              <DownloadMenu url={(format) => contractsDownloadUrl(organization._id, query, format)} />
              <ShareButton organizationId={organization._id} />
            </>
          }
        />
        <FiltersPanel organizationId={organization._id} applied={filters} onApply={apply} withSearch />
        <ContractTiles totals={list?.data.totals} loading={!list && !isError} />
        <Group justify="space-between">
          <Text fw={600} aria-live="polite">
            {list ? counts.contracts(list.data.total) : ''}
            {isFetching && list ? ` · ${t('Actualizando…')}` : ''}
          </Text>
          <LastUpdate value={list?.lastUpdate} />
        </Group>
        <ContractsTable docs={list?.data.docs ?? []} loading={!list && !isError} />
        {list ? <Pagination page={list.data.page} pages={list.data.pages} onChange={setPage} /> : null}
      </Stack>
    </Container>
  );
}
