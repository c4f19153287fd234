import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { TextPage } from '../../components/text-page';
import { useOpenData } from '../../features/open-data/api/open-data';
import { OpenDataApi } from '../../features/open-data/components/open-data-api';
import { FilesSection } from '../../features/open-data/components/open-data-files';
import { OpenDataIntro } from '../../features/open-data/components/open-data-intro';
import { msg } from '../../i18n/msg';
import { useCurrentOrganizationId } from '../../lib/current-organization';
import { cannotShow } from '../../lib/load-state';

const UNAVAILABLE = msg('La información de datos abiertos no se encuentra disponible en este momento.');

/**
 * /open-data (issue 31): every contract to download as OCDS and as flat files, under the portal's
 * licence, and the OCDS API. Like /privacy it needs no chosen monitor: without one it offers the
 * whole installation's files; with one, that monitor's first.
 */
export function OpenDataPage() {
  const { t } = useTranslation();
  const monitorId = useCurrentOrganizationId();
  const query = useOpenData(monitorId);
  const { data } = query;

  return (
    <TextPage title={t('Datos abiertos')}>
      {cannotShow(query) ? (
        <LoadError inline message={UNAVAILABLE} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <OpenDataSkeleton />
      ) : (
        <Stack gap="xl">
          <OpenDataIntro license={data.license} ocidPrefix={data.ocidPrefix} />
          {data.monitor ? (
            <FilesSection
              id="open-data-monitor"
              heading={data.monitor.name}
              contracts={data.monitor.contracts}
              files={data.monitor.files}
            />
          ) : null}
          <FilesSection
            id="open-data-installation"
            heading={t('Toda la instalación')}
            lead={t('Todos los monitores de este portal')}
            contracts={data.installation.contracts}
            files={data.installation.files}
          />
          <OpenDataApi api={data.api} monitorId={data.monitor?._id ?? null} />
        </Stack>
      )}
    </TextPage>
  );
}

function OpenDataSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      <Skeleton height={18} />
      <Skeleton height={18} width="80%" />
      {[0, 1].map((block) => (
        <Stack key={block} gap="xs">
          <Skeleton height={26} width={220} />
          <Skeleton height={280} radius="md" />
        </Stack>
      ))}
    </Stack>
  );
}
