import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AMENDMENT_CATEGORIES,
  CONTRACT_CATEGORY_LABELS,
  type ContractCategory,
  PROCEDURE_STATE_LABELS,
  type ProcedureState,
} from '../../shared/constants/enums';

/**
 * Says why a listed contract is left out of the sums (decision 0004), so its amount is not read
 * as part of the totals above it: an amendment of an earlier contract, or not concluded. The
 * server decides (countsInTotals); this only names the reason.
 */
export function NotCountedNote({
  contract,
}: {
  contract: {
    countsInTotals: boolean;
    procedureState: ProcedureState | null;
    category: ContractCategory | null;
  };
}) {
  const { t } = useTranslation();
  if (contract.countsInTotals) return null;
  const { category, procedureState } = contract;
  const amendment = category !== null && (AMENDMENT_CATEGORIES as readonly string[]).includes(category);
  const reason =
    amendment && category
      ? t('convenio modificatorio ({{category}})', { category: t(CONTRACT_CATEGORY_LABELS[category]) })
      : procedureState
        ? t('no concluido ({{state}})', { state: t(PROCEDURE_STATE_LABELS[procedureState]) })
        : t('no concluido');
  return (
    <Text fz="xs" c="orange" fw={600} data-testid="not-counted">
      {t('No cuenta en los totales: {{reason}}', { reason })}
    </Text>
  );
}
