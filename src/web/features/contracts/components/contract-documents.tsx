import { Alert, Anchor, Button, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKUP_REASON_LABELS } from '../../../../shared/constants/backups';
import { CONTRACT_DOCUMENT_FIELDS } from '../../../../shared/constants/enums';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import { webLink } from '../../../../shared/format/links';
import type { ContractDetail } from '../../../../shared/schemas/contracts';
import { DownloadIcon } from '../../../components/icons';

/** The four documents of a contract (spec), each with its original link and its copies. */
const DOCUMENTS = [
  { kind: 'CONTRACT', label: 'Contrato' },
  { kind: 'ANNOUNCEMENT', label: 'Convocatoria / Invitación' },
  { kind: 'JUDGMENT', label: 'Fallo de Junta de Aclaraciones' },
  { kind: 'PROPOSALS', label: 'Presentación de Propuesta' },
] as const;

type Document = (typeof DOCUMENTS)[number];

/**
 * A document's button shows its whole name at any width (WCAG 1.4.4 and 1.4.10: at 200 % zoom or on
 * a 360-pixel phone): the label wraps and the button grows with it instead of cutting the text,
 * and 'No disponible' goes under the name when both do not fit on one line.
 */
const DOCUMENT_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 'var(--mantine-spacing-xs)' },
  inner: { height: 'auto', flexWrap: 'wrap', columnGap: 'var(--mantine-spacing-xs)', rowGap: 4 },
  label: { height: 'auto', whiteSpace: 'normal', overflow: 'visible', textAlign: 'start', lineHeight: 1.3 },
  section: { marginInlineStart: 0 },
} as const;

const copiesOf = (contract: ContractDetail, document: Document) =>
  contract.documentBackups.find((backup) => backup.document === document.kind);

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
          const available = Boolean(
            contract[CONTRACT_DOCUMENT_FIELDS[document.kind]] || copiesOf(contract, document)?.versions[0],
          );
          return (
            <Button
              key={document.label}
              variant={available ? 'light' : 'default'}
              justify="space-between"
              styles={DOCUMENT_BUTTON_STYLES}
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
  const stored = contract[CONTRACT_DOCUMENT_FIELDS[document.kind]];
  const original = webLink(stored);
  const copies = copiesOf(contract, document);
  const newest = copies?.versions[0];
  if (!stored && !newest) return <Text>{t('Documento no disponible')}</Text>;
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
        {copies?.goneSince ? (
          <Alert color="orange" variant="light" mt="xs" p="xs" data-testid="backup-gone">
            {t('Ya no está disponible en la fuente desde {{date}}', { date: formatDate(copies.goneSince) })}
          </Alert>
        ) : null}
      </div>
      <div>
        <Text fw={700}>{t('Copia de respaldo')}</Text>
        {newest ? (
          <Stack gap={4} data-testid="backup-copy">
            <Button
              component="a"
              href={`/public-api/files/download/${newest.fileId}`}
              download
              variant="light"
              leftSection={<DownloadIcon />}
              w="fit-content"
            >
              {t('Descargar copia de respaldo')}
            </Button>
            <Text fz="sm">
              {t('Copiada el {{date}}', { date: formatDate(newest.copiedAt) })} · {formatBytes(newest.size)}
            </Text>
            <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {t('Huella SHA-256')}: <code data-testid="backup-sha256">{newest.sha256}</code>
            </Text>
            {copies.versions.length > 1 ? (
              <div>
                <Text fz="sm" fw={600} mt={4}>
                  {t('Versiones anteriores')}
                </Text>
                <List size="sm" spacing={2}>
                  {copies.versions.slice(1).map((version) => (
                    <List.Item key={version.fileId}>
                      <Anchor href={`/public-api/files/download/${version.fileId}`} download fz="sm">
                        {t('Copia del {{date}}', { date: formatDate(version.copiedAt) })}
                      </Anchor>{' '}
                      <Text span fz="xs" c="dimmed">
                        SHA-256 {version.sha256.slice(0, 12)}…
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </div>
            ) : null}
          </Stack>
        ) : (
          <Stack gap={2} data-testid="backup-missing">
            <Text c="dimmed">{t('La copia de respaldo no está disponible.')}</Text>
            {copies?.state === 'PENDING' ? (
              <Text fz="sm" c="dimmed">
                {t('La copia se está preparando; vuelve a consultar más tarde.')}
              </Text>
            ) : copies?.state === 'NOT_KEPT' ? (
              // A link no copy is kept of (decision 0044): nothing is on its way.
              <Text fz="sm" c="dimmed">
                {t('Este portal no guarda una copia de este documento; consulta el original.')}
              </Text>
            ) : copies?.reason ? (
              <Text fz="sm" c="dimmed">
                {t(BACKUP_REASON_LABELS[copies.reason])}
              </Text>
            ) : null}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
