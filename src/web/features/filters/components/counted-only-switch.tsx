import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicFilters } from '../../../../shared/schemas/filters';

/**
 * Narrows a list (contracts, or suppliers by their contracts) to the contracts its tiles count
 * (decision 0004): lists show every contract, so without it a visitor cannot see which ones make
 * up the totals. Applied at once and kept in the address (`?cuentan=si`), like the filters, and
 * carried with them between /contracts and /suppliers.
 */
export function CountedOnlySwitch({
  applied,
  onApply,
}: {
  applied: PublicFilters;
  onApply: (filters: PublicFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('Solo los que cuentan en los totales')}
      checked={applied.countedOnly === true}
      onChange={(event) => onApply({ ...applied, countedOnly: event.currentTarget.checked || undefined })}
    />
  );
}
