import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALERT_MESSAGES } from '../../../../shared/schemas/alerts';
import { useConfirm, useConfirmation } from '../api/alerts';
import { FollowSummary } from './follow-summary';

/**
 * A confirmation link (/alerts/confirm/:token): what will be followed, and 'Confirmar'. Opening the
 * link changes nothing (a mail scanner may open it); the button confirms, then links to the page
 * where everything the address follows is seen and changed.
 */
export function ConfirmFollow({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirmation = useConfirmation(token);
  const confirm = useConfirm(token);
  const done = useRef<HTMLHeadingElement>(null);
  const manageToken = confirm.data?.data.manageToken;
  useEffect(() => {
    if (manageToken) done.current?.focus();
  }, [manageToken]);

  if (confirmation.isPending)
    return <Skeleton height={160} radius="md" role="status" aria-label={t('Cargando')} />;
  if (confirmation.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(confirmation.error.message)}
      </Alert>
    );
  }
  const { follow, confirmed } = confirmation.data;

  if (manageToken) {
    return (
      <Stack gap="sm" role="status">
        <Title order={2} fz="lg" ref={done} tabIndex={-1}>
          {t(ALERT_MESSAGES.confirmed)}
        </Title>
        <FollowSummary follow={follow} />
        <Anchor component={Link} to={`/alerts/${encodeURIComponent(manageToken)}`}>
          {t('Ver y cambiar todo lo que sigues')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <FollowSummary follow={follow} />
      </Paper>
      {confirmed ? (
        <Alert color="blue" variant="light">
          {t(ALERT_MESSAGES.alreadyConfirmed)}
        </Alert>
      ) : (
        <>
          <Text>{t('Confirma que quieres recibir estos avisos en tu correo.')}</Text>
          {confirm.isError ? (
            <Text c="red" fz="sm" role="alert">
              {t(confirm.error.message)}
            </Text>
          ) : null}
          <div>
            <Button
              onClick={() => confirm.mutate()}
              loading={confirm.isPending}
              w={{ base: '100%', xs: 'auto' }}
            >
              {t('Confirmar')}
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
