import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CONDITION_LABELS } from '../../../../shared/format/filter-conditions';
import {
  ANY_RED_FLAG,
  RED_FLAG_CATEGORIES,
  RED_FLAG_CODES,
  RED_FLAGS,
} from '../../../../shared/red-flags/definitions';
import type { PublicFilters } from '../../../../shared/schemas/filters';

export type RedFlagValue = NonNullable<PublicFilters['redFlags']>[number];

/** The Spanish text of a red-flag filter value (a flag's name, or 'any flag'), to translate with t(). */
export function redFlagText(value: RedFlagValue): string {
  return value === ANY_RED_FLAG ? CONDITION_LABELS.anyRedFlagText : RED_FLAGS[value].name;
}

/**
 * 'Señales de alerta' of the contracts list (issue 32): 'any flag' first, then each flag under its
 * category in the order of the /red-flags page. Like the panel's other selects, a pick adds a
 * value (shown as a removable tag) and the select empties again, so several can be chosen.
 */
export function RedFlagSelect({
  exclude,
  onPick,
}: {
  exclude: readonly RedFlagValue[];
  onPick: (value: RedFlagValue) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => {
    const item = (value: RedFlagValue) => ({ value, label: t(redFlagText(value)) });
    const groups = RED_FLAG_CATEGORIES.map((category) => ({
      group: t(category.name),
      items: RED_FLAG_CODES.filter(
        (code) => RED_FLAGS[code].category === category.code && !exclude.includes(code),
      ).map(item),
    })).filter((group) => group.items.length > 0);
    return [...(exclude.includes(ANY_RED_FLAG) ? [] : [item(ANY_RED_FLAG)]), ...groups];
  }, [exclude, t]);
  return (
    <Select
      label={t(CONDITION_LABELS.redFlags)}
      placeholder={t('Elige una opción')}
      data={data}
      value={null}
      onChange={(value) => {
        if (value) onPick(value as RedFlagValue);
      }}
      searchable
      clearable={false}
      nothingFoundMessage={t('Sin opciones')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
