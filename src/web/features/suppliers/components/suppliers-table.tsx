import { Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { filtersSearch } from '../../../../shared/filters-url';
import { formatCount, formatMoney } from '../../../../shared/format/money';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import type { SupplierListRow, SupplierTotals } from '../../../../shared/schemas/suppliers';
import { EmptyList, SeeMore } from '../../../components/list-parts';
import { RedFlagTags } from '../../../components/red-flag-tags';
import { TruncatedText } from '../../../components/truncated-text';
import classes from './suppliers-table.module.css';

/**
 * Suppliers with their amounts per procedure type and the TOTAL row (spec), and their contracts with
 * red flags by kind (issue 32); cards on a phone.
 */
export function SuppliersTable({
  docs,
  totals,
  filters,
  loading,
}: {
  docs: SupplierListRow[];
  totals?: SupplierTotals;
  /** The list's filters, carried to each supplier's page so its figures match the row. */
  filters: PublicFilters;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const detail = (id: string) => `/suppliers/${id}${filtersSearch(filters)}`;
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (docs.length === 0) return <EmptyList loading={loading} />;
  if (!wide) {
    return (
      <Stack gap="sm">
        {docs.map((row) => (
          <Card key={row._id} withBorder radius="md">
            <Text fw={700}>{row.name}</Text>
            <Group justify="space-between" mt="xs">
              <Text fz="sm" c="dimmed">
                {t('Monto total')}
              </Text>
              <Text fw={800} className={classes.amount}>
                {formatMoney(row.total)}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed" mt={4}>
              {t('Lic. pública')} {formatMoney(row.public)} · {t('Por invitación')}{' '}
              {formatMoney(row.invitation)} · {t('Adj. directa')} {formatMoney(row.noBid)}
            </Text>
            {row.redFlags.flagged > 0 ? (
              <div className={classes.cardFlags}>
                <FlaggedContracts flags={row.redFlags} />
              </div>
            ) : null}
            <SeeMore to={detail(row._id)} />
          </Card>
        ))}
        {totals ? (
          <Card withBorder radius="md" bg="gray.0">
            <Group justify="space-between">
              <Text fw={800}>{t('TOTAL')}</Text>
              <Text fw={800} className={classes.amount}>
                {formatMoney(totals.total)}
              </Text>
            </Group>
            <Text fz="xs" c="dimmed" mt={4}>
              {t('Lic. pública')} {formatMoney(totals.public)} · {t('Por invitación')}{' '}
              {formatMoney(totals.invitation)} · {t('Adj. directa')} {formatMoney(totals.noBid)}
            </Text>
          </Card>
        ) : null}
      </Stack>
    );
  }
  return (
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <Table striped highlightOnHover verticalSpacing="xs" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Nombre del proveedor')}</Table.Th>
            <Table.Th className={classes.amount}>{t('Licitación pública')}</Table.Th>
            <Table.Th className={classes.amount}>{t('Por invitación')}</Table.Th>
            <Table.Th className={classes.amount}>{t('Adjudicación directa')}</Table.Th>
            <Table.Th className={classes.amount}>{t('Monto total')}</Table.Th>
            <Table.Th>{t('Señales de alerta')}</Table.Th>
            <Table.Th>{t('Opciones')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td>
                <TruncatedText text={row.name} />
              </Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(row.public)}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(row.invitation)}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(row.noBid)}</Table.Td>
              <Table.Td className={classes.amount} fw={700}>
                {formatMoney(row.total)}
              </Table.Td>
              <Table.Td className={classes.flags}>
                <FlaggedContracts flags={row.redFlags} />
              </Table.Td>
              <Table.Td>
                <SeeMore to={detail(row._id)} compact />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals ? (
          <Table.Tfoot>
            <Table.Tr className={classes.total}>
              <Table.Td>{t('TOTAL')}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(totals.public)}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(totals.invitation)}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(totals.noBid)}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(totals.total)}</Table.Td>
              <Table.Td />
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </ScrollArea>
  );
}

/**
 * How many of a supplier's listed contracts carry red flags, and its flags by kind with their
 * contracts; '—' when none (nothing alarming to show).
 */
function FlaggedContracts({ flags }: { flags: SupplierListRow['redFlags'] }) {
  const { t } = useTranslation();
  if (flags.flagged === 0) return <RedFlagTags codes={[]} />;
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={700}>
        {flags.flagged === 1
          ? t('1 contrato con señales de alerta')
          : t('{{count}} contratos con señales de alerta', { count: formatCount(flags.flagged) })}
      </Text>
      <RedFlagTags
        codes={flags.byKind.map((kind) => kind.code)}
        counts={Object.fromEntries(flags.byKind.map((kind) => [kind.code, kind.contracts]))}
      />
    </Stack>
  );
}
