import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactInfo } from '../../../../shared/schemas/contact';
import classes from './contact-details.module.css';

/** The maps service of the original, with the address as its query (no key, no script of ours). */
export function mapUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
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
      {address ? (
        <iframe
          className={classes.map}
          title={t('Mapa: {{address}}', { address })}
          src={mapUrl(address)}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : null}
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
