import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DATA_LOAD_MESSAGES, type DataLoadSummary } from '../../../../shared/schemas/data-load';
import { Pagination } from '../../../components/pagination';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import {
  downloadValidations,
  type RowsQuery,
  useCancelLoad,
  useConfirmLoad,
  useDataLoadInfo,
  useDataLoadRows,
  useUploadLoad,
} from './api';
import { ACCEPTED_TYPES, fileProblem } from './file-check';
import { ReadingProgress } from './reading-progress';
import { ReviewTable } from './review-table';

const SUMMARY: { key: keyof DataLoadSummary; label: string; color?: string }[] = [
  { key: 'newContractsCount', label: 'Contratos nuevos', color: 'green' },
  { key: 'skippedContractsCount', label: 'Contratos omitidos' },
  { key: 'newSuppliersCount', label: 'Proveedores nuevos', color: 'green' },
  { key: 'skippedSuppliersCount', label: 'Proveedores ya registrados' },
  { key: 'newAdministrativeUnitsCount', label: 'Unidades administrativas nuevas', color: 'green' },
  { key: 'skippedAdministrativeUnitsCount', label: 'Unidades administrativas ya registradas' },
  { key: 'errorsCount', label: 'Registros con errores', color: 'red' },
];

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/**
 * /admin/data-load/current (admin spec, section 2 'Current load review'): the summary, the error
 * banner, the rows (filters, search, paging, marked cells), and cancel, validations download,
 * corrections upload and confirm. Without a current load it goes back to /admin/data-load.
 */
export function DataLoadReview({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const info = useDataLoadInfo(organizationId);
  const cancel = useCancelLoad(organizationId);
  const confirm = useConfirmLoad(organizationId);
  const corrections = useUploadLoad(organizationId);
  const [details, setDetails] = useState(true);
  const [query, setQuery] = useState<RowsQuery>({
    page: 1,
    search: '',
    showNoIssues: true,
    showSkipped: true,
    showErrors: true,
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [asking, setAsking] = useState<'cancel' | 'confirm' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const current = info.data?.current ?? null;
  const ready = current?.status === 'CURRENT';
  const rows = useDataLoadRows(organizationId, query, ready && details);

  useEffect(() => setQuery((previous) => ({ ...previous, search: debounced, page: 1 })), [debounced]);
  useEffect(() => {
    if (info.isSuccess && !current && !confirm.isPending) navigate('/admin/data-load', { replace: true });
  }, [info.isSuccess, current, confirm.isPending, navigate]);

  if (!current)
    return (
      <Stack>
        <Title order={1} fz={28}>
          Revisión de la carga de datos
        </Title>
        <Skeleton height={200} />
      </Stack>
    );

  const summary = current.summary;
  const hasErrors = (summary?.errorsCount ?? 0) > 0;
  // The spec's labels (its 'ERORRES' is a typo); both confirm buttons read the same.
  const confirmLabel = confirm.isPending
    ? 'Procesando...'
    : hasErrors
      ? 'IGNORAR ERRORES Y CONTINUAR'
      : 'CONFIRMAR REGISTROS';
  const setFilter = (key: 'showNoIssues' | 'showSkipped' | 'showErrors', value: boolean) =>
    setQuery((previous) => ({ ...previous, [key]: value, page: 1 }));

  const stop = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setAsking(null);
        toast('info', DATA_LOAD_MESSAGES.cancelled);
        navigate('/admin/data-load');
      },
      onError: (error) => {
        setAsking(null);
        toast('danger', error.message);
      },
    });
  const accept = () =>
    confirm.mutate(hasErrors, {
      onSuccess: (response) => {
        setAsking(null);
        const { contracts, suppliers, administrativeUnits } = response.data.created;
        toast(
          'success',
          `Se cargaron ${contracts} contratos, ${suppliers} proveedores y ${administrativeUnits} unidades administrativas.`,
        );
        navigate('/admin/data-load');
      },
      onError: (error) => {
        setAsking(null);
        toast('danger', errorMessage(error, 'No fue posible confirmar la carga.'));
      },
    });
  const validations = async () => {
    setDownloading(true);
    try {
      await downloadValidations();
    } catch (error) {
      toast('danger', errorMessage(error, 'No fue posible descargar las validaciones.'));
    } finally {
      setDownloading(false);
    }
  };
  const upload = (file: File | null) => {
    const problem = fileProblem(file);
    if (problem || !file) {
      toast('danger', problem ?? DATA_LOAD_MESSAGES.noFile);
      return;
    }
    corrections.mutate(
      { file, idDataLoad: current._id },
      {
        onError: (error) =>
          toast('danger', errorMessage(error, 'Ocurrió un error inesperado al cargar el archivo')),
      },
    );
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={28}>
          Revisión de la carga de datos
        </Title>
        <Text c="dimmed">
          Archivo «{current.fileName}»{current.uploadedBy ? `, subido por ${current.uploadedBy}` : ''}
        </Text>
      </div>

      {current.status === 'UPLOADING' ? (
        <ReadingProgress
          current={current}
          cancelling={cancel.isPending}
          onCancel={() => setAsking('cancel')}
        />
      ) : null}

      {summary ? (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="load-summary">
          {SUMMARY.map(({ key, label, color }) => (
            <Card key={key} withBorder padding="sm">
              <Text fz={26} fw={800} c={summary[key] > 0 ? color : undefined} lh={1.1}>
                {summary[key].toLocaleString('es-MX')}
              </Text>
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}

      {current.messages.map((message) => (
        <Alert key={message} color="blue" variant="light">
          {message}
        </Alert>
      ))}
      {ready && hasErrors ? (
        <Alert color="red" variant="light" data-testid="errors-banner">
          {DATA_LOAD_MESSAGES.errorsBanner}
        </Alert>
      ) : null}

      {ready ? (
        <Group gap="sm" wrap="wrap">
          <Button variant="default" color="red" onClick={() => setAsking('cancel')}>
            Cancelar
          </Button>
          <Button variant="default" onClick={validations} disabled={downloading}>
            {downloading ? 'Descargando...' : 'Descargar validaciones'}
          </Button>
          <Button
            variant="default"
            onClick={() => fileInput.current?.click()}
            loading={corrections.isPending}
          >
            Cargar correcciones
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_TYPES}
            hidden
            data-testid="corrections-input"
            onChange={(event) => {
              upload(event.currentTarget.files?.[0] ?? null);
              event.currentTarget.value = '';
            }}
          />
          <Button
            color={hasErrors ? 'orange' : undefined}
            onClick={() => setAsking('confirm')}
            disabled={confirm.isPending || (summary?.newContractsCount ?? 0) === 0}
          >
            {confirmLabel}
          </Button>
        </Group>
      ) : null}

      {ready ? (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz={18}>
                Registros del archivo
              </Title>
              <Button variant="subtle" size="xs" onClick={() => setDetails((shown) => !shown)}>
                {details ? 'Ocultar detalles' : 'Mostrar detalles'}
              </Button>
            </Group>
            {details ? (
              <>
                <Group gap="md" wrap="wrap" align="flex-end">
                  <Checkbox
                    label="Sin problemas"
                    checked={query.showNoIssues}
                    onChange={(event) => setFilter('showNoIssues', event.currentTarget.checked)}
                  />
                  <Checkbox
                    label="Omitidos"
                    checked={query.showSkipped}
                    onChange={(event) => setFilter('showSkipped', event.currentTarget.checked)}
                  />
                  <Checkbox
                    label="Con errores"
                    checked={query.showErrors}
                    onChange={(event) => setFilter('showErrors', event.currentTarget.checked)}
                  />
                  <TextInput
                    placeholder="Buscar en los registros"
                    aria-label="Buscar en los registros"
                    value={search}
                    onChange={(event) => setSearch(event.currentTarget.value)}
                    maxLength={200}
                    style={{ flex: '1 1 220px' }}
                  />
                </Group>
                {rows.isError ? (
                  <Alert color="red" variant="light">
                    No fue posible cargar los registros.
                  </Alert>
                ) : rows.data ? (
                  rows.data.docs.length > 0 ? (
                    <>
                      <Text fz="sm" c="dimmed">
                        {rows.data.total.toLocaleString('es-MX')}{' '}
                        {rows.data.total === 1 ? 'registro' : 'registros'}
                      </Text>
                      <ReviewTable rows={rows.data.docs} />
                      <Pagination
                        page={rows.data.page}
                        pages={rows.data.pages}
                        onChange={(page) => setQuery((previous) => ({ ...previous, page }))}
                      />
                    </>
                  ) : (
                    <Text c="dimmed">Ningún registro coincide con los filtros.</Text>
                  )
                ) : (
                  <Skeleton height={240} />
                )}
              </>
            ) : null}
          </Stack>
        </Card>
      ) : null}

      <Modal
        opened={asking === 'cancel'}
        onClose={() => setAsking(null)}
        title="Cancelar la carga de datos"
        centered
      >
        <Stack>
          <Text>Se descartarán los registros leídos de «{current.fileName}». ¿Deseas cancelar la carga?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              Volver
            </Button>
            <Button color="red" onClick={stop} loading={cancel.isPending}>
              Cancelar la carga
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={asking === 'confirm'}
        onClose={() => (confirm.isPending ? undefined : setAsking(null))}
        title="Confirmar la carga de datos"
        centered
      >
        <Stack>
          <Text>
            Se crearán {summary?.newContractsCount.toLocaleString('es-MX') ?? 0} contratos,{' '}
            {summary?.newSuppliersCount ?? 0} proveedores y {summary?.newAdministrativeUnitsCount ?? 0}{' '}
            unidades administrativas. Esta acción no se puede deshacer.
          </Text>
          {hasErrors ? (
            <Alert color="orange" variant="light">
              Los {summary?.errorsCount} registros con errores no se cargarán.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={confirm.isPending}>
              Volver
            </Button>
            <Button onClick={accept} loading={confirm.isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
