import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/money';
import type { ContractTotals } from '../../../../shared/schemas/contracts';
import { MoneyRuleNote } from '../../../components/money-rule-note';
import { StatTile } from '../../../components/stat-tile';

/** Total, public tender, invitation and direct-award amounts (spec), under the one rule for money. */
export function ContractTiles({ totals, loading }: { totals?: ContractTotals; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <StatTile label={t('Monto total')} value={formatMoney(totals?.totalAmount)} loading={loading} />
        <StatTile
          label={t('Licitación pública')}
          value={formatMoney(totals?.PUBLIC)}
          color="#6ec284"
          loading={loading}
        />
        <StatTile
          label={t('Por invitación')}
          value={formatMoney(totals?.INVITATION)}
          color="#ffc043"
          loading={loading}
        />
        <StatTile
          label={t('Adjudicación directa')}
          value={formatMoney(totals?.NO_BID)}
          color="#eb6262"
          loading={loading}
        />
      </SimpleGrid>
      <MoneyRuleNote />
    </Stack>
  );
}
