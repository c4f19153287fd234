import { Alert, Anchor, Box, Paper, Skeleton, Stack, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { About } from '../../../../shared/schemas/about';
import prose from '../../../components/prose.module.css';
import { configuredText, TO_BE_DEFINED } from '../api/about';
import classes from './privacy-notice.module.css';

/** Update it whenever the legal text below changes (section 11 promises it; section 12 shows it). */
const LAST_UPDATED = '22 de noviembre de 2026';

/** The 12 sections of the notice (LFPDPPP structure); ids are the anchors of the table of contents. */
const SECTIONS = [
  { id: 'responsable', heading: 'Identidad y domicilio del responsable' },
  { id: 'datos-personales', heading: 'Datos personales que recabamos' },
  { id: 'datos-sensibles', heading: 'Datos personales sensibles' },
  { id: 'finalidades', heading: 'Finalidades' },
  { id: 'cookies', heading: 'Cookies, almacenamiento local y web beacons' },
  { id: 'limitar-uso', heading: 'Cómo limitar el uso o divulgación' },
  { id: 'derechos-arco', heading: 'Derechos ARCO' },
  { id: 'revocacion', heading: 'Revocación del consentimiento' },
  { id: 'transferencias', heading: 'Transferencias' },
  { id: 'seguridad', heading: 'Medidas de seguridad' },
  { id: 'cambios', heading: 'Cambios al aviso de privacidad' },
  { id: 'actualizacion', heading: 'Fecha de última actualización y contacto' },
] as const;

/**
 * The table of contents and the legal text of the privacy notice, in Spanish (the binding language),
 * filled in with the association's name, address and e-mail from the About configuration.
 */
export function PrivacyNotice({
  data,
  isPending,
  isError,
}: {
  data: About | undefined;
  isPending: boolean;
  isError: boolean;
}) {
  const { t, i18n } = useTranslation();
  const email = configuredText(data?.association.email);
  return (
    <>
      <Paper withBorder p="md" radius="md" mb="xl" component="nav" aria-labelledby="privacy-contents">
        <Title order={2} id="privacy-contents" fz="lg" mb="xs">
          {t('Contenido')}
        </Title>
        <ol lang="es" className={classes.contents}>
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <Anchor component={Link} to={`#${section.id}`}>
                {section.heading}
              </Anchor>
            </li>
          ))}
        </ol>
      </Paper>

      <Typography lang="es" className={prose.prose}>
        <p>
          Este aviso explica qué datos personales tratamos en Vigía, el portal de transparencia de las
          contrataciones públicas que opera la asociación civil señalada en la sección 1, para qué los usamos
          y cómo puedes ejercer tus derechos, conforme a la Ley Federal de Protección de Datos Personales en
          Posesión de los Particulares y demás normas aplicables. Puedes consultar Vigía sin registrarte y sin
          darnos ningún dato personal.
        </p>

        <LegalSection index={0}>
          <p>
            La responsable del tratamiento de tus datos personales y de su protección es la siguiente
            asociación civil (en adelante, «la Asociación»):
          </p>
          {isPending ? (
            <Stack gap={8} mb="md" aria-busy="true">
              <Skeleton height={14} width="60%" />
              <Skeleton height={14} width="80%" />
              <Skeleton height={14} width="50%" />
            </Stack>
          ) : isError || !data ? (
            <Alert color="red" variant="light" mb="md" lang={i18n.language}>
              {t('La información general no se encuentra disponible en este momento.')}
            </Alert>
          ) : (
            <ul>
              <li>
                <strong>Denominación:</strong> {configuredText(data.association.name) ?? TO_BE_DEFINED}
              </li>
              <li>
                <strong>Domicilio:</strong>{' '}
                <span className={classes.multiline}>
                  {configuredText(data.association.address) ?? TO_BE_DEFINED}
                </span>
              </li>
              <li>
                <strong>Correo electrónico de contacto:</strong>{' '}
                {email ? <a href={`mailto:${email}`}>{email}</a> : TO_BE_DEFINED}
              </li>
              <Website url={configuredText(data.association.website)} />
            </ul>
          )}
          <p>
            Para cualquier asunto relacionado con este aviso o con tus datos personales, escríbenos al correo
            electrónico de contacto señalado arriba.
          </p>
        </LegalSection>

        <LegalSection index={1}>
          <p>Solo recabamos los datos personales que nos proporcionas directamente:</p>
          <ul>
            <li>
              <strong>Si nos escribes</strong>, mediante el formulario de contacto o por correo electrónico:
              tu nombre, correo electrónico, teléfono y el contenido de tu mensaje.
            </li>
            <li>
              <strong>Si colaboras con nosotros</strong>, por ejemplo como voluntaria, voluntario o aliado:
              además, tu ocupación y, en su caso, los datos de la empresa u organización en la que trabajas,
              como su nombre, tu cargo, su domicilio y su teléfono.
            </li>
            <li>
              <strong>Si administras el portal</strong>: los datos de tu cuenta, que son nombre, apellidos,
              correo electrónico, fotografía de perfil (si decides cargarla) y contraseña. La contraseña se
              guarda transformada de forma irreversible, nunca en texto legible.
            </li>
          </ul>
          <p>
            Para contar las visitas de cada monitor registramos la página consultada, el monitor y la fecha,
            sin guardar tu dirección IP. La dirección IP solo se usa de forma momentánea para limitar el
            número de solicitudes y proteger el sitio contra abusos.
          </p>
          <p>
            <strong>Información pública de las contrataciones.</strong> Los contratos, procedimientos y
            proveedores que muestra Vigía son información pública que los gobiernos y dependencias difunden en
            cumplimiento de sus obligaciones de transparencia. La obtenemos de fuentes oficiales, como la
            Plataforma Nacional de Transparencia y los portales de los propios sujetos obligados. Cuando un
            proveedor es una persona física, su nombre se publica tal como aparece en esas fuentes públicas;
            no recabamos de ella ningún otro dato personal. Si encuentras un dato incorrecto, escríbenos y lo
            revisaremos contra la fuente oficial.
          </p>
        </LegalSection>

        <LegalSection index={2}>
          <p>
            No recabamos datos personales sensibles, es decir, los que revelan aspectos como origen racial o
            étnico, estado de salud, información genética, creencias religiosas, filosóficas o morales,
            opiniones políticas, afiliación sindical o preferencia sexual. Te pedimos no incluirlos en tus
            mensajes; si lo haces, solo los usaremos para atender tu mensaje y los eliminaremos cuando
            concluya su atención.
          </p>
        </LegalSection>

        <LegalSection index={3}>
          <p>
            Usamos tus datos personales para estas finalidades, necesarias para la relación que tienes con
            nosotros:
          </p>
          <ul>
            <li>responder tus mensajes, preguntas, comentarios y solicitudes, y darles seguimiento;</li>
            <li>coordinar tu colaboración con la Asociación y mantener el contacto contigo;</li>
            <li>
              crear y administrar las cuentas de las personas administradoras, identificarlas al iniciar
              sesión, restablecer su contraseña y proteger el acceso a la administración;
            </li>
            <li>contar las visitas de cada monitor de forma agregada y mantener la seguridad del sitio;</li>
            <li>atender los derechos que ejerzas y cumplir las obligaciones legales de la Asociación.</li>
          </ul>
          <p>
            No usamos tus datos para finalidades secundarias: no los usamos para mercadotecnia, publicidad ni
            prospección comercial, no elaboramos perfiles y no los vendemos.
          </p>
        </LegalSection>

        <LegalSection index={4}>
          <p>
            Las cookies y los web beacons son tecnologías que permiten seguir la actividad de una persona en
            internet. Vigía no usa cookies publicitarias ni de análisis, web beacons (píxeles de rastreo) ni
            herramientas de seguimiento de terceros, y no muestra publicidad. Si el sitio llega a usar alguna
            cookie, será solo la estrictamente necesaria para su funcionamiento y su seguridad.
          </p>
          <p>El sitio guarda en el almacenamiento local de tu navegador únicamente:</p>
          <ul>
            <li>
              el monitor que elegiste, con su color y su forma de mostrar los montos, para no pedírtelo en
              cada visita;
            </li>
            <li>el idioma que seleccionaste;</li>
            <li>si eres persona administradora, tu sesión, para mantenerla abierta mientras trabajas.</li>
          </ul>
          <p>
            Estos datos se quedan en tu dispositivo y no se usan para identificarte ni para seguirte en otros
            sitios. La verificación contra envíos automatizados (captcha) del formulario de contacto funciona
            en nuestro propio servidor: tu navegador resuelve un pequeño cálculo, sin enviar datos a terceros
            y sin usar cookies.
          </p>
          <p>
            La página de Contacto muestra la ubicación de la organización en un mapa de Google Maps. Al
            mostrarlo, tu navegador se conecta con Google, que recibe tu dirección IP y puede usar sus propias
            cookies conforme a su aviso de privacidad; el sitio no le indica desde qué página llegas ni le
            envía los datos que escribes en el formulario.
          </p>
        </LegalSection>

        <LegalSection index={5}>
          <p>Puedes limitar el uso o la divulgación de tus datos personales de estas formas:</p>
          <ul>
            <li>
              Borrar los datos que el sitio guardó en tu navegador desde su configuración (datos de sitios o
              almacenamiento). Después tendrás que elegir de nuevo el monitor y el idioma, y las personas
              administradoras tendrán que iniciar sesión otra vez.
            </li>
            <li>
              Pedirnos, escribiendo a <Email email={email} />, que dejemos de contactarte o que no usemos tus
              datos para una finalidad determinada. Te inscribiremos en nuestro listado interno de exclusión y
              te confirmaremos la inscripción.
            </li>
          </ul>
        </LegalSection>

        <LegalSection index={6}>
          <p>
            Tienes derecho a conocer qué datos personales tenemos de ti y para qué los usamos (Acceso); a
            pedir que los corrijamos si son inexactos o están incompletos (Rectificación); a que los
            eliminemos de nuestros registros cuando consideres que no se usan conforme a la ley (Cancelación),
            y a oponerte a su uso para fines específicos (Oposición). Estos son los derechos ARCO.
          </p>
          <p>
            Para ejercerlos, envía una solicitud a <Email email={email} /> que incluya:
          </p>
          <ul>
            <li>tu nombre y un correo electrónico u otro medio para comunicarte la respuesta;</li>
            <li>
              una copia de una identificación oficial o, si actúa un representante, el documento que acredite
              su representación;
            </li>
            <li>
              la descripción clara de los datos y del derecho que quieres ejercer y, si pides una
              rectificación, la corrección que solicitas con los documentos que la respalden;
            </li>
            <li>cualquier otro elemento que nos ayude a localizar tus datos.</li>
          </ul>
          <p>
            Te responderemos en un plazo máximo de 20 días hábiles contados desde que recibamos tu solicitud
            y, si resulta procedente, la haremos efectiva dentro de los 15 días hábiles siguientes a la
            respuesta. Ejercer los derechos ARCO es gratuito.
          </p>
        </LegalSection>

        <LegalSection index={7}>
          <p>
            Puedes revocar en cualquier momento el consentimiento que nos diste para tratar tus datos
            personales escribiéndonos a <Email email={email} /> con los mismos datos que pide la sección 7. Te
            responderemos en los mismos plazos.
          </p>
          <p>
            Ten en cuenta que no siempre podremos atender la revocación de inmediato, por ejemplo cuando la
            ley nos obligue a conservar algún dato, y que revocarlo puede impedirnos seguir atendiendo tu
            solicitud o mantener tu cuenta de persona administradora.
          </p>
        </LegalSection>

        <LegalSection index={8}>
          <p>
            No vendemos, cedemos ni transferimos tus datos personales a terceros. Solo los comunicaríamos sin
            tu consentimiento en los casos que la ley permite, por ejemplo cuando lo requiera una autoridad
            competente mediante un mandato fundado y motivado.
          </p>
          <p>
            Las empresas que nos prestan servicios de alojamiento del sitio y de envío de correo electrónico
            pueden tratar tus datos solo por cuenta de la Asociación, para esos fines y con obligación de
            confidencialidad; esa comunicación (remisión) no es una transferencia. Cuando comparas un monitor
            con el de otro servidor, nuestro servidor consulta los datos públicos de ese monitor sin enviarle
            datos tuyos.
          </p>
        </LegalSection>

        <LegalSection index={9}>
          <p>
            Protegemos tus datos personales con medidas de seguridad administrativas, técnicas y físicas,
            entre ellas:
          </p>
          <ul>
            <li>conexiones cifradas entre tu navegador y el sitio;</li>
            <li>
              contraseñas guardadas de forma irreversible, y acceso a la administración solo con una cuenta
              personal y según los permisos de cada persona;
            </li>
            <li>
              límites al número de intentos de inicio de sesión, de restablecimiento de contraseña y de envíos
              del formulario de contacto, y un captcha propio contra envíos automatizados;
            </li>
            <li>
              acceso a los datos solo para las personas de la Asociación que los necesitan para estas
              finalidades;
            </li>
            <li>
              recabar solo los datos necesarios y conservarlos únicamente el tiempo que esas finalidades
              requieren.
            </li>
          </ul>
          <p>
            Ningún sistema es completamente infalible. Si ocurriera una vulneración de seguridad que afecte de
            forma significativa tus derechos, te lo informaremos sin demora para que puedas tomar las medidas
            correspondientes.
          </p>
        </LegalSection>

        <LegalSection index={10}>
          <p>
            Podemos modificar este aviso por cambios en la ley, en nuestras prácticas o en el funcionamiento
            del portal. Publicaremos cualquier cambio en esta misma página y actualizaremos la fecha de la
            sección 12; te recomendamos revisarla periódicamente. Si un cambio afecta las finalidades para las
            que usamos tus datos, te lo informaremos por correo electrónico cuando contemos con él y, si la
            ley lo exige, te pediremos de nuevo tu consentimiento.
          </p>
        </LegalSection>

        <LegalSection index={11}>
          <p>
            <strong>Última actualización:</strong> {LAST_UPDATED}.
          </p>
          <p>
            Si tienes dudas sobre este aviso o sobre el tratamiento de tus datos personales, escríbenos a{' '}
            <Email email={email} />. Si consideras que tu derecho a la protección de datos personales ha sido
            vulnerado, puedes acudir ante la autoridad competente en la materia.
          </p>
        </LegalSection>
      </Typography>
    </>
  );
}

/** One numbered section; its id is the anchor the table of contents links to. */
function LegalSection({ index, children }: { index: number; children: ReactNode }) {
  const section = SECTIONS[index]!;
  return (
    <Box
      component="section"
      id={section.id}
      aria-labelledby={`${section.id}-titulo`}
      className={prose.section}
    >
      <h2 id={`${section.id}-titulo`}>
        {index + 1}. {section.heading}
      </h2>
      {children}
    </Box>
  );
}

/** The association's e-mail as a link, or a pointer to section 1 (the phrase always follows «a»). */
function Email({ email }: { email: string | null }) {
  return email ? (
    <a href={`mailto:${email}`}>{email}</a>
  ) : (
    'la dirección de correo electrónico indicada en la sección 1'
  );
}

/** Only web addresses become links: the configuration is free text. */
function Website({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <li>
      <strong>Sitio web:</strong> {/^https?:\/\//i.test(url) ? <a href={url}>{url}</a> : url}
    </li>
  );
}
