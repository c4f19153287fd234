import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contractConditions, withoutCondition } from '../../../../shared/format/filter-conditions';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { RemovableTag } from '../../../components/removable-tag';

/**
 * The conditions a link from the corruption-risk index adds to the contracts list (procedure
 * state, category, limit exceeded, without folio, without a document link): not in the panel's
 * selects, so shown here, each removable, so the list never looks unfiltered when it is not.
 */
export function ContractConditions({
  applied,
  onApply,
  withoutRedFlags,
}: {
  applied: PublicFilters;
  onApply: (filters: PublicFilters) => void;
  /** The panel shows the red flags with its own tags (contracts list): not repeated here, and kept by 'Quitar condiciones'. */
  withoutRedFlags?: boolean;
}) {
  const { t } = useTranslation();
  const conditions = contractConditions(applied).filter(
    (condition) => !withoutRedFlags || condition.field !== 'redFlags',
  );
  if (conditions.length === 0) return null;
  const clearAll = () =>
    onApply(
      withoutRedFlags
        ? { ...withoutCondition(applied), redFlags: applied.redFlags }
        : withoutCondition(applied),
    );
  return (
    <Alert variant="light" color="blue" p="sm" title={t('Solo los contratos que cumplen:')}>
      <Group gap={6} role="group" aria-label={t('Condiciones de la lista')}>
        {conditions.map((condition) => {
          const text = `${t(condition.label)}: ${t(condition.text)}`;
          return (
            <RemovableTag
              key={`${condition.field}:${condition.value ?? ''}`}
              onRemove={() => onApply(withoutCondition(applied, condition))}
              removeLabel={`${t('Quitar')} ${text}`}
            >
              {text}
            </RemovableTag>
          );
        })}
        <Button size="compact-xs" variant="subtle" onClick={clearAll}>
          {t('Quitar condiciones')}
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" mt={4}>
        {t('Vienen del índice de riesgo de corrupción: muestran los contratos detrás de un indicador.')}
      </Text>
    </Alert>
  );
}
