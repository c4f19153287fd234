import { Button, Container, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useOutletContext } from 'react-router';
import { compactFilters } from '../../../shared/filters-url';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { formattedToPlain } from '../../components/formatted-text';
import { feedUrls } from '../../features/alerts/api/feeds';
import type { FollowChoice } from '../../features/alerts/choices';
import { FollowButton } from '../../features/alerts/components/follow-button';
import { ChartsPanel } from '../../features/charts/components/charts-panel';
import { FiltersPanel } from '../../features/filters/components/filters-panel';
import { monitorDefaults } from '../../features/filters/use-filtered-list';
import { useListState } from '../../features/filters/use-list-state';
import { OrganizationCover } from '../../features/organizations/components/organization-cover';

/** What the home offers to follow (issue 33): the monitor's new contracts, its index, its publication. */
const HOME_FOLLOWS: FollowChoice[] = [
  { kind: 'CONTRACTS', label: 'Contratos nuevos del monitor', filters: {} },
  { kind: 'INDEX', label: 'El índice cambia más de cierto número de puntos' },
  { kind: 'PUBLICATION', label: 'El monitor no publica su trimestre a tiempo' },
];

/**
 * `/`: the monitor's cover, 'Seguir' and its feed, the home filters, the charts and the way on to
 * suppliers and contracts.
 */
export function HomePage() {
  const { t } = useTranslation();
  const organization = useOutletContext<PublicOrganization>();
  useDocumentTitle(
    `${(organization.title && formattedToPlain(organization.title)) || organization.name} · Vigía`,
  );
  const { filters, apply } = useListState(monitorDefaults(organization));
  const { search } = useLocation();

  return (
    <>
      <OrganizationCover organization={organization} />
      <Container size="xl" py="lg">
        <Stack gap="md">
          <Group justify="flex-end">
            <FollowButton choices={HOME_FOLLOWS} feedUrl={feedUrls.monitor(organization._id)} />
          </Group>
          <FiltersPanel
            organizationId={organization._id}
            applied={filters}
            onApply={apply}
            fields={['administrationPeriods', 'fiscalYears', 'trimonths', 'administrativeUnits']}
          />
          <ChartsPanel
            organizationId={organization._id}
            filters={compactFilters(filters)}
            round={organization.round}
          />
          <Group justify="center" gap="md" mt="sm">
            <Button component={Link} to={`/suppliers${search}`} size="md">
              {t('Ver proveedores')}
            </Button>
            <Button component={Link} to={`/contracts${search}`} size="md" variant="light">
              {t('Ir a Contratos')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
