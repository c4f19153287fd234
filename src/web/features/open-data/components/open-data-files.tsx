import { Box, Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../shared/format/bytes';
import { formatDate } from '../../../../shared/format/dates';
import type { OpenDataFileInfo } from '../../../../shared/schemas/open-data';
import { DownloadIcon } from '../../../components/icons';
import { useCountText } from '../../../lib/count-text';
import { FILE_TEXTS } from './file-texts';
import classes from './open-data.module.css';

/**
 * One set of files to download (a monitor's, or the whole installation's): its heading, how many
 * contracts they hold, and each file with its size, the date its data last changed and a link
 * the browser saves. A file still being built is offered all the same: it is made as it downloads.
 */
export function FilesSection({
  id,
  heading,
  lead,
  contracts,
  files,
}: {
  id: string;
  heading: string;
  lead?: string;
  contracts: number;
  files: OpenDataFileInfo[];
}) {
  const { t } = useTranslation();
  const counts = useCountText();
  // A monitor without contracts has no OCDS package to offer (decision 0051).
  const empty = contracts === 0 || files.length === 0;
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} fz={{ base: 22, sm: 26 }}>
        {heading}
      </Title>
      <Text c="dimmed" mb="sm">
        {lead ? `${lead} · ` : ''}
        {counts.contracts(contracts)}
      </Text>
      {empty ? (
        <Text c="dimmed">{t('Todavía no hay contratos publicados para descargar.')}</Text>
      ) : (
        <ul className={classes.files}>
          {files.map((file) => (
            <FileRow key={file.file} file={file} />
          ))}
        </ul>
      )}
    </Box>
  );
}

function FileRow({ file }: { file: OpenDataFileInfo }) {
  const { t } = useTranslation();
  const texts = FILE_TEXTS[file.file];
  const size = file.size === null ? t('Se prepara al descargar') : formatBytes(file.size);
  const date = formatDate(file.date);
  return (
    <li className={classes.file} data-file={file.file}>
      <Stack gap={2}>
        <Text fw={600}>{t(texts.name)}</Text>
        <Text fz="sm" c="dimmed">
          {t(texts.description)}
        </Text>
        <Text fz="sm" className={classes.meta}>
          <span className={classes.part}>{size}</span>
          {date ? (
            <>
              {' · '}
              <span className={classes.part}>{t('Datos actualizados el {{date}}', { date })}</span>
            </>
          ) : null}
        </Text>
      </Stack>
      <Button
        component="a"
        href={file.url}
        download
        type={file.mediaType}
        variant="light"
        leftSection={<DownloadIcon />}
        className={classes.download}
      >
        {t('Descargar')}
        <VisuallyHidden> {t(texts.name)}</VisuallyHidden>
      </Button>
    </li>
  );
}
