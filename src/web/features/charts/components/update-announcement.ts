import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/money';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import type { useAmountByPeriod, useAmountByProcedure } from '../api/landing';

/**
 * The sentence the charts' status region says once both charts show the figures of new filters
 * (or another monitor): nothing on the first load, nothing while the previous figures stay on
 * screen as the new ones load, nothing when they fail (the toast says that).
 */
export function useUpdateAnnouncement(
  organizationId: string,
  filters: Partial<PublicFilters>,
  periods: ReturnType<typeof useAmountByPeriod>,
  procedures: ReturnType<typeof useAmountByProcedure>,
): string {
  const { t } = useTranslation();
  const key = JSON.stringify([organizationId, filters]);
  const settled =
    periods.data !== undefined &&
    procedures.data !== undefined &&
    !periods.isPlaceholderData &&
    !procedures.isPlaceholderData;
  const quarters = periods.data?.data.length ?? 0;
  const total = (procedures.data?.data.data.datasets[0]?.data ?? []).reduce((sum, value) => sum + value, 0);
  const message = !settled
    ? ''
    : total === 0
      ? t('Gráficas actualizadas: sin datos para estos filtros.')
      : quarters === 1
        ? t('Gráficas actualizadas: {{total}} MXN en 1 trimestre.', { total: formatMoney(total) })
        : t('Gráficas actualizadas: {{total}} MXN en {{quarters}} trimestres.', {
            total: formatMoney(total),
            quarters,
          });

  // The filters whose figures were last on screen; null until the first figures arrive.
  const shown = useRef<string | null>(null);
  const [said, setSaid] = useState({ text: '', times: 0 });
  useEffect(() => {
    if (!settled) return;
    const first = shown.current === null;
    if (shown.current === key) return;
    shown.current = key;
    if (!first) setSaid((previous) => ({ text: message, times: previous.times + 1 }));
  }, [key, settled, message]);
  // The same sentence twice in a row is a change of text all the same, so it is read again.
  return said.text && said.times % 2 === 0 ? `${said.text}\u00a0` : said.text;
}
