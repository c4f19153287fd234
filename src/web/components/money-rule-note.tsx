import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The one rule for money, said next to every total (docs/decisions/0004-one-rule-for-money.md). */
export function MoneyRuleNote() {
  const { t } = useTranslation();
  return (
    <Text fz="xs" c="dimmed">
      {t(
        'Las sumas y los conteos incluyen solo contratos concluidos; no incluyen ampliaciones, modificaciones ni adendas.',
      )}
    </Text>
  );
}
