import {
  Alert,
  Autocomplete,
  Button,
  Card,
  FileInput,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DATA_LOAD_MESSAGES } from '../../../../shared/schemas/data-load';
import { DownloadIcon, UploadIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import {
  downloadTemplate,
  useAdministrationPeriods,
  useCancelLoad,
  useDataLoadInfo,
  useUploadLoad,
} from './api';
import { ACCEPTED_TYPES, filesProblem } from './file-check';
import { ReadingProgress } from './reading-progress';

export const REVIEW_PATH = '/admin/data-load/current';

/** An administration period as the upload takes it: YYYY-YYYY, from a year to a later one. */
const isPeriod = (value: string) => /^\d{4}-\d{4}$/.test(value) && value.slice(0, 4) <= value.slice(5);

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  }).format(new Date(iso));

/**
 * /admin/data-load (admin spec, section 2 'Data load'): 'Carga Rápida' (a spreadsheet, for 20 or
 * more records) and 'Carga Manual' (the contracts catalogue, 1 to 20), the last confirmed load,
 * and the reading's progress with 'Cancelar'. A load waiting for review opens its review.
 */
export function DataLoadView({ organizationId }: { organizationId: string }) {
  const navigate = useNavigate();
  const info = useDataLoadInfo(organizationId);
  const upload = useUploadLoad(organizationId);
  const cancel = useCancelLoad(organizationId);
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [period, setPeriod] = useState('');
  const [periodProblem, setPeriodProblem] = useState<string | null>(null);
  const periods = useAdministrationPeriods(organizationId);
  const [downloading, setDownloading] = useState(false);
  const current = info.data?.current ?? null;

  useEffect(() => {
    if (current?.status === 'CURRENT') navigate(REVIEW_PATH, { replace: true });
  }, [current?.status, navigate]);

  const send = () => {
    const found = filesProblem(files);
    setProblem(found);
    const chosen = period.trim();
    const badPeriod =
      chosen !== '' && !isPeriod(chosen) ? DATA_LOAD_MESSAGES.administrationPeriodFormat : null;
    setPeriodProblem(badPeriod);
    if (found || badPeriod || files.length === 0) return;
    upload.mutate(
      { files, ...(chosen ? { administrationPeriod: chosen } : {}) },
      {
        onSuccess: () => setFiles([]),
        onError: (error) =>
          toast(
            'danger',
            error instanceof ApiError ? error.message : 'Ocurrió un error inesperado al cargar el archivo',
          ),
      },
    );
  };
  const template = async () => {
    setDownloading(true);
    try {
      await downloadTemplate();
    } catch (error) {
      toast('danger', error instanceof ApiError ? error.message : 'No fue posible descargar la plantilla.');
    } finally {
      setDownloading(false);
    }
  };
  const stop = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast('info', 'La carga de datos se canceló.'),
      onError: (error) => toast('danger', error.message),
    });

  const reading = current?.status === 'UPLOADING';
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        Carga de datos
      </Title>

      {reading ? <ReadingProgress current={current} cancelling={cancel.isPending} onCancel={stop} /> : null}

      {!current && info.data?.failed ? (
        <Alert
          color="red"
          variant="light"
          title={`No se pudo cargar el archivo «${info.data.failed.fileName}»`}
        >
          {info.data.failed.message}
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <div>
              <Title order={2} fz={20}>
                Carga Rápida
              </Title>
              <Text c="dimmed" fz="sm">
                Recomendada para 20 o más registros: sube la hoja de cálculo del formato de contratos.
              </Text>
            </div>
            <Text fw={600} fz="sm">
              Guía rápida
            </Text>
            <List type="ordered" fz="sm" spacing={4}>
              <List.Item>
                Sube el formato 28 (fracción XXVIII) tal como lo descargaste del portal de transparencia, con
                sus hojas de participantes, convenios y beneficiarios; o descarga la plantilla.
              </List.Item>
              <List.Item>
                En la plantilla, escribe un contrato por renglón a partir del renglón 3; no cambies los
                códigos C1 a C34 del renglón 1.
              </List.Item>
              <List.Item>Guarda el archivo como .xlsx, .xls, .ods o .csv y súbelo aquí.</List.Item>
              <List.Item>Revisa los registros, corrige los errores y confirma la carga.</List.Item>
            </List>
            <Button
              variant="light"
              leftSection={<DownloadIcon />}
              onClick={template}
              loading={downloading}
              w="fit-content"
            >
              Descargar plantilla
            </Button>
            <FileInput
              label="Archivo de contratos"
              description="Uno, o hasta 20 a la vez (por ejemplo, los formatos 28 de varios trimestres): se revisan y confirman juntos."
              placeholder="Selecciona uno o varios archivos .xlsx, .xls, .ods o .csv"
              accept={ACCEPTED_TYPES}
              multiple
              value={files}
              onChange={(chosen) => {
                setFiles(chosen);
                setProblem(null);
              }}
              error={problem}
              clearable
              disabled={reading}
            />
            <Autocomplete
              label="Administración de los registros (formato 28)"
              description="El formato 28 no la indica. Elige o escribe una (AAAA-AAAA); si la dejas vacía, cada registro toma la administración del monitor que incluye su ejercicio."
              placeholder="Por ejemplo 2024-2027"
              data={periods.data ?? []}
              value={period}
              onChange={(value) => {
                setPeriod(value);
                setPeriodProblem(null);
              }}
              error={periodProblem}
              disabled={reading}
              maxLength={9}
            />
            <Button
              leftSection={<UploadIcon />}
              onClick={send}
              loading={upload.isPending}
              disabled={reading}
              w="fit-content"
            >
              Cargar archivo
            </Button>
          </Stack>
        </Card>

        <Card withBorder padding="lg">
          <Stack gap="sm">
            <div>
              <Title order={2} fz={20}>
                Carga Manual
              </Title>
              <Text c="dimmed" fz="sm">
                Recomendada para 1 a 20 registros: captura cada contrato en el catálogo de contratos.
              </Text>
            </div>
            <Button component={Link} to="/admin/contracts" variant="default" w="fit-content">
              Ir al catálogo de contratos
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>

      <Card withBorder padding="lg" data-testid="last-load">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Última carga confirmada:</Text>
          {info.data?.recent ? (
            <Text>
              {dateTime(info.data.recent.recentConfirmedAt)}
              {info.data.recent.recentUploadedBy ? `, subida por ${info.data.recent.recentUploadedBy}` : ''}
            </Text>
          ) : (
            <Text c="dimmed">
              {info.isPending ? 'Cargando…' : 'Aún no se ha confirmado ninguna carga de datos.'}
            </Text>
          )}
        </Group>
      </Card>
    </Stack>
  );
}
