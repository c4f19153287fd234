import { Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { METHOD_WORDING } from '../../../../shared/calculations/compare';
import type { ComparisonSide } from '../../../../shared/schemas/comparisons';

/**
 * '¿Cómo se calcula?' of a comparison: the index in words, each side's own formula (each monitor
 * computes its index with its own calculations), and whether both are the same method.
 */
export function ComparisonHowModal({
  left,
  right,
  sameMethod,
  opened,
  onClose,
}: {
  left: ComparisonSide;
  right: ComparisonSide;
  sameMethod: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('¿Cómo se calcula?')} size="lg">
      <Stack gap="sm">
        <Text>
          {t(
            'El Índice de Riesgo de Corrupción mide, en una escala de cero (alto riesgo) a cien (bajo riesgo), qué tanto las contrataciones públicas siguen buenas prácticas de competencia y transparencia. Cada monitor lo calcula con sus propios datos y sus propios cálculos, en la administración elegida de cada lado.',
          )}
        </Text>
        {[left, right].map((side) => (
          <div key={`${side.organization.url ?? ''}${side.organization._id}`}>
            <Title order={3} fz="h5">
              {side.organization.shortName || side.organization.name}
            </Title>
            {side.corruptionIndex?.description ? (
              <Text fz="sm">{side.corruptionIndex.description}</Text>
            ) : null}
            {side.corruptionIndex?.expression ? (
              <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('Fórmula')}: <code>{side.corruptionIndex.expression}</code>
              </Text>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('Este monitor no publica la fórmula de su índice.')}
              </Text>
            )}
          </div>
        ))}
        <Text fz="sm" fw={600}>
          {t(sameMethod ? METHOD_WORDING.same : METHOD_WORDING.different)}
        </Text>
        <Text fz="sm">
          {t(
            'Niveles: 50 o menos, riesgo ALTO; más de 50 y hasta 75, riesgo MEDIO; más de 75, riesgo BAJO. Con pocos contratos concluidos en la administración el índice no da calificación (datos insuficientes).',
          )}
        </Text>
      </Stack>
    </Modal>
  );
}
