import { Anchor, Button, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webLink } from '../../../../shared/format/links';
import type { ContractDetail } from '../../../../shared/schemas/contracts';

/** The four documents of a contract (spec), each with its original link and the backup copy. */
const DOCUMENTS = [
  { label: 'Contrato', url: 'contractUrl', backup: 'contractUrlBackup' },
  { label: 'Convocatoria / Invitación', url: 'announcementUrl', backup: 'announcementUrlBackup' },
  {
    label: 'Fallo de Junta de Aclaraciones',
    url: 'clarificationMeetingJudgmentUrl',
    backup: 'clarificationMeetingJudgmentUrlBackup',
  },
  {
    label: 'Presentación de Propuesta',
    url: 'presentationProposalsDocUrl',
    backup: 'presentationProposalsDocUrlBackup',
  },
] as const;

type Document = (typeof DOCUMENTS)[number];

export function ContractDocuments({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Document | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        {t('Archivos')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {DOCUMENTS.map((document) => {
          const available = Boolean(contract[document.url] || contract[document.backup]);
          return (
            <Button
              key={document.label}
              variant={available ? 'light' : 'default'}
              justify="space-between"
              onClick={() => setOpen(document)}
              rightSection={
                available ? undefined : (
                  <Text span fz="xs" c="dimmed">
                    {t('No disponible')}
                  </Text>
                )
              }
            >
              {t(document.label)}
            </Button>
          );
        })}
      </SimpleGrid>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? t(open.label) : ''} centered>
        {open ? <DocumentChoices contract={contract} document={open} /> : null}
      </Modal>
    </Paper>
  );
}

function DocumentChoices({ contract, document }: { contract: ContractDetail; document: Document }) {
  const { t } = useTranslation();
  const stored = contract[document.url];
  const original = webLink(stored);
  const backup = contract[document.backup];
  if (!stored && !backup) return <Text>{t('Documento no disponible')}</Text>;
  return (
    <Stack gap="md">
      <div>
        <Text fw={700}>{t('Documento original')}</Text>
        {original ? (
          <Anchor
            href={original}
            target="_blank"
            rel="noopener noreferrer nofollow"
            style={{ wordBreak: 'break-all' }}
          >
            {original}
          </Anchor>
        ) : stored ? (
          // Not a web address (free text in the spreadsheet): shown, not linked.
          <Text style={{ wordBreak: 'break-all' }}>{stored}</Text>
        ) : (
          <Text c="dimmed">{t('El documento original no está disponible.')}</Text>
        )}
      </div>
      <div>
        <Text fw={700}>{t('Copia de respaldo')}</Text>
        {backup ? (
          <Anchor href={`/public-api/files/download/${backup}`} download>
            {t('Descargar la copia guardada por Vigía')}
          </Anchor>
        ) : (
          <Text c="dimmed">{t('La copia de respaldo no está disponible.')}</Text>
        )}
      </div>
    </Stack>
  );
}
