import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../../shared/format/dates';
import { formatCount } from '../../../../shared/format/money';
import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  AlertEmailSchema,
  type AlertSummary,
} from '../../../../shared/schemas/alerts';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useAlertSummary, useSuspendAddress } from './api';

/**
 * /admin/alerts 'Avisos' (issue 33, decision 0053): how many people follow the current monitor,
 * its suppliers and its red flags (counts only, never an address), the state of the last sends,
 * and for GENERAL administrators the suspension of an address that complained (the server
 * refuses anyone else).
 */
export function AlertsAdmin({ organizationId }: { organizationId: string }) {
  const general = useSession()?.user.administratorType === 'GENERAL';
  const summary = useAlertSummary(organizationId);
  return (
    <Stack gap="lg">
      <Text c="dimmed">
        Cuántas personas siguen este monitor por correo electrónico y cómo van los envíos. Solo se muestran
        cuentas: nunca las direcciones.
      </Text>
      {summary.isError ? (
        <Alert color="red" variant="light" title="No fue posible consultar los avisos.">
          <Button mt="sm" variant="light" color="red" onClick={() => void summary.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <>
          <FollowsCard data={summary.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <SuppliersCard data={summary.data} />
            <FlagsCard data={summary.data} />
          </SimpleGrid>
          <DeliveriesCard data={summary.data} />
        </>
      )}
      {general ? <SuspendCard organizationId={organizationId} /> : null}
    </Stack>
  );
}

function FollowsCard({ data }: { data: AlertSummary | undefined }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="alert-follows">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Seguimientos confirmados
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          <Figure label="Total" value={data ? formatCount(data.follows.total) : '…'} testId="follows-total" />
          {ALERT_KINDS.map((kind) => (
            <Figure
              key={kind}
              label={ALERT_KIND_LABELS[kind]}
              value={data ? formatCount(data.follows.byKind[kind]) : '…'}
              testId={`follows-${kind}`}
            />
          ))}
          <Figure
            label="Sin confirmar"
            value={data ? formatCount(data.follows.unconfirmed) : '…'}
            testId="follows-unconfirmed"
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function SuppliersCard({ data }: { data: AlertSummary | undefined }) {
  return (
    <CountsTable
      title="Proveedores más seguidos"
      caption="Proveedor"
      empty="Nadie sigue todavía a un proveedor de este monitor."
      rows={data?.follows.bySupplier.map((row) => ({ key: row._id, name: row.name, follows: row.follows }))}
      testId="alert-suppliers"
    />
  );
}

function FlagsCard({ data }: { data: AlertSummary | undefined }) {
  return (
    <CountsTable
      title="Señales de alerta seguidas"
      caption="Señal de alerta"
      empty="Nadie sigue todavía una señal de alerta de este monitor."
      rows={data?.follows.byFlag.map((row) => ({ key: row.code, name: row.name, follows: row.follows }))}
      testId="alert-flags"
    />
  );
}

function CountsTable({
  title,
  caption,
  empty,
  rows,
  testId,
}: {
  title: string;
  caption: string;
  empty: string;
  rows: { key: string; name: string; follows: number }[] | undefined;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {!rows ? (
          <Skeleton height={60} />
        ) : rows.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{caption}</Table.Th>
                <Table.Th ta="right">Seguidores</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.follows)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function DeliveriesCard({ data }: { data: AlertSummary | undefined }) {
  const deliveries = data?.deliveries;
  const pending = deliveries?.pending ?? 0;
  const failing = deliveries?.failing ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="alert-deliveries">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Envíos
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure
            label="Por enviar"
            value={deliveries ? formatCount(pending) : '…'}
            warning={pending > 0}
            testId="deliveries-pending"
          />
          <Figure
            label="Con fallas"
            value={deliveries ? formatCount(failing) : '…'}
            warning={failing > 0}
            testId="deliveries-failing"
          />
          <Figure
            label="Enviados en los últimos 7 días"
            value={deliveries ? formatCount(deliveries.sentLast7Days) : '…'}
            testId="deliveries-sent"
          />
          <Figure
            label="Último envío"
            value={
              deliveries
                ? deliveries.lastSentAt
                  ? formatDate(deliveries.lastSentAt)
                  : 'Ninguno todavía'
                : '…'
            }
            testId="deliveries-last"
          />
        </SimpleGrid>
        {failing > 0 ? (
          <Text fz="sm" c="orange.8">
            Los envíos con fallas se reintentan solos; los que queden se envían la noche siguiente.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function Figure({
  label,
  value,
  warning,
  testId,
}: {
  label: string;
  value: string;
  warning?: boolean;
  testId?: string;
}) {
  return (
    <div data-testid={testId} data-warning={warning ? true : undefined}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={warning ? 'orange.8' : undefined}>
        {value}
      </Text>
    </div>
  );
}

/** GENERAL administrators: nothing more is sent to an address that complained, or it may receive again. */
function SuspendCard({ organizationId }: { organizationId: string }) {
  const suspend = useSuspendAddress(organizationId);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  const send = (suspended: boolean) => {
    setAnswer(null);
    const parsed = AlertEmailSchema.safeParse(email);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    suspend.mutate(
      { email: parsed.data, suspended },
      {
        onSuccess: (response) => {
          setAnswer({ ok: true, message: response.message });
          toast('success', response.message);
        },
        onError: (error) => {
          const message =
            error instanceof ApiError ? error.message : 'Ocurrió un error inesperado. Intenta nuevamente.';
          setAnswer({ ok: false, message });
          toast('danger', message);
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(true);
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="alert-suspend">
      <form onSubmit={submit} noValidate aria-labelledby="suspender-direccion">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="suspender-direccion">
              Suspender una dirección
            </Title>
            <Text fz="sm" c="dimmed">
              A una dirección suspendida no se le envía nada más, aunque siga sus avisos. Reactivarla no envía
              lo que se dejó de enviar.
            </Text>
          </div>
          <TextInput
            label="Correo electrónico"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            maw={420}
          />
          <Group gap="sm">
            <Button
              type="submit"
              color="red"
              loading={suspend.isPending && suspend.variables?.suspended === true}
              disabled={suspend.isPending}
            >
              Suspender
            </Button>
            <Button
              variant="light"
              loading={suspend.isPending && suspend.variables?.suspended === false}
              disabled={suspend.isPending}
              onClick={() => send(false)}
            >
              Reactivar
            </Button>
          </Group>
          {answer ? (
            <Alert
              color={answer.ok ? 'green' : 'red'}
              variant="light"
              role="status"
              data-testid="suspend-answer"
            >
              {answer.message}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
