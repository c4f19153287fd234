import { Accordion, Badge, Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProcedureType } from '../../../../shared/constants/enums';
import { formatDate } from '../../../../shared/format/dates';
import { formatMoney } from '../../../../shared/format/money';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import type { SupplierBid, SupplierContract, SupplierDetail } from '../../../../shared/schemas/suppliers';
import { NotCountedNote } from '../../../components/not-counted-note';
import { useCountText } from '../../../lib/count-text';
import { useSupplierBids, useSupplierContracts } from '../api/suppliers';

const GROUPS: {
  key: 'public' | 'invitation' | 'noBid';
  type: ProcedureType;
  label: string;
  color: string;
}[] = [
  { key: 'public', type: 'PUBLIC', label: 'Licitación pública', color: 'green' },
  { key: 'invitation', type: 'INVITATION', label: 'Por invitación', color: 'yellow' },
  { key: 'noBid', type: 'NO_BID', label: 'Adjudicación directa', color: 'red' },
];

/** A supplier's contracts in three collapsible groups by procedure type, with their counts (spec). */
export function SupplierGroups({
  organizationId,
  detail,
  filters,
}: {
  organizationId: string;
  detail: SupplierDetail;
  filters: Omit<Partial<PublicFilters>, 'suppliers'>;
}) {
  const { t } = useTranslation();
  const counts = useCountText();
  return (
    <Accordion
      multiple
      variant="separated"
      defaultValue={GROUPS.filter((group) => detail[group.key].count > 0)
        .map((group) => group.key)
        .slice(0, 1)}
    >
      {GROUPS.map((group) => (
        <Accordion.Item key={group.key} value={group.key}>
          <Accordion.Control>
            <Group gap="sm">
              <Text fw={700}>{t(group.label)}</Text>
              <Badge color={group.color} variant="light">
                {counts.contracts(detail[group.key].count)}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <GroupContracts
              organizationId={organizationId}
              supplierId={detail._id}
              type={group.type}
              first={detail[group.key].docs}
              count={detail[group.key].count}
              filters={filters}
            />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
      {detail.bidsLost.count > 0 ? (
        <Accordion.Item value="bidsLost">
          <Accordion.Control>
            <Group gap="sm">
              <Text fw={700}>{t('Participó sin ganar')}</Text>
              <Badge color="gray" variant="light">
                {counts.contracts(detail.bidsLost.count)}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <BidsLost
              organizationId={organizationId}
              supplierId={detail._id}
              first={detail.bidsLost.docs}
              count={detail.bidsLost.count}
            />
          </Accordion.Panel>
        </Accordion.Item>
      ) : null}
    </Accordion>
  );
}

/** The procedures the supplier bid for and another won, in every period (format 28's bidders). */
function BidsLost({
  organizationId,
  supplierId,
  first,
  count,
}: {
  organizationId: string;
  supplierId: string;
  first: SupplierBid[];
  count: number;
}) {
  const { t } = useTranslation();
  const [wantMore, setWantMore] = useState(false);
  const more = useSupplierBids(organizationId, supplierId, wantMore && count > first.length);
  const docs = [...first, ...(more.data?.pages.flatMap((page) => page.data.docs) ?? [])];
  return (
    <>
      <Text fz="sm" c="dimmed" mb="xs">
        {t(
          'Procedimientos en los que presentó una propuesta y otro proveedor obtuvo el contrato, en todos los periodos.',
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {docs.map((bid) => (
          <Card
            key={bid._id}
            withBorder
            radius="md"
            component={Link}
            to={`/contracts/${bid._id}`}
            padding="sm"
          >
            <Text fz="sm" lineClamp={3}>
              {bid.servicesDescription || t('Sin descripción')}
            </Text>
            <Text fz="sm" mt={4}>
              {bid.winner ? t('Lo ganó {{winner}}', { winner: bid.winner.name }) : t('Sin proveedor ganador')}
            </Text>
            <Group justify="space-between" mt="xs">
              <Text fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {bid.totalOrMaxAmount === null ? '—' : formatMoney(bid.totalOrMaxAmount)}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDate(bid.contractDate)}
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {docs.length < count ? (
        <Button
          mt="sm"
          variant="subtle"
          loading={more.isFetching}
          onClick={() => (wantMore ? void more.fetchNextPage() : setWantMore(true))}
        >
          {t('Ver más contratos')} ({docs.length.toLocaleString('en-US')} / {count.toLocaleString('en-US')})
        </Button>
      ) : null}
    </>
  );
}

function GroupContracts({
  organizationId,
  supplierId,
  type,
  first,
  count,
  filters,
}: {
  organizationId: string;
  supplierId: string;
  type: ProcedureType;
  first: SupplierContract[];
  count: number;
  filters: Omit<Partial<PublicFilters>, 'suppliers'>;
}) {
  const { t } = useTranslation();
  const [wantMore, setWantMore] = useState(false);
  const more = useSupplierContracts(
    organizationId,
    supplierId,
    type,
    filters,
    wantMore && count > first.length,
  );
  const docs = [...first, ...(more.data?.pages.flatMap((page) => page.data.docs) ?? [])];
  if (count === 0) {
    return <Text c="dimmed">{t('Sin contratos de este tipo.')}</Text>;
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {docs.map((contract) => (
          <ContractCard
            key={contract._id}
            contract={contract}
            footer={<NotCountedNote contract={contract} />}
          />
        ))}
      </SimpleGrid>
      <MoreButton
        shown={docs.length}
        count={count}
        loading={more.isFetching}
        onClick={() => (wantMore ? void more.fetchNextPage() : setWantMore(true))}
      />
    </>
  );
}

/** A contract as a card that opens it: its description, what `children` add, its amount and date. */
function ContractCard({
  contract,
  children,
  footer,
}: {
  contract: Pick<SupplierBid, '_id' | 'servicesDescription' | 'totalOrMaxAmount' | 'contractDate'>;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" component={Link} to={`/contracts/${contract._id}`} padding="sm">
      <Text fz="sm" lineClamp={3}>
        {contract.servicesDescription || t('Sin descripción')}
      </Text>
      {children}
      <Group justify="space-between" mt="xs">
        <Text fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {contract.totalOrMaxAmount === null ? '—' : formatMoney(contract.totalOrMaxAmount)}
        </Text>
        <Text fz="xs" c="dimmed">
          {formatDate(contract.contractDate)}
        </Text>
      </Group>
      {footer}
    </Card>
  );
}

/** 'Ver más contratos (shown / count)', while some are not shown yet. */
function MoreButton({
  shown,
  count,
  loading,
  onClick,
}: {
  shown: number;
  count: number;
  loading: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  if (shown >= count) return null;
  return (
    <Button mt="sm" variant="subtle" loading={loading} onClick={onClick}>
      {t('Ver más contratos')} ({shown.toLocaleString('en-US')} / {count.toLocaleString('en-US')})
    </Button>
  );
}
