import { Anchor, Box, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenDataFiles } from '../../../../shared/schemas/open-data';
import classes from './open-data.module.css';

/**
 * 'Para programadores': the OCDS API's two calls (a monitor's releases page by page, one contract's
 * record) and its documentation. The example names the chosen monitor's id, when there is one.
 */
export function OpenDataApi({ api, monitorId }: { api: OpenDataFiles['api']; monitorId: string | null }) {
  const { t } = useTranslation();
  const query = monitorId ? `?organization=${monitorId}&since=2026-01-01` : '?since=2026-01-01';
  const records = `${api.releases.replace(/\/releases$/, '')}/records/{ocid}`;
  return (
    <Box component="section" aria-labelledby="open-data-api">
      <Title order={2} id="open-data-api" fz={{ base: 22, sm: 26 }} mb="sm">
        {t('Para programadores')}
      </Title>
      <Stack gap="md">
        <Text>
          {t(
            'Los mismos datos se pueden consultar en formato OCDS por una API pública, sin registro ni clave.',
          )}
        </Text>
        <Stack gap={4}>
          <Code block className={classes.address}>
            GET {api.releases}
            {query}
          </Code>
          <Text fz="sm">
            {t(
              'Las entregas, por páginas. «organization» elige el monitor (sin él, las de todos); «since», solo las publicadas después de esa fecha (ISO 8601). La dirección de la página siguiente viene en «links.next».',
            )}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Code block className={classes.address}>
            GET {records}
          </Code>
          <Text fz="sm">
            {t('El registro de un contrato por su ocid: su historial de entregas y su entrega compilada.')}
          </Text>
        </Stack>
        <Text>
          <Anchor href={api.docs}>{t('Documentación completa de la API')}</Anchor>
        </Text>
      </Stack>
    </Box>
  );
}
