import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MONEY_RULE_NOTE } from '../../shared/format/money';

/** The one rule for money, said next to every total as the downloads say it (shared MONEY_RULE_NOTE). */
export function MoneyRuleNote() {
  const { t } = useTranslation();
  return (
    <Text fz="xs" c="dimmed">
      {t(MONEY_RULE_NOTE)}
    </Text>
  );
}
