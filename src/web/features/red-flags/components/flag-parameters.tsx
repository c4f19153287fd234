import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoney } from '../../../../shared/format/money';
import {
  DEFAULT_RED_FLAG_PARAMETERS,
  RED_FLAG_PARAMETER_LABELS,
  type RedFlagParameter,
  type RedFlagParameters,
} from '../../../../shared/red-flags/definitions';
import { RedFlagParametersSchema } from '../../../../shared/red-flags/parameters-schema';
import classes from './red-flags.module.css';

const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The monitor's parameters as the server sends them (a stored value), read with the shared schema
 * so that a value written before a parameter existed shows that parameter's default.
 */
export function readParameters(value: Record<string, unknown>): RedFlagParameters {
  const parsed = RedFlagParametersSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...DEFAULT_RED_FLAG_PARAMETERS };
}

/** The values of this monitor's parameters that one flag reads: limits as money, days, a percentage. */
export function FlagParameters({
  names,
  parameters,
  labelledBy,
}: {
  names: readonly RedFlagParameter[];
  parameters: RedFlagParameters;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className={classes.parameters} aria-labelledby={labelledBy}>
      {names.map((name) => (
        <div key={name}>
          <Text component="dt" fz="sm" fs="italic">
            {t(RED_FLAG_PARAMETER_LABELS[name])}
          </Text>
          <Text component="dd" fz="sm" m={0} className={classes.numbers}>
            <ParameterValue name={name} parameters={parameters} />
          </Text>
        </div>
      ))}
    </dl>
  );
}

function ParameterValue({ name, parameters }: { name: RedFlagParameter; parameters: RedFlagParameters }) {
  const { t } = useTranslation();
  switch (name) {
    case 'directAwardLimits': {
      const limits = Object.entries(parameters.directAwardLimits).sort(([a], [b]) => a.localeCompare(b));
      if (limits.length === 0) return t('Ningún ejercicio fiscal tiene un límite registrado.');
      return (
        // biome-ignore lint/a11y/noRedundantRoles: a list without bullets keeps its role in every screen reader
        <ul className={classes.years} role="list">
          {limits.map(([year, limit]) => (
            <li key={year}>
              {year}: {formatMoney(limit)}
            </li>
          ))}
        </ul>
      );
    }
    case 'chainWindowDays':
      return parameters.chainWindowDays === 1
        ? t('1 día')
        : t('{{count}} días', { count: formatCount(parameters.chainWindowDays) });
    case 'concentrationShare':
      return t('{{percent}} %', { percent: decimals.format(parameters.concentrationShare * 100) });
    case 'outlierFactor':
      return decimals.format(parameters.outlierFactor);
    case 'concentrationMinContracts':
    case 'outlierMinContracts':
      return formatCount(parameters[name]);
  }
}
