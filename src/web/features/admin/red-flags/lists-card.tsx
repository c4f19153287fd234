import {
  Alert,
  Button,
  Card,
  FileInput,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format/dates';
import { formatCount } from '../../../../shared/format/money';
import { UploadIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { type ListKind, type ListLoaded, type SupplierListInfo, useLoadList, useSupplierLists } from './api';

/** How many of a load's problems are listed (the rest are counted). */
const SHOWN_PROBLEMS = 5;

const LISTS: Record<ListKind, { title: string; description: string; accept: string; extension: RegExp }> = {
  'sat-69b': {
    title: 'Lista del SAT (artículo 69-B)',
    description: 'El archivo Listado_Completo_69-B.csv tal como lo publica el SAT.',
    accept: '.csv,text/csv',
    extension: /\.csv$/i,
  },
  sanctions: {
    title: 'Proveedores y contratistas sancionados',
    description: 'El archivo JSON del directorio federal de proveedores y contratistas sancionados.',
    accept: '.json,application/json',
    extension: /\.json$/i,
  },
};

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  }).format(new Date(iso));

/**
 * The installation's supplier lists (GENERAL administrators only; the server refuses anyone
 * else): what is loaded of each, and the upload that replaces it.
 */
export function ListsCard() {
  const lists = useSupplierLists(true);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="supplier-lists">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Listas de proveedores
          </Title>
          <Text fz="sm" c="dimmed">
            Son de toda la instalación: cargar una lista la reemplaza completa y vuelve a calcular las señales
            de todos los monitores.
          </Text>
        </div>
        {lists.isError ? (
          <Alert color="red" variant="light" title="No fue posible consultar las listas cargadas.">
            <Button mt="sm" variant="light" color="red" onClick={() => void lists.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ListPanel kind="sat-69b" info={lists.data?.sat69b} loading={!lists.data} />
            <ListPanel kind="sanctions" info={lists.data?.sanctions} loading={!lists.data} />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

function ListPanel({
  kind,
  info,
  loading,
}: {
  kind: ListKind;
  info: SupplierListInfo | null | undefined;
  loading: boolean;
}) {
  const list = LISTS[kind];
  const load = useLoadList(kind);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ListLoaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = () => {
    setResult(null);
    setFailure(null);
    if (!file) return setProblem('Selecciona el archivo del listado.');
    if (!list.extension.test(file.name))
      return setProblem(`Selecciona un archivo ${list.accept.split(',')[0]}.`);
    load.mutate(file, {
      onSuccess: (response) => {
        setResult(response.data);
        setFile(null);
        toast('success', response.message);
      },
      onError: (error) => {
        const message =
          error instanceof ApiError ? error.message : 'Ocurrió un error inesperado al cargar el listado.';
        setFailure(message);
        toast('danger', message);
      },
    });
  };

  return (
    <Stack gap="sm" data-testid={`list-${kind}`}>
      <Title order={3} fz="md">
        {list.title}
      </Title>
      {loading ? (
        <Skeleton height={60} />
      ) : info ? (
        <Stack gap={2}>
          <Text fz="sm">Fecha de corte: {info.cutOff ? formatDate(info.cutOff) : 'sin fecha'}</Text>
          <Text fz="sm">Cargada el {dateTime(info.loadedAt)}</Text>
          <Text fz="sm">Registros: {formatCount(info.rows)}</Text>
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          Todavía no se ha cargado
        </Text>
      )}
      <FileInput
        label="Archivo del listado"
        description={list.description}
        placeholder={`Selecciona el archivo ${list.accept.split(',')[0]}`}
        accept={list.accept}
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setProblem(null);
        }}
        error={problem}
        clearable
      />
      <Button leftSection={<UploadIcon />} onClick={send} loading={load.isPending} w="fit-content">
        Cargar listado
      </Button>
      {failure ? (
        <Alert color="red" variant="light" title="No se cargó el listado">
          {failure}
        </Alert>
      ) : null}
      {result ? <LoadResult result={result} /> : null}
    </Stack>
  );
}

function LoadResult({ result }: { result: ListLoaded }) {
  const shown = result.problems.slice(0, SHOWN_PROBLEMS);
  const more = result.problems.length - shown.length;
  return (
    <Alert color="green" variant="light" title="Se cargó el listado" data-testid="list-result">
      <Stack gap={4}>
        <Text fz="sm">
          Renglones leídos: {formatCount(result.rows)}. Registros conservados: {formatCount(result.kept)}.
          {result.cutOff ? ` Fecha de corte: ${formatDate(result.cutOff)}.` : ''}
        </Text>
        {shown.length > 0 ? (
          <>
            <Text fz="sm" fw={600}>
              Renglones con problemas:
            </Text>
            <List fz="sm" spacing={2}>
              {shown.map((item) => (
                <List.Item key={`${item.row}-${item.message}`}>
                  Renglón {item.row}: {item.message}
                </List.Item>
              ))}
            </List>
            {more > 0 ? <Text fz="sm">Y {formatCount(more)} renglones más con problemas.</Text> : null}
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
