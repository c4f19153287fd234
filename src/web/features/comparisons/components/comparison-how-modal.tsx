import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { METHOD_WORDING } from '../../../../shared/calculations/compare';
import type { ComparisonSide } from '../../../../shared/schemas/comparisons';
import { HowCalculatedModal } from '../../../components/how-calculated-modal';

/**
 * A comparison's '¿Cómo se calcula?': the index in words, each side's own formula (each monitor
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
    <HowCalculatedModal
      opened={opened}
      onClose={onClose}
      intro={
        <Text>
          {t(
            'El Índice de Riesgo de Corrupción mide, en una escala de cero (alto riesgo) a cien (bajo riesgo), qué tanto las contrataciones públicas siguen buenas prácticas de competencia y transparencia. Cada monitor lo calcula con sus propios datos y sus propios cálculos, en la administración elegida de cada lado.',
          )}
        </Text>
      }
      parts={[left, right].map((side) => ({
        key: `${side.organization.url ?? ''}${side.organization._id}`,
        title: side.organization.shortName || side.organization.name,
        body: (
          <>
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
          </>
        ),
      }))}
      summary={
        <Text fz="sm" fw={600}>
          {t(sameMethod ? METHOD_WORDING.same : METHOD_WORDING.different)}
        </Text>
      }
    />
  );
}
