import { Anchor, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DownloadFormat } from '../../shared/schemas/filters';
import { DownloadMenu } from './download-menu';
import { LastUpdate } from './last-update';
import { ShareButton } from './share-button';

/**
 * The top of a list screen (spec): links on to other screens, the title, Descargar and Compartir;
 * `more`, a link beside the downloads to other ways of getting the data (the open data page);
 * `actions`, more buttons before Descargar (the contracts' 'Seguir').
 */
export function ListHeader({
  links,
  title,
  organizationId,
  downloadUrl,
  more,
  actions,
}: {
  links: { to: string; label: string }[];
  title: string;
  organizationId: string;
  downloadUrl: (format: DownloadFormat) => string;
  more?: { to: string; label: string };
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div>
        <Group gap="md">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fz="sm">
              {t(link.label)}
            </Anchor>
          ))}
        </Group>
        <Title order={1} mt={4}>
          {t(title)}
        </Title>
      </div>
      <Group gap="xs">
        {actions}
        {more ? (
          <Anchor component={Link} to={more.to} fz="sm" mr="xs">
            {t(more.label)}
          </Anchor>
        ) : null}
        <DownloadMenu url={downloadUrl} />
        <ShareButton organizationId={organizationId} />
      </Group>
    </Group>
  );
}

/** The line above a list: how many rows it has (and whether it is updating), and the last update. */
export function ListStatus({
  count,
  updating,
  lastUpdate,
}: {
  count: string | null;
  updating: boolean;
  lastUpdate: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text fw={600} aria-live="polite">
        {count ?? ''}
        {updating && count ? ` · ${t('Actualizando…')}` : ''}
      </Text>
      <LastUpdate value={lastUpdate} />
    </Group>
  );
}
