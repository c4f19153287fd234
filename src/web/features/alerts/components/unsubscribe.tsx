import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsubscribe } from '../api/alerts';

/**
 * The e-mails' unsubscribe link (/alerts/unsubscribe/:token): one button ends every follow of the
 * address (opening the page changes nothing; mail clients post the same call themselves).
 */
export function Unsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe(token);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (unsubscribe.isSuccess) done.current?.focus();
  }, [unsubscribe.isSuccess]);

  if (unsubscribe.isSuccess) {
    return (
      <Stack gap="xs" role="status">
        <Title order={2} fz="lg" ref={done} tabIndex={-1}>
          {t('Ya no recibirás avisos')}
        </Title>
        <Text>{t('Borramos tu dirección y todo lo que seguías en este portal.')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>{t('Dejarás de seguir todo lo que sigues con esta dirección y no recibirás más avisos.')}</Text>
      {unsubscribe.isError ? (
        <Text c="red" fz="sm" role="alert">
          {t(unsubscribe.error.message)}
        </Text>
      ) : null}
      <div>
        <Button
          color="red"
          onClick={() => unsubscribe.mutate()}
          loading={unsubscribe.isPending}
          w={{ base: '100%', xs: 'auto' }}
        >
          {t('Dejar de recibir avisos')}
        </Button>
      </div>
    </Stack>
  );
}
