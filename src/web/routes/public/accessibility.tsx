import { Box, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WEB_ROUTES } from '../../../shared/routes';
import prose from '../../components/prose.module.css';
import { TextPage } from '../../components/text-page';
import { configuredText, useAbout } from '../../features/about/api/about';

/** When this statement was prepared. Change it whenever the statement changes (decision 0048). */
const STATEMENT_DATE = '2026-11-26';

/**
 * The association's commitment for answering a reported barrier, in working days. A constant until
 * the association can configure it with its other texts (decision 0048).
 */
const ANSWER_WORKING_DAYS = 10;

/** The W3C's WCAG 2.2, the standard the statement measures the portal against. */
const WCAG_URL = 'https://www.w3.org/TR/WCAG22/';

/**
 * /accessibility: the portal's accessibility statement (issue 29), on the model of the EU Web
 * Accessibility Directive's model statement: target and status, how it is checked, what works, the
 * known exceptions and how to report a barrier. It needs no chosen monitor, like /privacy.
 * Unlike the privacy notice it is no legal text, so it is translated like the rest of the site.
 */
export function AccessibilityPage() {
  const { t, i18n } = useTranslation();
  const email = configuredText(useAbout().data?.association.email);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${STATEMENT_DATE}T00:00:00Z`),
  );

  return (
    <TextPage title={t('Declaración de accesibilidad')}>
      <Typography className={prose.prose}>
        <p>
          {t(
            'Queremos que todas las personas puedan consultar y usar Vigía, también las personas con discapacidad y quienes usan tecnologías de apoyo, como lectores de pantalla o ampliadores. Esta declaración se aplica a las páginas públicas del portal y a su administración.',
          )}
        </p>

        <Section id="estado" heading={t('Estado de cumplimiento')}>
          <p>
            {t(
              'Nuestro objetivo es cumplir las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2, nivel AA.',
            )}
          </p>
          <p>
            {t(
              'Hoy Vigía es parcialmente conforme con las WCAG 2.2 nivel AA: algunas partes todavía no las cumplen, por las excepciones que se indican más abajo. Cambiaremos este estado cuando las hayamos corregido.',
            )}
          </p>
          <p>
            <a href={WCAG_URL} target="_blank" rel="noopener noreferrer">
              {t('Consultar las WCAG 2.2 en el sitio del W3C (en inglés; se abre en una pestaña nueva)')}
            </a>
          </p>
        </Section>

        <Section id="evaluacion" heading={t('Cómo lo comprobamos')}>
          <ul>
            <li>
              {t(
                'En cada cambio del portal, una prueba automática con axe-core 4.14 (a través de Playwright, en el navegador Chromium) revisa todas las páginas públicas y las pantallas principales de la administración, en una pantalla de computadora (1366 píxeles de ancho) y en una de teléfono (360 píxeles).',
              )}
            </li>
            <li>
              {t(
                'La prueba usa el tema de color predeterminado y los demás temas: los colores que llevan texto se calculan a partir del color de cada monitor para que tengan suficiente contraste.',
              )}
            </li>
            <li>
              {t(
                'Además, pruebas propias comprueban lo que axe-core no puede juzgar: el enlace para saltar al contenido, las alternativas en español de las gráficas, el aviso cuando cambian los filtros y las etiquetas completas al 200 % de ampliación. Aún no se ha hecho una revisión completa con lectores de pantalla.',
              )}
            </li>
          </ul>
          <p>
            {t(
              'Una prueba automática encuentra solo una parte de los problemas de accesibilidad; por eso también hacemos las revisiones manuales.',
            )}
          </p>
        </Section>

        <Section id="que-funciona" heading={t('Qué funciona')}>
          <ul>
            <li>{t('Se puede navegar con el teclado, y siempre se ve qué elemento tiene el foco.')}</li>
            <li>{t('Cada página empieza con un enlace para saltar directamente al contenido principal.')}</li>
            <li>
              {t(
                'Las gráficas tienen una alternativa en texto, y sus cifras también se muestran en una tabla.',
              )}
            </li>
            <li>
              {t(
                'Los botones, campos y enlaces tienen nombres en español, o en el idioma que elijas, que los lectores de pantalla anuncian.',
              )}
            </li>
            <li>{t('Cuando cambias los filtros de una lista, se anuncia el nuevo número de resultados.')}</li>
            <li>
              {t('El texto tiene un contraste de al menos 4.5:1 con su fondo, en todos los temas de color.')}
            </li>
          </ul>
        </Section>

        <Section id="excepciones" heading={t('Excepciones conocidas')}>
          <p>
            {t(
              'Sabemos que estas partes todavía no son accesibles. La lista no es completa: la revisamos en cada evaluación.',
            )}
          </p>
          <ul>
            <li>
              <strong>{t('Documentos de los gobiernos.')}</strong>{' '}
              {t(
                'Los documentos que publican las dependencias de gobierno y a los que el portal enlaza (archivos PDF, hojas de cálculo) no están bajo el control de la asociación y pueden no ser accesibles.',
              )}
            </li>
            <li>
              <strong>{t('Reportes en PDF.')}</strong>{' '}
              {t(
                'Los reportes en PDF que se descargan del portal no son PDF etiquetados, así que un lector de pantalla puede leerlos mal o en desorden. Los mismos datos se pueden descargar en XLSX y en JSON.',
              )}
            </li>
            <li>
              <strong>{t('Gráficas.')}</strong>{' '}
              {t(
                'El dibujo de cada gráfica no se puede recorrer punto por punto con el teclado ni con un lector de pantalla. Sus cifras están en la tabla que la acompaña.',
              )}
            </li>
          </ul>
        </Section>

        <Section id="reportar" heading={t('Cómo reportar una barrera')}>
          <p>
            {t(
              'Si algo del portal no te funciona o encuentras una barrera de accesibilidad, escríbenos por el formulario de contacto. Dinos en qué página estabas (si puedes, copia su dirección) y qué falló.',
            )}
          </p>
          <p>
            <Link to={WEB_ROUTES.contact}>{t('Ir al formulario de contacto')}</Link>
          </p>
          <ul>
            <li>
              {t(
                'Cada monitor tiene su formulario: si todavía no has elegido uno, el portal te pedirá elegirlo antes de mostrarlo.',
              )}
            </li>
            <li>
              {t('Por el mismo formulario puedes pedirnos el contenido de cualquier página en otro formato.')}
            </li>
            <li>
              {t('Nos comprometemos a responderte en un plazo máximo de {{days}} días hábiles.', {
                days: ANSWER_WORKING_DAYS,
              })}
            </li>
            {email ? (
              <li>
                {t('También puedes escribir al correo electrónico de la asociación:')}{' '}
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            ) : null}
          </ul>
        </Section>

        <Section id="fecha" heading={t('Fecha de esta declaración')}>
          <p>
            {t(
              'Preparamos esta declaración el {{date}}. La actualizaremos cuando corrijamos las excepciones conocidas o encontremos otras.',
              { date },
            )}
          </p>
        </Section>
      </Typography>
    </TextPage>
  );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-titulo`} className={prose.section}>
      <h2 id={`${id}-titulo`}>{heading}</h2>
      {children}
    </Box>
  );
}
