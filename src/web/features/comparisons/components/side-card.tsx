import { Anchor, Badge, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { indexText, levelOf, sideName } from '../../../../shared/calculations/compare';
import type { ComparisonSide } from '../../../../shared/schemas/comparisons';
import { Gauge, LEVEL_TEXT_COLORS, LEVEL_WORDS } from '../../../components/gauge';
import { hostOf } from '../paths';

/** Where 'Ir a Inicio' goes: our monitor's home (choosing it), or the other portal's selection in a new tab. */
function homeLink(side: ComparisonSide, current: boolean) {
  const { url, _id } = side.organization;
  if (url) return { href: `${url}/select-organization`, external: true };
  return { href: current ? '/' : `/?${new URLSearchParams({ changeOrganization: _id })}`, external: false };
}

/**
 * One side of a comparison (public spec, /comparations/{id}): the monitor's short name and 'Ir a
 * Inicio', its administration period (chosen per side), the index's gauge with its value and
 * level, or 'Datos insuficientes'.
 */
export function SideCard({
  side,
  current,
  onPeriod,
  testId,
}: {
  side: ComparisonSide;
  /** The monitor the visitor is on (left). */
  current: boolean;
  onPeriod: (period: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const home = homeLink(side, current);
  const value = side.corruptionIndex?.result ?? null;
  const shown = indexText(side);
  const level = levelOf(side);
  const name = sideName(side);
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'lg' }} data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap={6} align="center">
        <div
          aria-hidden
          style={{ width: '100%', height: 6, borderRadius: 3, background: side.organization.color }}
        />
        <Text fw={800} fz={{ base: 'lg', sm: 26 }} ta="center" lh={1.15} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Text fz="xs" c="dimmed" ta="center" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {side.organization.name}
          {side.organization.url ? ` · ${hostOf(side.organization.url)}` : ''}
        </Text>
        {home.external ? (
          <Anchor href={home.href} target="_blank" rel="noopener noreferrer" fz="sm">
            {t('Ir a Inicio')} ↗
          </Anchor>
        ) : (
          <Anchor component={Link} to={home.href} fz="sm">
            {t('Ir a Inicio')}
          </Anchor>
        )}
        {side.administrationPeriods.length > 0 ? (
          <Select
            aria-label={`${t('Administración')} ${name}`}
            label={t('Administración')}
            data={side.administrationPeriods}
            value={side.administrationPeriod}
            onChange={(period) => period && onPeriod(period)}
            allowDeselect={false}
            size="xs"
            w={150}
            comboboxProps={{ withinPortal: true }}
          />
        ) : side.administrationPeriod ? (
          <Text fz="sm">
            {t('Administración')}: {side.administrationPeriod}
          </Text>
        ) : null}
        <Gauge
          size={220}
          value={value}
          label={
            value === null
              ? t('Índice sin calificación: datos insuficientes')
              : `${t('Índice de riesgo de corrupción')} ${name}: ${shown} ${t('de 100')}`
          }
        />
        {value === null ? (
          <Text fw={700} fz={{ base: 'md', sm: 'xl' }} ta="center" data-testid="side-index">
            {t('Datos insuficientes')}
          </Text>
        ) : (
          <Text fw={800} fz={{ base: 28, sm: 40 }} lh={1} data-testid="side-index">
            {shown}
          </Text>
        )}
        {level ? (
          <Badge size="lg" variant="filled" color={LEVEL_TEXT_COLORS[level]} data-testid="side-level">
            {t(LEVEL_WORDS[level])}
          </Badge>
        ) : null}
      </Stack>
    </Paper>
  );
}
