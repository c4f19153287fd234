import { Anchor, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CONTRACT_CATEGORY_LABELS, CONTRACT_TYPE_LABELS } from '../../../../shared/constants/enums';
import { formatDate } from '../../../../shared/format/dates';
import { webLink } from '../../../../shared/format/links';
import { formatMoney } from '../../../../shared/format/money';
import type { ContractListItem } from '../../../../shared/schemas/contracts';
import { EmptyList, SeeMore } from '../../../components/list-parts';
import { NotCountedNote } from '../../../components/not-counted-note';
import { RedFlagTags } from '../../../components/red-flag-tags';
import { TruncatedText } from '../../../components/truncated-text';
import { msg } from '../../../i18n/msg';
import { EmptyProcedureBadge, ProcedureStateBadge, ProcedureTypeBadge } from './contract-badges';
import classes from './contracts-table.module.css';

/** Every column of the spec on wide screens (scrolling sideways); cards on a phone. */
export function ContractsTable({ docs, loading }: { docs: ContractListItem[]; loading?: boolean }) {
  const wide = useMediaQuery('(min-width: 62em)', true);
  if (docs.length === 0) return <EmptyList loading={loading} />;
  return wide ? <WideTable docs={docs} /> : <Cards docs={docs} />;
}

function DocumentLink({ href: stored, label }: { href: string | null; label: string }) {
  const { t } = useTranslation();
  const href = webLink(stored);
  if (!href)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow">
      {t(label)}
    </Anchor>
  );
}

function WideTable({ docs }: { docs: ContractListItem[] }) {
  const { t } = useTranslation();
  const headers = [
    msg('Opciones'),
    msg('Proveedor'),
    msg('ID del proceso'),
    msg('ID del contrato'),
    msg('Descripción de la obra'),
    msg('Monto total'),
    // Beside the amount, so a list filtered by a flag shows its tags without scrolling sideways.
    msg('Señales de alerta'),
    msg('Fecha del contrato'),
    msg('Tipo de procedimiento'),
    msg('Estado del procedimiento'),
    msg('Unidad administrativa solicitante'),
    msg('Materia'),
    msg('Tipo de contrato'),
    msg('Notas'),
    msg('Convocatoria'),
    msg('Contrato'),
    msg('Presentación de propuestas'),
    msg('Fecha de obtención de los datos'),
  ];
  return (
    <ScrollArea type="auto" offsetScrollbars className={classes.scroll} viewportProps={{ tabIndex: 0 }}>
      <Table striped highlightOnHover verticalSpacing="xs" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{t(header)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((doc) => (
            <Table.Tr key={doc._id}>
              <Table.Td>
                <SeeMore to={`/contracts/${doc._id}`} compact />
              </Table.Td>
              <Table.Td>
                <TruncatedText text={doc.supplier?.name} />
              </Table.Td>
              <Table.Td>
                <TruncatedText text={doc.contractId} />
              </Table.Td>
              <Table.Td>
                <TruncatedText text={doc.contractNumber} />
              </Table.Td>
              <Table.Td>
                <TruncatedText text={doc.servicesDescription} />
              </Table.Td>
              <Table.Td className={classes.amount}>
                {doc.totalOrMaxAmount === null ? '—' : formatMoney(doc.totalOrMaxAmount)}
                <div className={classes.notCounted}>
                  <NotCountedNote contract={doc} />
                </div>
              </Table.Td>
              <Table.Td className={classes.flags}>
                <RedFlagTags codes={doc.redFlags ?? []} />
              </Table.Td>
              <Table.Td>{formatDate(doc.contractDate) || '—'}</Table.Td>
              <Table.Td>
                <ProcedureTypeBadge value={doc.procedureType} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ProcedureStateBadge value={doc.procedureState} />
                  <EmptyProcedureBadge value={doc.isEmpty} />
                </Group>
              </Table.Td>
              <Table.Td>
                <TruncatedText text={doc.applicantAdministrativeUnit?.name} />
              </Table.Td>
              <Table.Td>{doc.category ? t(CONTRACT_CATEGORY_LABELS[doc.category]) : '—'}</Table.Td>
              <Table.Td>{doc.contractType ? t(CONTRACT_TYPE_LABELS[doc.contractType]) : '—'}</Table.Td>
              <Table.Td>
                <TruncatedText text={doc.notes} />
              </Table.Td>
              <Table.Td>
                <DocumentLink href={doc.announcementUrl} label="Ver" />
              </Table.Td>
              <Table.Td>
                <DocumentLink href={doc.contractUrl} label="Ver" />
              </Table.Td>
              <Table.Td>
                <DocumentLink href={doc.presentationProposalsDocUrl} label="Ver" />
              </Table.Td>
              <Table.Td>{formatDate(doc.informationDate) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function Cards({ docs }: { docs: ContractListItem[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {docs.map((doc) => (
        <Card key={doc._id} withBorder radius="md" padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <ProcedureTypeBadge value={doc.procedureType} />
            <ProcedureStateBadge value={doc.procedureState} />
          </Group>
          {doc.isEmpty ? (
            <Group mt={6}>
              <EmptyProcedureBadge value />
            </Group>
          ) : null}
          <Text fw={700} mt="xs" lineClamp={3}>
            {doc.servicesDescription || t('Sin descripción')}
          </Text>
          <Text fz="sm" c="dimmed" mt={4}>
            {doc.supplier?.name ?? t('Sin proveedor')}
          </Text>
          {doc.redFlags?.length ? (
            <div className={classes.cardFlags}>
              <RedFlagTags codes={doc.redFlags} />
            </div>
          ) : null}
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <Text fw={800} className={classes.amount}>
              {doc.totalOrMaxAmount === null ? '—' : formatMoney(doc.totalOrMaxAmount)}
            </Text>
            <Text fz="sm">{formatDate(doc.contractDate)}</Text>
          </Group>
          <NotCountedNote contract={doc} />
          <SeeMore to={`/contracts/${doc._id}`} />
        </Card>
      ))}
    </Stack>
  );
}
