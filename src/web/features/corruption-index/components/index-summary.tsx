import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayIndex } from '../../../../shared/calculations/display';
import { formatCount } from '../../../../shared/format/money';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';
import { Gauge, LEVEL_TEXT_COLORS, LEVEL_WORDS } from '../../../components/gauge';
import { msg } from '../../../i18n/msg';

const RISK_WORDS = {
  ALTO: msg('riesgo alto'),
  MEDIO: msg('riesgo medio'),
  BAJO: msg('riesgo bajo'),
} as const;
const PROBABILITY_WORDS = {
  ALTA: msg('Probabilidad alta'),
  MEDIA: msg('Probabilidad media'),
  BAJA: msg('Probabilidad baja'),
} as const;

/**
 * The score (public spec, /calculations/corruption-index): the gauge, the value, the level and its
 * probability, what the level means, and '¿Cómo se calcula?'; 'Datos insuficientes' when the
 * period has fewer concluded contracts than the minimum sample, else why there is no score when
 * the server says (the embedded engine's counts still being calculated, a formula that cannot be).
 */
export function IndexSummary({ data, onHow }: { data: CorruptionIndexData; onHow: () => void }) {
  const { t } = useTranslation();
  const index = data.corruptionIndex;
  const level = index?.level ?? null;
  const value = index?.result ?? null;
  const shown = value === null ? null : displayIndex(value);
  // Without a score and with enough contracts: the server's reason, never 'Datos insuficientes'.
  const why = value === null && !data.insufficientData ? index?.message : undefined;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack align="center" gap={4}>
          <Gauge
            value={value}
            label={
              why
                ? `${t('Índice de riesgo de corrupción')}: ${why}`
                : value === null
                  ? t('Índice sin calificación: datos insuficientes')
                  : `${t('Índice de riesgo de corrupción')}: ${shown} ${t('de 100')}`
            }
          />
          {why ? (
            <Text fw={600} fz="lg" ta="center" data-testid="index-value">
              {why}
            </Text>
          ) : value === null ? (
            <Text fw={700} fz={28} data-testid="index-value">
              {t('Datos insuficientes')}
            </Text>
          ) : (
            <Text fw={800} fz={44} lh={1} data-testid="index-value">
              {shown}
            </Text>
          )}
          {level && index?.probability ? (
            <Group gap={8}>
              <Badge size="lg" variant="filled" color={LEVEL_TEXT_COLORS[level]} data-testid="index-level">
                {t(LEVEL_WORDS[level])}
              </Badge>
              <Text fz="sm" c="dimmed">
                {t(PROBABILITY_WORDS[index.probability])}
              </Text>
            </Group>
          ) : null}
          <Text fz="xs" c="dimmed">
            {t('Escala de 0 (alto riesgo) a 100 (bajo riesgo)')}
          </Text>
        </Stack>
        <Stack gap="sm" justify="center">
          {level ? (
            <>
              <Title order={2} fz="h3" c={LEVEL_TEXT_COLORS[level]}>
                {t('¿Qué significa que el índice de riesgo de corrupción sea {{level}}?', {
                  level: t(level),
                })}
              </Title>
              <Text>
                {t(
                  'Con las prácticas de contratación que muestran sus datos, en esta administración existe un {{risk}} de que ocurran casos de corrupción.',
                  { risk: t(RISK_WORDS[level]) },
                )}
              </Text>
            </>
          ) : why ? null : (
            <>
              <Title order={2} fz="h3">
                {t('Datos insuficientes')}
              </Title>
              <Text>
                {t(
                  'Esta administración tiene {{count}} contratos concluidos que cuentan en los totales; el índice necesita al menos {{minimum}} para dar una calificación. Abajo están los indicadores con los datos que hay.',
                  { count: formatCount(data.concludedContracts), minimum: data.minimumContracts },
                )}
              </Text>
            </>
          )}
          <Text fz="sm" c="dimmed">
            {t(
              'El Índice de Riesgo de Corrupción mide, en una escala de cero (alto riesgo) a cien (bajo riesgo), qué tanto las contrataciones públicas siguen buenas prácticas de competencia y transparencia. No prueba que haya corrupción: señala dónde mirar.',
            )}
          </Text>
          {level ? (
            <Text fz="sm">
              {t('Calculado con {{count}} contratos concluidos que cuentan en los totales.', {
                count: formatCount(data.concludedContracts),
              })}
            </Text>
          ) : null}
          <Group gap="xs">
            <Button variant="light" onClick={onHow}>
              {t('¿Cómo se calcula?')}
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
