import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  ALERT_MESSAGES,
  type AlertFrequency,
  type FollowView,
} from '../../../../shared/schemas/alerts';
import { DownloadIcon, TrashIcon } from '../../../components/icons';
import { msg } from '../../../i18n/msg';
import { toast } from '../../../lib/notifications';
import {
  exportUrl,
  useDeleteFollow,
  useEraseAll,
  useManage,
  useNewLink,
  usePatchFollow,
} from '../api/alerts';
import { FREQUENCY_LABELS } from '../choices';
import { FollowSummary } from './follow-summary';

/** Once the link stops working (new link, erased, last follow ended) the page says why, and only that. */
type Ended = 'newLink' | 'erased' | 'empty';
const ENDED_TEXT: Record<Ended, string> = {
  newLink: ALERT_MESSAGES.newLinkSent,
  erased: ALERT_MESSAGES.erased,
  empty: msg('Ya no sigues nada: borramos tu dirección. Este enlace dejó de funcionar.'),
};

/**
 * /alerts/:token: everything the address follows, without an account (decision 0053). Each follow
 * as a card (monitor, what, frequency, an index follow's points, 'Dejar de seguir'); a new link
 * (the old one stops working), the stored data as a JSON file, and erasing everything.
 */
export function ManageFollows({ token }: { token: string }) {
  const { t } = useTranslation();
  const manage = useManage(token);
  const newLink = useNewLink(token);
  const erase = useEraseAll(token);
  const [ended, setEnded] = useState<Ended | null>(null);
  const [asking, { open: ask, close: stopAsking }] = useDisclosure(false);
  const endedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ended) endedRef.current?.focus();
  }, [ended]);

  if (ended) {
    return (
      <Alert ref={endedRef} tabIndex={-1} color="green" variant="light" role="status">
        {t(ENDED_TEXT[ended])}
      </Alert>
    );
  }
  if (manage.isPending) return <Skeleton height={220} radius="md" role="status" aria-label={t('Cargando')} />;
  if (manage.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(manage.error.message)}
      </Alert>
    );
  }
  const { email, suspended, follows } = manage.data;

  return (
    <Stack gap="lg">
      <div>
        <Text fz="sm" c="dimmed">
          {t('Dirección')}
        </Text>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
      </div>
      {suspended ? (
        <Alert color="yellow" variant="light" title={t('Dirección suspendida')}>
          {t('Por una queja, no enviaremos nada a esta dirección mientras siga suspendida.')}
        </Alert>
      ) : null}

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('Lo que sigues')}
        </Title>
        {follows.length === 0 ? (
          <Text c="dimmed">{t('Esta dirección no sigue nada.')}</Text>
        ) : (
          follows.map((follow) => (
            <FollowCard key={follow._id} token={token} follow={follow} onLast={() => setEnded('empty')} />
          ))
        )}
      </Stack>

      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => newLink.mutate(undefined, { onSuccess: () => setEnded('newLink') })}
          loading={newLink.isPending}
          w={{ base: '100%', xs: 'auto' }}
        >
          {t('Enviarme un enlace nuevo')}
        </Button>
        <Button
          component="a"
          href={exportUrl(token)}
          download
          variant="default"
          leftSection={<DownloadIcon />}
          w={{ base: '100%', xs: 'auto' }}
        >
          {t('Descargar mis datos')}
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={ask}
          leftSection={<TrashIcon />}
          w={{ base: '100%', xs: 'auto' }}
        >
          {t('Borrar todo')}
        </Button>
      </Group>
      {newLink.isError ? (
        <Text c="red" fz="sm" role="alert">
          {t(newLink.error.message)}
        </Text>
      ) : null}

      <Modal
        opened={asking}
        onClose={() => (erase.isPending ? undefined : stopAsking())}
        title={t('Borrar todo')}
        centered
      >
        <Stack>
          <Text>
            {t(
              'Dejarás de seguir todo y borraremos tu dirección y los avisos que te enviamos. No se puede deshacer.',
            )}
          </Text>
          {erase.isError ? (
            <Text c="red" fz="sm" role="alert">
              {t(erase.error.message)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={stopAsking} disabled={erase.isPending}>
              {t('Cancelar')}
            </Button>
            <Button
              color="red"
              loading={erase.isPending}
              onClick={() =>
                erase.mutate(undefined, {
                  onSuccess: () => {
                    stopAsking();
                    setEnded('erased');
                  },
                })
              }
            >
              {t('Sí, borrar todo')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** One follow: what and where, its frequency (saved on change), an index follow's points, and ending it. */
function FollowCard({ token, follow, onLast }: { token: string; follow: FollowView; onLast: () => void }) {
  const { t } = useTranslation();
  const patch = usePatchFollow(token);
  const remove = useDeleteFollow(token);
  const [points, setPoints] = useState<number | string>(follow.threshold ?? ALERT_LIMITS.defaultThreshold);
  const [pointsError, setPointsError] = useState<string | null>(null);

  const save = (change: { frequency?: AlertFrequency; threshold?: number }) =>
    patch.mutate(
      { id: follow._id, patch: change },
      {
        onSuccess: () => toast('success', ALERT_MESSAGES.updated),
        onError: (error) => toast('danger', error.message),
      },
    );
  const savePoints = () => {
    const value = typeof points === 'number' ? points : Number.NaN;
    if (!(value >= ALERT_LIMITS.thresholdMin && value <= ALERT_LIMITS.thresholdMax)) {
      setPointsError(ALERT_MESSAGES.thresholdInvalid);
      return;
    }
    setPointsError(null);
    save({ threshold: value });
  };

  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <FollowSummary follow={follow} withFrequency={false} />
          {follow.confirmed ? null : (
            <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
              {t('Sin confirmar')}
            </Badge>
          )}
        </Group>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('Frecuencia')}
            data={ALERT_FREQUENCIES.map((value) => ({ value, label: t(FREQUENCY_LABELS[value]) }))}
            value={follow.frequency}
            allowDeselect={false}
            disabled={patch.isPending}
            onChange={(value) => {
              if (value && value !== follow.frequency) save({ frequency: value as AlertFrequency });
            }}
            // Wide enough for 'Después de cada actualización' whole.
            w={{ base: '100%', xs: 320 }}
          />
          {follow.kind === 'INDEX' ? (
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <NumberInput
                label={t('Puntos que debe cambiar el índice')}
                min={ALERT_LIMITS.thresholdMin}
                max={ALERT_LIMITS.thresholdMax}
                step={0.5}
                decimalScale={2}
                value={points}
                onChange={(value) => {
                  setPoints(value);
                  setPointsError(null);
                }}
                error={pointsError ? t(pointsError) : undefined}
                w={150}
              />
              <Button variant="light" onClick={savePoints} loading={patch.isPending}>
                {t('Guardar')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <div>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<TrashIcon size={14} />}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(follow._id, {
                onSuccess: (response) => {
                  if (response.data.addressDeleted) onLast();
                  else toast('success', ALERT_MESSAGES.followDeleted);
                },
                onError: (error) => toast('danger', error.message),
              })
            }
          >
            {t('Dejar de seguir')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
