import { Stack, Text } from '@mantine/core';
import { RED_FLAG_DISCLAIMER } from '../../../../shared/red-flags/definitions';
import { useSession } from '../../../lib/session';
import { ListsCard } from './lists-card';
import { ParametersCard } from './parameters-form';

/**
 * /admin/red-flags (CALCULATIONS, issue 32): the current monitor's parameters and switches, and
 * for GENERAL administrators the installation's supplier lists (the server refuses anyone else).
 */
export function RedFlagsAdmin({ organizationId }: { organizationId: string }) {
  const general = useSession()?.user.administratorType === 'GENERAL';
  return (
    <Stack gap="lg">
      <Text c="dimmed">
        Las señales de alerta marcan contratos que conviene revisar. {RED_FLAG_DISCLAIMER}
      </Text>
      <ParametersCard organizationId={organizationId} />
      {general ? <ListsCard /> : null}
    </Stack>
  );
}
