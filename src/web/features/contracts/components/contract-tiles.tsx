import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/money';
import type { ContractTotals } from '../../../../shared/schemas/contracts';
import { MoneyRuleNote } from '../../../components/money-rule-note';
import { StatTile } from '../../../components/stat-tile';
import { useCountText } from '../../../lib/count-text';

/**
 * Total, public tender, invitation and direct-award amounts (spec), under the one rule for money;
 * each tile says how many contracts it sums, and the total tile how many of the listed ones that is.
 */
export function ContractTiles({
  totals,
  listed,
  loading,
}: {
  totals?: ContractTotals;
  /** How many contracts the list shows (every state). */
  listed?: number;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const counts = useCountText();
  const note = (count: number | undefined) => (count === undefined ? null : counts.counted(count));
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <StatTile
          label={t('Monto total')}
          value={formatMoney(totals?.totalAmount)}
          loading={loading}
          note={totals && listed !== undefined ? counts.countedOf(totals.totalCount, listed) : null}
        />
        <StatTile
          label={t('Licitación pública')}
          value={formatMoney(totals?.PUBLIC)}
          color="#6ec284"
          loading={loading}
          note={note(totals?.publicCount)}
        />
        <StatTile
          label={t('Por invitación')}
          value={formatMoney(totals?.INVITATION)}
          color="#ffc043"
          loading={loading}
          note={note(totals?.invitationCount)}
        />
        <StatTile
          label={t('Adjudicación directa')}
          value={formatMoney(totals?.NO_BID)}
          color="#eb6262"
          loading={loading}
          note={note(totals?.noBidCount)}
        />
      </SimpleGrid>
      <MoneyRuleNote />
    </Stack>
  );
}
