import { Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/format/dates';
import type { RedFlagsOverview } from '../../../../shared/schemas/red-flags';
import { msg } from '../../../i18n/msg';

type ListInfo = RedFlagsOverview['lists']['sat69b'];

const LISTS = [
  {
    key: 'sat69b',
    name: msg(
      'Lista del SAT de contribuyentes que facturan operaciones presuntamente inexistentes (artículo 69-B)',
    ),
  },
  { key: 'sanctions', name: msg('Directorio de proveedores y contratistas sancionados') },
] as const;

/**
 * The method's version (it changes with the monitor's parameters) and the date of the two lists of
 * suppliers the flags compare against, or that a list is not loaded yet.
 */
export function RedFlagsMethod({ overview }: { overview: RedFlagsOverview }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="red-flags-method">
      <Title order={2} id="red-flags-method" fz={{ base: 22, sm: 26 }} mb="sm">
        {t('Método y listas de proveedores')}
      </Title>
      <Stack gap="sm">
        <Text>
          <strong>{t('Versión del método: {{version}}', { version: overview.methodVersion })}</strong>{' '}
          {t('La versión aumenta cada vez que el monitor cambia un parámetro o deja de evaluar una señal.')}
        </Text>
        <Text>
          {t(
            'Dos señales comparan a los proveedores con listas oficiales. Son las mismas para todos los monitores de este portal y se reemplazan completas cuando se carga una más reciente.',
          )}
        </Text>
        <dl style={{ margin: 0 }}>
          {LISTS.map((list) => (
            <div key={list.key} style={{ marginBottom: 'var(--mantine-spacing-xs)' }}>
              <Text component="dt" fw={600}>
                {t(list.name)}
              </Text>
              <Text component="dd" m={0}>
                <ListDate info={overview.lists[list.key]} />
              </Text>
            </div>
          ))}
        </dl>
      </Stack>
    </Box>
  );
}

function ListDate({ info }: { info: ListInfo }) {
  const { t } = useTranslation();
  if (!info) return t('todavía no se ha cargado');
  const loadedAt = formatDate(info.loadedAt);
  const cutOff = formatDate(info.cutOff);
  return cutOff
    ? t('Con fecha del {{cutOff}}; cargada en el portal el {{loadedAt}}.', { cutOff, loadedAt })
    : t('Cargada en el portal el {{loadedAt}}.', { loadedAt });
}
