import { Box, Skeleton, Text } from '@mantine/core';
import type {} from 'altcha/types/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the widget fetches its challenges (no monitor needed): the contact form's and the follow form's. */
export const CHALLENGE_URL = '/public-api/contact/challenge';

/** The widget (about 35 kB compressed) loads only when a form with it is shown, once per page. */
let loading: Promise<Record<string, string>> | null = null;
function loadAltcha(): Promise<Record<string, string>> {
  loading ??= import('altcha').then(() => ({ ...globalThis.$altcha.i18n.get('en') }));
  return loading;
}

interface StateChange {
  state: 'code' | 'error' | 'verified' | 'verifying' | 'unverified' | 'expired';
  payload: string | null;
}

/**
 * The ALTCHA 'No soy un robot' box: the browser solves a small proof of work against our own
 * server. `onChange` gets the payload to submit once verified, and null whenever it is not (still
 * working, failed, expired). Its texts come from our catalogues, in the visitor's language.
 * Give it a new `key` to start over with a fresh challenge.
 */
export function CaptchaField({
  onChange,
  invalid,
}: {
  onChange(payload: string | null): void;
  /** Draws the box in the error colour (the form shows the message). */
  invalid: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [english, setEnglish] = useState<Record<string, string> | null>(null);
  const [failed, setFailed] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    let live = true;
    loadAltcha().then(
      (strings) => live && setEnglish(strings),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const language = i18n.language;
  const strings = {
    label: t('No soy un robot'),
    verify: t('Verificar'),
    verifying: t('Verificando...'),
    verified: t('Verificado'),
    waitAlert: t('Verificando... por favor espera.'),
    verificationRequired: t('¡Verificación requerida!'),
    error: t('Falló la verificación. Por favor vuelve a intentarlo.'),
    expired: t('La verificación expiró. Por favor inténtalo de nuevo.'),
    loading: t('Cargando'),
    reload: t('Volver a cargar'),
    ariaLinkLabel: 'ALTCHA',
    footer: '',
  };
  const key = JSON.stringify(strings);
  // Before the widget paints: its texts are read from the global catalogue, by language.
  useLayoutEffect(() => {
    if (english) globalThis.$altcha.i18n.set(language, { ...english, ...JSON.parse(key) });
  }, [english, language, key]);

  const attach = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      changed.current(state === 'verified' ? payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  return (
    // As wide as the row on a phone; a steady width beside the button elsewhere.
    <Box w={{ base: '100%', xs: 260 }}>
      {failed ? (
        <Text c="red" fz="sm" role="alert">
          {t('No fue posible cargar la verificación. Recarga la página e intenta nuevamente.')}
        </Text>
      ) : english ? (
        <altcha-widget
          ref={attach}
          challenge={CHALLENGE_URL}
          name="altcha"
          language={language}
          configuration={JSON.stringify({ hideFooter: true })}
          style={{
            display: 'block',
            '--altcha-border-radius': 'var(--mantine-radius-sm)',
            '--altcha-border-color': invalid
              ? 'var(--mantine-color-error)'
              : 'var(--mantine-color-default-border)',
            '--altcha-color-primary': 'var(--mantine-color-brand-7)',
            '--altcha-max-width': '100%',
          }}
        />
      ) : (
        <Skeleton height={48} radius="sm" role="status" aria-label={t('Cargando')} />
      )}
    </Box>
  );
}
