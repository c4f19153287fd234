import { Anchor, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactInfo } from '../../../../shared/schemas/contact';
import classes from './contact-details.module.css';

/** The maps service of the original, with the address as its query (no key, no script of ours). */
export function mapUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
}

/** The address on the maps service's own site, for when its map cannot be shown here. */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * The map of the address, once the maps service answers: without network (or with the service
 * blocked) a frame would show the browser's error page, so a link to the address is shown instead.
 * The probe is a credential-less, referrer-less request to the frame's own address.
 */
function AddressMap({ address }: { address: string }) {
  const { t } = useTranslation();
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setReachable(null);
    fetch(mapUrl(address), {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    }).then(
      () => setReachable(true),
      () => {
        if (!controller.signal.aborted) setReachable(false);
      },
    );
    return () => controller.abort();
  }, [address]);
  if (reachable === false) {
    return (
      <div className={classes.fallback} data-testid="map-fallback">
        <Anchor href={mapSearchUrl(address)} target="_blank" rel="noopener noreferrer">
          {t('Ver la dirección en Google Maps')}
        </Anchor>
      </div>
    );
  }
  if (reachable === null) return <div className={classes.map} aria-hidden="true" />;
  return (
    <iframe
      className={classes.map}
      title={t('Mapa: {{address}}', { address })}
      src={mapUrl(address)}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}

/** A social profile is shown as a link only when it is a web address (never javascript: and the like). */
function webAddress(value: string | null): { href: string; label: string } | null {
  const text = value?.trim();
  if (!text || !/^https?:\/\/[^\s/]+/i.test(text)) return null;
  return { href: text, label: text.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '') };
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={700} fz="sm">
        {label}
      </Text>
      <Text component="div" className={classes.text}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Where and when to find the monitor's team: a map of its address (Google Maps, loaded only when
 * it scrolls into view, without sending our address as referrer; decision 0015), the schedule,
 * additional information, its e-mail and its social profile. Only what is configured is shown.
 */
export function ContactDetails({ info }: { info: ContactInfo }) {
  const { t } = useTranslation();
  const address = info.address?.trim();
  const social = webAddress(info.socialUrl);
  const socialText = social ? null : info.socialUrl?.trim();
  return (
    <Stack gap="lg">
      {address ? <AddressMap address={address} /> : null}
      {address ? <Detail label={t('Dirección')}>{address}</Detail> : null}
      {info.schedule?.trim() ? (
        <Detail label={t('Horario de atención')}>{info.schedule.trim()}</Detail>
      ) : null}
      {info.additionalInformation?.trim() ? (
        <Detail label={t('Información adicional')}>{info.additionalInformation.trim()}</Detail>
      ) : null}
      {info.email ? (
        <Detail label={t('Correo electrónico')}>
          <Anchor href={`mailto:${info.email}`}>{info.email}</Anchor>
        </Detail>
      ) : null}
      {social ? (
        <Detail label={t('Redes sociales')}>
          <Anchor href={social.href} target="_blank" rel="noopener noreferrer">
            {social.label}
          </Anchor>
        </Detail>
      ) : socialText ? (
        <Detail label={t('Redes sociales')}>{socialText}</Detail>
      ) : null}
    </Stack>
  );
}
