import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';

/**
 * '¿Cómo se calcula?' (public spec): the method in words, from the monitor's own calculations (an
 * administrator may change them): the axes and their indicators with what each measures.
 */
export function HowModal({
  data,
  opened,
  onClose,
}: {
  data: CorruptionIndexData;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('¿Cómo se calcula?')} size="lg">
      <Stack gap="sm">
        <Text>
          {t(
            'El Índice de Riesgo de Corrupción es una variable que mide, en una escala de cero (alto riesgo) a cien (bajo riesgo), las prácticas de contratación de una administración. Se calcula a partir de {{count}} ejes principales; cada eje consta de uno o varios indicadores, y cada indicador va de 0 a 100, donde más es mejor.',
            { count: data.axes.length },
          )}
        </Text>
        {data.corruptionIndex ? <Text>{data.corruptionIndex.description}</Text> : null}
        {data.axes.map((axis, position) => (
          <div key={axis._id}>
            <Title order={3} fz="h5">
              {position + 1}) {axis.name}
            </Title>
            <Text fz="sm" c="dimmed">
              {axis.description}
            </Text>
            <List size="sm" mt={4} spacing={4}>
              {axis.indicators.map((indicator) => (
                <List.Item key={indicator._id}>
                  <Text span fw={600} fz="sm">
                    {indicator.name}:
                  </Text>{' '}
                  {indicator.description}
                </List.Item>
              ))}
            </List>
          </div>
        ))}
        <Text fz="sm">
          {t(
            'Niveles: 50 o menos, riesgo ALTO; más de 50 y hasta 75, riesgo MEDIO; más de 75, riesgo BAJO. Con menos de {{minimum}} contratos concluidos en la administración el índice no da calificación (datos insuficientes).',
            { minimum: data.minimumContracts },
          )}
        </Text>
        <Text fz="sm" c="dimmed">
          {t(
            'Solo cuentan los contratos concluidos que no son ampliaciones, modificaciones ni adendas (las ampliaciones se cuentan aparte). Versión del método: {{version}}.',
            { version: data.methodVersion },
          )}
        </Text>
      </Stack>
    </Modal>
  );
}
