import { Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import type { PublicOrganization } from '../../../shared/schemas/organizations';
import { LoadError } from '../../components/load-error';
import { TextPage } from '../../components/text-page';
import { feedUrls } from '../../features/alerts/api/feeds';
import type { FollowChoice } from '../../features/alerts/choices';
import { FollowButton } from '../../features/alerts/components/follow-button';
import { useRedFlags } from '../../features/red-flags/api/red-flags';
import { FlagCategories } from '../../features/red-flags/components/flag-categories';
import { readParameters } from '../../features/red-flags/components/flag-parameters';
import { RedFlagsIntro } from '../../features/red-flags/components/red-flags-intro';
import { RedFlagsMethod } from '../../features/red-flags/components/red-flags-method';
import { msg } from '../../i18n/msg';
import { cannotShow } from '../../lib/load-state';

const UNAVAILABLE = msg(
  'La información de las señales de alerta no se encuentra disponible en este momento.',
);

/** 'Seguir' here (issue 33): new contracts with a flag chosen in the form, any flag at first. */
const FLAG_FOLLOWS: FollowChoice[] = [{ kind: 'FLAG', label: 'Contratos nuevos con la señal…', code: 'ANY' }];

/**
 * /red-flags (issue 32): what a red flag is, each flag's rule with this monitor's parameters and how
 * many of its contracts carry it, grouped by category; the method's version and the lists' dates.
 */
export function RedFlagsPage() {
  const { t } = useTranslation();
  const organization = useOutletContext<PublicOrganization>();
  const query = useRedFlags(organization._id);
  const { data } = query;

  return (
    <TextPage title={t('Señales de alerta')}>
      <Stack gap="xl">
        <Group justify="flex-end" mb={-16}>
          <FollowButton choices={FLAG_FOLLOWS} feedUrl={feedUrls.flag(organization._id, 'ANY')} />
        </Group>
        <RedFlagsIntro />
        {cannotShow(query) ? (
          <LoadError inline message={UNAVAILABLE} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <RedFlagsSkeleton />
        ) : (
          <>
            <FlagCategories flags={data.flags} parameters={readParameters(data.parameters)} />
            <RedFlagsMethod overview={data} />
          </>
        )}
      </Stack>
    </TextPage>
  );
}

function RedFlagsSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true">
      {[0, 1].map((block) => (
        <Stack key={block} gap="xs">
          <Skeleton height={26} width={220} />
          <Skeleton height={280} radius="md" />
        </Stack>
      ))}
    </Stack>
  );
}
