import { Alert, Button, Skeleton, Stack, Tabs } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { SETTINGS_MESSAGES } from '../../../../shared/schemas/settings';
import { toast } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useSettings } from './api';
import { AssociationCard } from './association-card';
import { CoverCard } from './cover-card';
import { GeneralInfoCard } from './general-info-card';
import classes from './settings-tabs.module.css';
import { ThemePicker } from './theme-picker';

const TABS = {
  general: 'Información general',
  personalization: 'Personalización de la plataforma',
  installation: 'Instalación',
} as const;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && Object.hasOwn(TABS, value);

/**
 * The tabs of /admin/settings (the open one kept in ?tab=), once the settings have loaded: the
 * spec's two for the current monitor, and for GENERAL administrators the installation's texts.
 */
export function SettingsTabs({ organizationId }: { organizationId: string }) {
  const settings = useSettings(organizationId);
  const [params, setParams] = useSearchParams();
  const general = useSession()?.user.administratorType === 'GENERAL';
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) && (requested !== 'installation' || general) ? requested : 'general';

  useEffect(() => {
    if (settings.isError) toast('danger', SETTINGS_MESSAGES.loadFailed, { id: 'settings-unavailable' });
  }, [settings.isError]);

  if (settings.isError) {
    return (
      <Alert color="red" variant="light" title={SETTINGS_MESSAGES.loadFailed}>
        <Button mt="sm" variant="light" color="red" onClick={() => void settings.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!settings.data) return <Skeleton height={420} radius="md" />;
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (isTab(value)) setParams(value === 'general' ? {} : { tab: value }, { replace: true });
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md" className={classes.list}>
        <Tabs.Tab value="general">{TABS.general}</Tabs.Tab>
        <Tabs.Tab value="personalization">{TABS.personalization}</Tabs.Tab>
        {general ? <Tabs.Tab value="installation">{TABS.installation}</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="general">
        <Stack gap="md">
          <CoverCard organizationId={organizationId} cover={settings.data.cover} />
          <GeneralInfoCard organizationId={organizationId} settings={settings.data} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="personalization">
        <ThemePicker organizationId={organizationId} current={settings.data.theme} />
      </Tabs.Panel>
      {general ? (
        <Tabs.Panel value="installation">
          <AssociationCard />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}
