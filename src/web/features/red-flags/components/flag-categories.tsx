import { Box, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/format/money';
import {
  RED_FLAG_CATEGORIES,
  RED_FLAGS,
  type RedFlagParameters,
} from '../../../../shared/red-flags/definitions';
import type { RedFlagsOverview } from '../../../../shared/schemas/red-flags';
import { FlagParameters } from './flag-parameters';
import classes from './red-flags.module.css';

type OverviewFlag = RedFlagsOverview['flags'][number];

/** The flags grouped by category, in the categories' order: one section each, a list of its flags. */
export function FlagCategories({
  flags,
  parameters,
}: {
  flags: OverviewFlag[];
  parameters: RedFlagParameters;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      {RED_FLAG_CATEGORIES.map((category) => {
        const own = flags.filter((flag) => flag.category === category.code);
        if (own.length === 0) return null;
        const id = `red-flags-${category.code.toLowerCase()}`;
        return (
          <Box component="section" aria-labelledby={id} key={category.code}>
            <Title order={2} id={id} fz={{ base: 22, sm: 26 }} mb="sm">
              {t(own[0]?.categoryName ?? category.name)}
            </Title>
            <ul className={classes.flags} aria-labelledby={id}>
              {own.map((flag) => (
                <FlagItem key={flag.code} flag={flag} parameters={parameters} />
              ))}
            </ul>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * One flag: its name, when it is raised, why it matters, the data it needs, this monitor's values of
 * the parameters it reads, whether this monitor evaluates it and how many contracts carry it.
 */
function FlagItem({ flag, parameters }: { flag: OverviewFlag; parameters: RedFlagParameters }) {
  const { t } = useTranslation();
  const id = useId();
  const names = RED_FLAGS[flag.code]?.parameters ?? [];
  return (
    <li className={classes.flag} data-flag={flag.code}>
      <Stack gap={6}>
        <Title order={3} fz="lg">
          {t(flag.name)}
        </Title>
        <Text>{t(flag.rule)}</Text>
        <Text>
          <strong>{t('Por qué importa:')}</strong> {t(flag.why)}
        </Text>
        <Text fz="sm">
          <strong>{t('Datos que usa:')}</strong> {t(flag.needs)}
        </Text>
        {names.length > 0 ? (
          <div className={classes.parameterBox}>
            <Text fz="sm" fw={700} id={`${id}-parameters`} mb={2}>
              {t('Parámetros de este monitor')}
            </Text>
            <FlagParameters names={names} parameters={parameters} labelledBy={`${id}-parameters`} />
          </div>
        ) : null}
        <Text fz="sm" className={classes.status}>
          {flag.enabled ? (
            <>
              <span>{t('Se evalúa en este monitor.')}</span>{' '}
              <strong>
                {flag.contracts === 0
                  ? t('Ningún contrato tiene esta señal.')
                  : flag.contracts === 1
                    ? t('1 contrato tiene esta señal.')
                    : t('{{count}} contratos tienen esta señal.', { count: formatCount(flag.contracts) })}
              </strong>
            </>
          ) : (
            <strong>{t('Este monitor no evalúa esta señal.')}</strong>
          )}
        </Text>
      </Stack>
    </li>
  );
}
