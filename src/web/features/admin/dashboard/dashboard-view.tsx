import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { VisitPeriod } from '../../../../shared/schemas/admin';
import { LazyChart } from '../../../components/charts/lazy-chart';
import { useCurrentOrganizationId } from '../../../lib/current-organization';
import { hasPermission, useSession } from '../../../lib/session';
import { useDashboardInfo, useVisitsByPeriod, useVisitsByRoute } from './api';
import { Counter } from './counter';
import { SectionLegend } from './section-legend';
import { Shortcuts } from './shortcuts';
import { spanishToday } from './today';
import { barOption, donutOption } from './visit-charts';

const PERIODS: { value: VisitPeriod; label: string }[] = [
  { value: 'MONTHS', label: 'Meses' },
  { value: 'QUARTER', label: 'Trimestres' },
  { value: 'YEAR', label: 'Año' },
];

/** The dashboard: greeting, pending-load banner, the monitor's counters, visit charts and shortcuts. */
export function DashboardView() {
  const session = useSession();
  const organizationId = useCurrentOrganizationId();
  const [period, setPeriod] = useState<VisitPeriod>('MONTHS');
  const info = useDashboardInfo(organizationId);
  const byPeriod = useVisitsByPeriod(organizationId, period);
  const byRoute = useVisitsByRoute(organizationId);
  const contracts = hasPermission(session, 'CONTRACTS');
  const periodOption = useMemo(() => (byPeriod.data ? barOption(byPeriod.data) : null), [byPeriod.data]);
  const routeOption = useMemo(() => (byRoute.data ? donutOption(byRoute.data) : null), [byRoute.data]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          ¡Hola, {session?.user.fullName}!
        </Title>
        <Text c="dimmed">{spanishToday()}</Text>
      </div>

      {contracts && info.data?.currentDataLoad ? (
        <Alert
          color="yellow"
          variant="light"
          title="Hay una carga de datos pendiente"
          data-testid="pending-load"
        >
          <Group justify="space-between">
            <Text fz="sm">
              Revisa los registros y confirma o cancela la carga para poder subir otro archivo.
            </Text>
            <Button component={Link} to="/admin/data-load/current" size="xs" color="yellow">
              Continuar
            </Button>
          </Group>
        </Alert>
      ) : null}
      {info.isError ? (
        <Alert color="red" variant="light">
          No fue posible cargar los indicadores. {info.error.message}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 2, sm: 3, lg: contracts ? 5 : 4 }}>
        <Counter label="Vistas" value={info.data?.visitsCount} testId="count-visits" />
        {contracts ? (
          <Counter
            label="Contratos"
            value={info.data?.contractsCount ?? undefined}
            testId="count-contracts"
          />
        ) : null}
        <Counter label="Proveedores" value={info.data?.proveedoresCount} testId="count-suppliers" />
        <Counter label="U. Administrativas" value={info.data?.unidadesCount} testId="count-units" />
        <Counter label="Cálculos" value={info.data?.calculosCount} testId="count-calculations" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder radius="md">
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="lg">
              Visitas al monitor
            </Title>
            <SegmentedControl
              size="xs"
              value={period}
              onChange={(value) => setPeriod(value as VisitPeriod)}
              data={PERIODS}
              aria-label="Periodo de las visitas"
            />
          </Group>
          {periodOption ? (
            <div data-testid="visits-period-chart" data-labels={byPeriod.data?.labels.join('|')}>
              <LazyChart option={periodOption} height={300} label="Visitas al monitor por periodo" />
            </div>
          ) : (
            <Skeleton height={300} />
          )}
        </Card>
        <Card withBorder radius="md">
          <Title order={2} fz="lg" mb="xs">
            Visitas por sección
          </Title>
          {routeOption && byRoute.data && byRoute.data.labels.length > 0 ? (
            <div data-testid="visits-route-chart">
              <LazyChart option={routeOption} height={240} label="Visitas por sección del sitio" />
              <SectionLegend chart={byRoute.data} />
            </div>
          ) : routeOption ? (
            <Text c="dimmed" py="xl" ta="center">
              Aún no hay visitas registradas en este monitor.
            </Text>
          ) : (
            <Skeleton height={300} />
          )}
        </Card>
      </SimpleGrid>

      <Shortcuts />
    </Stack>
  );
}
