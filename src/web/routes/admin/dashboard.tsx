import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatLongDate, mexicoCityDate } from '../../../shared/format/dates';
import type { VisitPeriod, VisitsChart } from '../../../shared/schemas/admin';
import { LazyChart } from '../../components/charts/lazy-chart';
import { useDashboardInfo, useVisitsByPeriod, useVisitsByRoute } from '../../features/admin/dashboard/api';
import { useStoredOrganization } from '../../lib/current-organization';
import { canOpen, hasPermission, useSession } from '../../lib/session';

const PERIODS: { value: VisitPeriod; label: string }[] = [
  { value: 'MONTHS', label: 'Meses' },
  { value: 'QUARTER', label: 'Trimestres' },
  { value: 'YEAR', label: 'Año' },
];

const SHORTCUTS: { to: string; title: string; text: string }[] = [
  {
    to: '/admin/settings',
    title: 'Configuración',
    text: 'Portada, textos, tema y datos de contacto del sitio público.',
  },
  {
    to: '/admin/contracts',
    title: 'Contratos',
    text: 'Consulta, captura y corrige los contratos del monitor.',
  },
  {
    to: '/admin/suppliers',
    title: 'Proveedores',
    text: 'El catálogo de proveedores que reciben los contratos.',
  },
];

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** 'domingo, 22 de noviembre de 2026' for today in Mexico City. */
function spanishToday(): string {
  const today = mexicoCityDate(new Date());
  const weekday = WEEKDAYS[new Date(`${today}T12:00:00Z`).getUTCDay()]!;
  return `${weekday}, ${formatLongDate(today).replace(/^0/, '')}`;
}

function Counter({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={30} mt={6} width="60%" />
      ) : (
        <Text fz={30} fw={800} data-testid={testId}>
          {value.toLocaleString('es-MX')}
        </Text>
      )}
    </Paper>
  );
}

function barOption(chart: VisitsChart) {
  return {
    aria: { enabled: true },
    grid: { left: 48, right: 16, top: 24, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: chart.labels, axisLabel: { rotate: chart.labels.length > 6 ? 35 : 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.datasets.map((dataset) => ({
      name: dataset.name,
      // Bars: the public charts already load them, so the dashboard adds no chart type to ECharts.
      type: 'bar',
      barMaxWidth: 28,
      data: dataset.data,
    })),
  };
}

/** Colours of the sections, shared by the donut and its legend. */
const SECTION_COLORS = [
  '#1c7ed6',
  '#37b24d',
  '#f59f00',
  '#e03131',
  '#7048e8',
  '#0ca678',
  '#f76707',
  '#d6336c',
  '#1098ad',
  '#74b816',
  '#ae3ec9',
  '#495057',
];
const sectionColor = (index: number) => SECTION_COLORS[index % SECTION_COLORS.length]!;

function donutOption(chart: VisitsChart) {
  return {
    aria: { enabled: true },
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    // The legend is the list under the chart: it wraps on any width instead of scrolling.
    legend: { show: false },
    series: [
      {
        name: 'Visitas',
        type: 'pie',
        radius: ['45%', '75%'],
        center: ['50%', '50%'],
        label: { show: false },
        data: chart.labels.map((label, index) => ({
          name: label,
          value: chart.datasets[0]?.data[index] ?? 0,
          itemStyle: { color: sectionColor(index) },
        })),
      },
    ],
  };
}

/** Every section of the donut with its colour and visits, wrapping as the card narrows. */
function SectionLegend({ chart }: { chart: VisitsChart }) {
  return (
    <Group
      component="ul"
      gap="xs"
      mt="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      data-testid="visits-route-legend"
    >
      {chart.labels.map((label, index) => (
        <Group component="li" key={label} gap={6} wrap="nowrap" fz="sm">
          <Box w={12} h={12} style={{ borderRadius: 3, background: sectionColor(index), flex: 'none' }} />
          <Text fz="sm" span>
            {label}
          </Text>
          <Text fz="sm" c="dimmed" span>
            {(chart.datasets[0]?.data[index] ?? 0).toLocaleString('es-MX')}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** /admin: greeting, pending-load banner, the monitor's counters, visit charts and shortcuts. */
export function DashboardPage() {
  useDocumentTitle('Administración · Vigía');
  const session = useSession();
  const organization = useStoredOrganization();
  const organizationId = organization?.id ?? '';
  const [period, setPeriod] = useState<VisitPeriod>('MONTHS');
  const info = useDashboardInfo(organizationId);
  const byPeriod = useVisitsByPeriod(organizationId, period);
  const byRoute = useVisitsByRoute(organizationId);
  const contracts = hasPermission(session, 'CONTRACTS');
  // Only to sections the user may open.
  const shortcuts = SHORTCUTS.filter((shortcut) => canOpen(session, shortcut.to));
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

      {shortcuts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {shortcuts.map((shortcut) => (
            <Shortcut key={shortcut.to} to={shortcut.to} title={shortcut.title} text={shortcut.text} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

function Shortcut({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <Card withBorder radius="md" component={Link} to={to} style={{ textDecoration: 'none' }}>
      <Anchor component="span" fw={700}>
        {title}
      </Anchor>
      <Text fz="sm" c="dimmed" mt={4}>
        {text}
      </Text>
    </Card>
  );
}
