import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CorruptionIndexData } from '../../../../shared/schemas/calculations';
import { HowCalculatedModal } from '../../../components/how-calculated-modal';

/**
 * The index page's '¿Cómo se calcula?': the method in words, from the monitor's own calculations
 * (an administrator may change them): the axes and their indicators with what each measures.
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
    <HowCalculatedModal
      opened={opened}
      onClose={onClose}
      intro={
        <>
          <Text>
            {t(
              'El Índice de Riesgo de Corrupción es una variable que mide, en una escala de cero (alto riesgo) a cien (bajo riesgo), las prácticas de contratación de una administración. Se calcula a partir de {{count}} ejes principales; cada eje consta de uno o varios indicadores, y cada indicador va de 0 a 100, donde más es mejor.',
              { count: data.axes.length },
            )}
          </Text>
          {data.corruptionIndex ? <Text>{data.corruptionIndex.description}</Text> : null}
        </>
      }
      parts={data.axes.map((axis, position) => ({
        key: axis._id,
        title: `${position + 1}) ${axis.name}`,
        body: (
          <>
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
          </>
        ),
      }))}
      minimumContracts={data.minimumContracts}
      footnote={
        <Text fz="sm" c="dimmed">
          {t(
            'Solo cuentan los contratos concluidos que no son ampliaciones, modificaciones ni adendas (las ampliaciones se cuentan aparte). Versión del método: {{version}}.',
            { version: data.methodVersion },
          )}
        </Text>
      }
    />
  );
}
