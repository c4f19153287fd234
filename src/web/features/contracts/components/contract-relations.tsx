import { Anchor, Badge, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/format/dates';
import { webLink } from '../../../../shared/format/links';
import type { ContractDetail } from '../../../../shared/schemas/contracts';

/**
 * What a contract keeps beside its fields (issue 30), each section only when known: who presented
 * a proposal (the winner marked), who was invited, the clarification meeting, the amendments with
 * their documents, the beneficial owners and the budget lines.
 */
export function ContractRelations({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const {
    bidders,
    invited,
    amendments,
    beneficialOwners,
    budgetLines,
    clarificationAttendees,
    clarificationOfficials,
  } = contract;
  if (
    bidders.length +
      invited.length +
      amendments.length +
      beneficialOwners.length +
      budgetLines.length +
      clarificationAttendees.length +
      clarificationOfficials.length ===
    0
  )
    return null;
  return (
    <Stack gap="md">
      {bidders.length > 0 ? (
        <Section
          title={t('Participantes')}
          note={t('Personas o empresas que presentaron una propuesta o cotización.')}
        >
          {(id) => (
            <People
              labelledBy={id}
              rows={bidders.map((bidder) => ({
                name: bidder.name,
                rfc: bidder.rfc,
                mark: bidder.isWinner ? t('Ganador') : null,
              }))}
            />
          )}
        </Section>
      ) : null}
      {invited.length > 0 ? (
        <Section title={t('Invitados')} note={t('Personas o empresas invitadas a participar.')}>
          {(id) => <People labelledBy={id} rows={invited} />}
        </Section>
      ) : null}
      {amendments.length > 0 ? (
        <Section title={t('Convenios modificatorios')}>
          {(id) => <Amendments labelledBy={id} contract={contract} />}
        </Section>
      ) : null}
      {beneficialOwners.length > 0 ? (
        <Section
          title={t('Beneficiarios finales')}
          note={t('Personas que, en última instancia, son dueñas o controlan a la empresa ganadora.')}
        >
          {(id) => (
            <List aria-labelledby={id}>
              {beneficialOwners.map((owner, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a list shown in the source's order and never reordered; names may repeat
                <List.Item key={`${owner.name}-${index}`}>{owner.name}</List.Item>
              ))}
            </List>
          )}
        </Section>
      ) : null}
      {budgetLines.length > 0 ? (
        <Section
          title={t('Partidas presupuestales')}
          note={t('Claves del Clasificador por Objeto del Gasto con que se pagó el contrato.')}
        >
          {(id) => (
            <Group gap="xs" role="list" aria-labelledby={id}>
              {budgetLines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a list shown in the source's order and never reordered; names may repeat
                <Badge key={`${line.code}-${index}`} variant="light" role="listitem" size="lg">
                  {line.code}
                </Badge>
              ))}
            </Group>
          )}
        </Section>
      ) : null}
      {clarificationAttendees.length + clarificationOfficials.length > 0 ? (
        <Section title={t('Junta de aclaraciones')}>
          {(id) => (
            <Stack gap="sm">
              {clarificationAttendees.length > 0 ? (
                <>
                  <Text fw={700} id={`${id}-asistentes`}>
                    {t('Asistentes')}
                  </Text>
                  <People labelledBy={`${id}-asistentes`} rows={clarificationAttendees} />
                </>
              ) : null}
              {clarificationOfficials.length > 0 ? (
                <>
                  <Text fw={700} id={`${id}-servidores`}>
                    {t('Servidores públicos presentes')}
                  </Text>
                  <People
                    labelledBy={`${id}-servidores`}
                    rows={clarificationOfficials.map((official) => ({
                      name: official.name,
                      rfc: official.rfc,
                      detail: official.post,
                    }))}
                  />
                </>
              ) : null}
            </Stack>
          )}
        </Section>
      ) : null}
    </Stack>
  );
}

function Section({
  title,
  note,
  children,
}: {
  title: string;
  note?: string;
  children: (titleId: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
      {note ? (
        <Text fz="sm" c="dimmed" mb="sm">
          {note}
        </Text>
      ) : null}
      <div style={{ marginTop: note ? 0 : 'var(--mantine-spacing-sm)' }}>{children(id)}</div>
    </Paper>
  );
}

/** People and companies, one per line: the name, its RFC, and a post or a mark when there is one. */
function People({
  rows,
  labelledBy,
}: {
  rows: { name: string; rfc: string | null; mark?: string | null; detail?: string | null }[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  return (
    <List listStyleType="none" spacing="xs" aria-labelledby={labelledBy} p={0}>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a list shown in the source's order and never reordered; names may repeat
        <List.Item key={`${row.name}-${index}`}>
          <Group gap="xs" wrap="wrap">
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.name}
            </Text>
            {row.mark ? (
              <Badge color="brand" variant="filled" size="sm">
                {row.mark}
              </Badge>
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[row.rfc ? `${t('RFC')}: ${row.rfc}` : t('Sin RFC publicado'), row.detail]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function Amendments({ contract, labelledBy }: { contract: ContractDetail; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table aria-labelledby={labelledBy} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('Número')}</Table.Th>
            <Table.Th scope="col">{t('Objeto')}</Table.Th>
            <Table.Th scope="col">{t('Fecha de firma')}</Table.Th>
            <Table.Th scope="col">{t('Documento')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contract.amendments.map((amendment, index) => {
            const original = webLink(amendment.url);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a list shown in the source's order and never reordered; names may repeat
              <Table.Tr key={`${amendment.number}-${index}`}>
                <Table.Td>{amendment.number ?? '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{amendment.object ?? '—'}</Table.Td>
                <Table.Td>{formatDate(amendment.signedDate) || '—'}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {original ? (
                      <Anchor href={original} target="_blank" rel="noopener noreferrer nofollow">
                        {t('Ver convenio')}
                      </Anchor>
                    ) : null}
                    {amendment.backupFileId ? (
                      <Anchor href={`/public-api/files/download/${amendment.backupFileId}`} download>
                        {t('Descargar copia de respaldo')}
                      </Anchor>
                    ) : null}
                    {!original && !amendment.backupFileId ? '—' : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
