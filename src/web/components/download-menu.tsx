import { Button, Menu, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../shared/constants/limits';
import type { DownloadFormat } from '../../shared/schemas/filters';
import { downloadToken, followDownload, startDownload, withSignal } from '../lib/download';
import { DownloadIcon } from './icons';

const FORMATS: { format: DownloadFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'xls', label: 'Excel (XLSX)' },
  { format: 'json', label: 'JSON' },
];

/**
 * Download as PDF, XLSX or JSON (spec): the server names the file ('vigia-contratos-2026-11-22.xlsx')
 * and a dialog says 'Tu documento se descargará en un momento...' for 7 seconds; if the file has
 * not started by then, a lasting notice says it is still being prepared (lib/download).
 */
export function DownloadMenu({ url }: { url: (format: DownloadFormat) => string }) {
  const { t } = useTranslation();
  const [waiting, { open, close }] = useDisclosure(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(close, LIMITS.downloadWaitMs);
    return () => clearTimeout(timer);
  }, [waiting, close]);

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" leftSection={<DownloadIcon />}>
            {t('Descargar')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {FORMATS.map((item) => (
            <Menu.Item
              key={item.format}
              onClick={() => {
                const token = downloadToken();
                startDownload(withSignal(url(item.format), token));
                open();
                followDownload(token, LIMITS.downloadWaitMs, close);
              }}
            >
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={waiting} onClose={close} centered withCloseButton title={t('Descarga')} size="sm">
        <Text>{t('Tu documento se descargará en un momento...')}</Text>
      </Modal>
    </>
  );
}
