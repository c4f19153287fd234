import { Anchor, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayResult, riskLevel } from '../../../../shared/calculations/display';
import { emptyFilters, filtersSearch } from '../../../../shared/filters-url';
import { formatDate } from '../../../../shared/format/dates';
import { formatCount, formatMoney } from '../../../../shared/format/money';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { LEVEL_COLORS } from '../../../components/gauge';
import { useCountText } from '../../../lib/count-text';

type Axis = CorruptionIndexData['axes'][number];
type Indicator = Axis['indicators'][number];

/** The bar's colour: the index's bands (riskLevel), so a weak indicator reads red like a weak index. */
function bandColor(value: number | null): string {
  return value === null ? '#ced4da' : LEVEL_COLORS[riskLevel(value).level];
}

function Score({ value, form }: { value: number | null; form: Indicator['displayForm'] }) {
  return (
    <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
      {displayResult(value === null ? null : Math.round(value * 100) / 100, form)}
    </Text>
  );
}

/**
 * The index's axes and their indicators (index-and-federation.md, "beyond the original"): each
 * with its value, what it measures, the numbers behind it, and a link to the contracts list (or
 * supplier ranking) that lists exactly what it counts, so a reader can check every point.
 */
export function Axes({ axes }: { axes: CorruptionIndexData['axes'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('Ejes e indicadores')}
      </Title>
      {axes.map((axis, position) => (
        <Paper key={axis._id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Title order={3} fz="h4">
                {position + 1}. {axis.name}
              </Title>
              <Text fz="sm" c="dimmed">
                {axis.description}
              </Text>
            </div>
            <Score value={axis.result} form={axis.displayForm} />
          </Group>
          <Progress
            value={axis.result ?? 0}
            color={bandColor(axis.result)}
            size="sm"
            mt={6}
            aria-label={`${axis.name}: ${displayResult(axis.result, axis.displayForm)}`}
          />
          {axis.result === null && axis.message ? (
            <Text fz="xs" c="dimmed" mt={4}>
              {axis.message}
            </Text>
          ) : null}
          <Stack gap="sm" mt="md">
            {axis.indicators.map((indicator) => (
              <IndicatorItem key={indicator._id} indicator={indicator} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function IndicatorItem({ indicator }: { indicator: Indicator }) {
  const { t } = useTranslation();
  const counts = useCountText();
  return (
    <Paper bg="gray.0" radius="sm" p="sm" data-testid={`indicator-${indicator.abbreviation}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div>
          <Text fw={600}>{indicator.name}</Text>
          <Text fz="sm">{indicator.description}</Text>
        </div>
        <Score value={indicator.result} form={indicator.displayForm} />
      </Group>
      <Progress
        value={indicator.result ?? 0}
        color={bandColor(indicator.result)}
        size="xs"
        mt={6}
        aria-label={`${indicator.name}: ${displayResult(indicator.result, indicator.displayForm)}`}
      />
      {indicator.result === null && indicator.message ? (
        <Text fz="xs" c="dimmed" mt={4}>
          {indicator.message}
        </Text>
      ) : indicator.result === null ? (
        <Text fz="xs" c="dimmed" mt={4}>
          {t('Sin datos en esta administración.')}
        </Text>
      ) : null}
      <Text fz="xs" c="dimmed" mt={6}>
        {t('Fórmula')}: <code>{indicator.expression}</code>
      </Text>
      <Table fz="sm" mt={4} verticalSpacing={2} horizontalSpacing="xs" withRowBorders={false}>
        <Table.Tbody>
          {indicator.variables.map((variable) => (
            <Table.Tr key={variable.abbreviation}>
              <Table.Td>
                <Text fz="sm" title={variable.description}>
                  {variable.name}{' '}
                  <Text span c="dimmed" fz="xs">
                    ({variable.abbreviation})
                  </Text>
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {variable.value === null
                  ? '---'
                  : variable.unit === 'AMOUNT'
                    ? formatMoney(variable.value)
                    : formatCount(variable.value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {indicator.links.length > 0 ? (
        <Group gap="md" mt={4}>
          {indicator.links.map((link) => (
            <Anchor
              key={`${link.list}:${link.abbreviation}`}
              component={Link}
              to={`/${link.list}${filtersSearch({ ...emptyFilters(), ...(link.filters as Partial<PublicFilters>) })}`}
              fz="sm"
            >
              {t(link.text)}
              {link.count !== null
                ? ` (${link.list === 'suppliers' ? counts.suppliers(link.count) : counts.contracts(link.count)})`
                : ''}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {indicator.formats?.length ? <FormatsTable quarters={indicator.formats} /> : null}
    </Paper>
  );
}

/** The XXVIII formats by quarter: how many, how many on time, and the deadline. */
function FormatsTable({ quarters }: { quarters: NonNullable<Indicator['formats']> }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={320} mt="xs">
      <Table fz="sm" striped withTableBorder verticalSpacing={4}>
        <Table.Caption>
          {t(
            'Formatos XXVIII por trimestre: uno por unidad convocante y tipo (A: licitación e invitación; B: adjudicación directa).',
          )}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Trimestre')}</Table.Th>
            <Table.Th>{t('Fecha límite')}</Table.Th>
            <Table.Th ta="right">{t('Formatos')}</Table.Th>
            <Table.Th ta="right">{t('A tiempo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quarters.map((quarter) => (
            <Table.Tr key={quarter.period}>
              <Table.Td>{quarter.period}</Table.Td>
              <Table.Td>{quarter.deadline ? formatDate(quarter.deadline) : '---'}</Table.Td>
              <Table.Td ta="right">{formatCount(quarter.formats)}</Table.Td>
              <Table.Td ta="right">{formatCount(quarter.onTime)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
