import { Anchor, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOT_EVALUATED, RED_FLAG_DISCLAIMER } from '../../../../shared/red-flags/definitions';
import { WEB_ROUTES } from '../../../../shared/routes';
import prose from '../../../components/prose.module.css';

/**
 * What a red flag is, in plain words: a fact of a contract worth a closer look, never a verdict;
 * where a contract shows its flags, and what 'sin datos' means.
 */
export function RedFlagsIntro() {
  const { t } = useTranslation();
  return (
    <Typography className={prose.prose}>
      <p>
        {t(
          'Una señal de alerta es un hecho de un contrato que conviene revisar con más cuidado: por ejemplo, una licitación con un solo participante, una adjudicación directa por encima del límite o un proveedor que aparece en la lista del SAT. Este portal revisa cada contrato del monitor con las reglas de esta página y muestra, en la página del contrato, las señales que encontró y los hechos que las generaron.',
        )}
      </p>
      <p>
        <strong>{t(RED_FLAG_DISCLAIMER)}</strong>{' '}
        {t(
          'Muchas señales tienen una explicación legítima; sirven para saber dónde mirar primero, no para sacar conclusiones.',
        )}
      </p>
      <p>
        {t(
          'Cuando los datos publicados no bastan para revisar una señal (por ejemplo, si no se registraron los participantes del procedimiento), el contrato la muestra como «{{label}}»: no se sabe si la tiene.',
          { label: t(NOT_EVALUATED) },
        )}
      </p>
      <p>
        {t('Cada contrato muestra sus señales en su propia página.')}{' '}
        <Anchor component={Link} to={WEB_ROUTES.contracts}>
          {t('Ver los contratos')}
        </Anchor>
      </p>
    </Typography>
  );
}
