import { Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OpenDataFiles } from '../../../../shared/schemas/open-data';
import prose from '../../../components/prose.module.css';

/**
 * What the page offers, in plain words: the formats, the licence, how often the files change, where
 * the rows without procedures are and the contracts' permanent identifier.
 */
export function OpenDataIntro({ license, ocidPrefix }: Pick<OpenDataFiles, 'license' | 'ocidPrefix'>) {
  const { t } = useTranslation();
  return (
    <Typography className={prose.prose}>
      <p>
        {t(
          'Aquí puedes descargar todos los contratos publicados en este portal, gratis y sin registrarte, para analizarlos o usarlos en tus propias herramientas. Los ofrecemos en el Estándar de Datos de Contrataciones Abiertas (OCDS, por sus siglas en inglés) versión 1.1, que usan gobiernos de todo el mundo, y en archivos planos (CSV y Excel) para abrirlos en una hoja de cálculo.',
        )}
      </p>
      <ul>
        <li>
          <strong>{t('Licencia.')}</strong> {t('Los datos se publican con esta licencia:')}{' '}
          <a href={license.url}>{license.name}</a>
        </li>
        <li>
          <strong>{t('Actualización.')}</strong>{' '}
          {t(
            'Los archivos se vuelven a generar cada vez que cambian los datos del monitor: con una carga de datos o con la edición de un contrato. La fecha junto a cada archivo dice cuándo cambiaron sus datos por última vez.',
          )}
        </li>
        <li>
          <strong>{t('Periodos sin procedimientos.')}</strong>{' '}
          {t(
            'Las filas que indican que en un periodo no se llevaron a cabo procedimientos solo están en los archivos CSV y Excel: no son contrataciones, así que no forman parte de los datos OCDS.',
          )}
        </li>
        <li>
          <strong>{t('Identificador permanente.')}</strong>{' '}
          {t(
            'Cada contrato tiene un identificador (ocid) que empieza con «{{prefix}}-» y que no cambia aunque se corrijan sus datos.',
            { prefix: ocidPrefix },
          )}
        </li>
      </ul>
    </Typography>
  );
}
