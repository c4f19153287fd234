import { Modal, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One part of the method, under its heading: an axis of the index, a monitor of a comparison. */
export interface MethodPart {
  key: string;
  title: string;
  body: ReactNode;
}

/**
 * '¿Cómo se calcula?' (public spec), the one modal of the index page and of a comparison: the
 * index in words (`intro`), its parts, what the parts add up to (`summary`), what the levels mean,
 * and the fine print (`footnote`). The index page knows its monitor's minimum sample and says it;
 * the two monitors of a comparison may each have their own, so it says 'pocos' instead.
 */
export function HowCalculatedModal({
  opened,
  onClose,
  intro,
  parts,
  summary,
  minimumContracts,
  footnote,
}: {
  opened: boolean;
  onClose: () => void;
  intro: ReactNode;
  parts: MethodPart[];
  summary?: ReactNode;
  minimumContracts?: number;
  footnote?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('¿Cómo se calcula?')} size="lg">
      <Stack gap="sm">
        {intro}
        {parts.map((part) => (
          <div key={part.key}>
            <Title order={3} fz="h5">
              {part.title}
            </Title>
            {part.body}
          </div>
        ))}
        {summary}
        <Text fz="sm">
          {minimumContracts === undefined
            ? t(
                'Niveles: 50 o menos, riesgo ALTO; más de 50 y hasta 75, riesgo MEDIO; más de 75, riesgo BAJO. Con pocos contratos concluidos en la administración el índice no da calificación (datos insuficientes).',
              )
            : t(
                'Niveles: 50 o menos, riesgo ALTO; más de 50 y hasta 75, riesgo MEDIO; más de 75, riesgo BAJO. Con menos de {{minimum}} contratos concluidos en la administración el índice no da calificación (datos insuficientes).',
                { minimum: minimumContracts },
              )}
        </Text>
        {footnote}
      </Stack>
    </Modal>
  );
}
