import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useCatalogueList, useDeleteEntry, useSaveEntries, useSaveEntry } from './api';
import { type CatalogueColumn, renderCell, valueAt } from './columns';

type Row = { _id: string } & Record<string, unknown>;
type Draft = Record<string, unknown>;

export interface CatalogueConfig<Doc extends Row> {
  /** API path: /api/{path}/list… */
  path: string;
  /** 'Proveedores' → 'Catálogo de Proveedores'. */
  plural: string;
  newLabel: string;
  columns: CatalogueColumn[];
  /** The same schema the server validates a save with. */
  schema: z.ZodType;
  empty: Draft;
  toDraft(doc: Doc): Draft;
  /** The modal's fields. */
  form(props: {
    draft: Draft;
    set: (field: string, value: unknown) => void;
    errors: Record<string, string>;
  }): ReactNode;
  testId: string;
  /** Wide catalogues (contracts) scroll sideways beyond this width. */
  tableMinWidth?: number;
  /** The entry modal's size (the contract form is large). */
  modalSize?: 'lg' | 'xl';
  /** How a row is named in buttons' labels (default: its first column). */
  rowLabel?(doc: Doc): string;
  /** Shown after the first column's value (states such as 'Invitado'). */
  badges?(doc: Doc): ReactNode;
  /** The delete dialog's title, and whether it warns with 'Cuidado'. */
  deleteDialog?: { title: string; caution?: boolean; detail?(doc: Doc): string };
  /** A new entry asks once more before it is saved (for example: an invitation e-mail goes out). */
  confirmCreate?(draft: Draft): string;
  /** A second step once the entry is saved (a resource's image); its message is shown too. */
  afterSave?(doc: Doc, draft: Draft): Promise<string | undefined>;
}

/** Files chosen in a form travel in `afterSave`, never in the JSON body. */
const withoutFiles = (draft: Draft): Draft =>
  Object.fromEntries(Object.entries(draft).filter(([, value]) => !(value instanceof Blob)));

function fieldErrors(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

/**
 * One catalogue screen (spec: admin area, catalogue screens): search after 1000 ms, column
 * visibility (at least one stays), sortable headers, server paging, the 'Nuevo(a)'/'Editar'
 * modal, the delete confirmation and the inline edit mode that saves every changed row or none.
 */
export function CatalogueScreen<Doc extends Row>({ config }: { config: CatalogueConfig<Doc> }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ sort?: string; order: 'asc' | 'desc' }>({ order: 'desc' });
  const [hidden, setHidden] = useState<Set<string>>(
    () => new Set(config.columns.filter((column) => column.visible === false).map((column) => column.field)),
  );
  const list = useCatalogueList<Doc>(config.path, { page, search: debounced || undefined, ...sort });
  const [editing, setEditing] = useState<Doc | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Doc | null>(null);
  const [inline, setInline] = useState(false);
  const [changes, setChanges] = useState<Record<string, Draft>>({});
  const [confirmingInline, setConfirmingInline] = useState(false);
  const remove = useDeleteEntry(config.path);
  const saveMany = useSaveEntries(config.path);
  const data = list.data?.data;
  const columns = config.columns.filter((column) => !hidden.has(column.field));

  useEffect(() => {
    if (data && data.page > data.pages) setPage(data.pages);
  }, [data]);

  const toggleColumn = (field: string) => {
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else if (config.columns.length - next.size > 1) next.add(field);
      else toast('alert', 'Debe quedar al menos una columna visible.', { id: 'last-column' });
      return next;
    });
  };
  const sortBy = (key: string) => {
    setSort((current) => ({
      sort: key,
      order: current.sort === key && current.order === 'asc' ? 'desc' : 'asc',
    }));
    setPage(1);
  };
  const toggleInline = () => {
    setInline((current) => !current);
    setChanges({});
  };
  const changeCell = (row: Doc, field: string, value: string) => {
    setChanges((current) => ({
      ...current,
      [row._id]: { ...(current[row._id] ?? config.toDraft(row)), _id: row._id, [field]: value },
    }));
  };
  const saveInline = () => {
    saveMany.mutate(Object.values(changes), {
      onSuccess: (response) => {
        toast('success', response.message);
        setConfirmingInline(false);
        setInline(false);
        setChanges({});
      },
      onError: (error) => {
        setConfirmingInline(false);
        toast('danger', error.message || 'No fue posible guardar los registros.');
      },
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: (response) => {
        toast('success', response.message);
        setDeleting(null);
      },
      onError: (error) => toast('danger', error.message || 'No fue posible eliminar el registro.'),
    });
  };
  const changed = Object.keys(changes).length;
  const labelOf = (row: Doc) => config.rowLabel?.(row) ?? String(valueAt(row, config.columns[0]!.field));

  return (
    <Stack gap="md" data-testid={config.testId}>
      <Group justify="space-between">
        <Title order={1} fz={28}>
          Catálogo de {config.plural}
        </Title>
        <Button
          leftSection={<PlusIcon />}
          onClick={() => {
            setEditing(null);
            setModalOpen(true);
          }}
        >
          {config.newLabel}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <TextInput
            placeholder="Buscar"
            aria-label={`Buscar en ${config.plural.toLowerCase()}`}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 320 }}
          />
          <Group gap="xs">
            <Menu closeOnItemClick={false} position="bottom-end">
              <Menu.Target>
                <Button variant="default" size="sm">
                  Columnas
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {config.columns.map((column) => (
                  <Menu.Item key={column.field} onClick={() => toggleColumn(column.field)}>
                    <Checkbox
                      label={column.label}
                      checked={!hidden.has(column.field)}
                      readOnly
                      tabIndex={-1}
                    />
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {inline ? (
              <>
                <Button size="sm" disabled={changed === 0} onClick={() => setConfirmingInline(true)}>
                  Guardar
                </Button>
                <Button size="sm" variant="default" onClick={toggleInline}>
                  Volver
                </Button>
              </>
            ) : (
              <Button size="sm" variant="light" onClick={toggleInline} disabled={!data?.docs.length}>
                Editar
              </Button>
            )}
          </Group>
        </Group>

        {list.isError ? (
          <Alert color="red" variant="light">
            No fue posible cargar los registros. {list.error.message}
          </Alert>
        ) : !data ? (
          <Skeleton height={240} />
        ) : data.docs.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            {debounced
              ? `No se encontraron resultados con la búsqueda «${debounced}».`
              : `Por ahora no hay ${config.plural.toLowerCase()}.`}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={config.tableMinWidth ?? 640}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="catalogue-table">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.field}>
                      {column.sort ? (
                        <UnstyledButton onClick={() => sortBy(column.sort!)} fw={700} fz="sm">
                          {column.label} {sort.sort === column.sort ? (sort.order === 'asc' ? '▲' : '▼') : ''}
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  ))}
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.docs.map((row) => (
                  <Table.Tr key={row._id}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.field}
                        style={
                          column.maxWidth
                            ? { maxWidth: column.maxWidth, overflowWrap: 'anywhere' }
                            : undefined
                        }
                      >
                        {inline && column.inline ? (
                          <TextInput
                            size="xs"
                            aria-label={`${column.label} de ${labelOf(row)}`}
                            value={String(
                              changes[row._id]?.[column.field] ?? valueAt(row, column.field) ?? '',
                            )}
                            onChange={(event) => changeCell(row, column.field, event.currentTarget.value)}
                          />
                        ) : (
                          <>
                            {renderCell(column, row)}
                            {column === columns[0] ? config.badges?.(row) : null}
                          </>
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Editar">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${labelOf(row)}`}
                            onClick={() => {
                              setEditing(row);
                              setModalOpen(true);
                            }}
                          >
                            <PencilIcon />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Eliminar">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Eliminar ${labelOf(row)}`}
                            onClick={() => setDeleting(row)}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.total > 0 ? (
          <Group justify="space-between" mt="md">
            <Text fz="sm" c="dimmed">
              {list.data?.totalIsLowerBound
                ? `Más de ${data.total.toLocaleString('es-MX')} resultados: escribe más para acotar la búsqueda`
                : `${data.total.toLocaleString('es-MX')} registros`}
            </Text>
            {data.pages > 1 ? <Pagination page={data.page} pages={data.pages} onChange={setPage} /> : null}
          </Group>
        ) : null}
      </Paper>

      <EntryModal config={config} entry={editing} opened={modalOpen} onClose={() => setModalOpen(false)} />

      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={config.deleteDialog?.title ?? 'Eliminar registro'}
        centered
      >
        <Stack>
          {config.deleteDialog?.caution ? (
            <Alert color="red" variant="light" title="Cuidado">
              Esta acción borrará el registro del catálogo permanentemente ¿Estás seguro de eliminarlo?
            </Alert>
          ) : (
            <Text>
              Esta acción borrará el registro del catálogo permanentemente ¿Estás seguro de eliminarlo?
            </Text>
          )}
          {deleting && config.deleteDialog?.detail ? (
            <Text fz="sm">{config.deleteDialog.detail(deleting)}</Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancelar
            </Button>
            <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
              Eliminar
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={confirmingInline}
        onClose={() => setConfirmingInline(false)}
        title="Guardar cambios"
        centered
      >
        <Stack>
          <Text>
            Se {changed === 1 ? 'modificará 1 registro' : `modificarán ${changed} registros`}. ¿Deseas guardar
            los cambios?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingInline(false)}>
              Cancelar
            </Button>
            <Button onClick={saveInline} loading={saveMany.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** 'Nuevo(a)' / 'Editar': validated with the server's schema; field errors listed in the footer. */
function EntryModal<Doc extends Row>({
  config,
  entry,
  opened,
  onClose,
}: {
  config: CatalogueConfig<Doc>;
  entry: Doc | null;
  opened: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(config.empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<string | null>(null);
  const save = useSaveEntry<Doc>(config.path);
  const { reset } = save;
  // On a phone the form takes the whole screen.
  const phone = useMediaQuery('(max-width: 36em)');

  useEffect(() => {
    if (opened) {
      setDraft(entry ? config.toDraft(entry) : config.empty);
      setErrors({});
      setConfirming(null);
      reset();
    }
  }, [opened, entry, config, reset]);

  const set = (field: string, value: unknown) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const submit = () => {
    const parsed = config.schema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast('danger', 'El formulario contiene errores', { id: 'form-errors' });
      return;
    }
    if (!entry && config.confirmCreate && !confirming) {
      setConfirming(config.confirmCreate(draft));
      return;
    }
    const body = withoutFiles(draft);
    save.mutate(entry ? { ...body, _id: entry._id } : body, {
      onSuccess: async (response) => {
        toast('success', response.message);
        if (config.afterSave) {
          try {
            const extra = await config.afterSave(response.data, draft);
            if (extra) toast('success', extra);
          } catch (error) {
            toast('danger', `El registro se guardó, pero ${(error as Error).message}`);
          }
        }
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          setErrors(
            Object.fromEntries(error.errors.map((item) => [item.path.replace(/^body\./, ''), item.message])),
          );
        }
        toast('danger', error.message || 'No fue posible guardar el registro.');
        setConfirming(null);
      },
    });
  };
  const listed = Object.values(errors);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={entry ? 'Editar' : 'Nuevo(a)'}
      size={config.modalSize ?? 'lg'}
      fullScreen={phone}
      centered
    >
      <Stack gap="sm">
        {config.form({ draft, set, errors })}
        {confirming ? (
          <Alert color="blue" variant="light" title="¿Guardar el registro?">
            {confirming} Pulsa Guardar de nuevo para confirmar.
          </Alert>
        ) : null}
        {listed.length > 0 ? (
          <Alert color="red" variant="light" title="El formulario contiene errores" role="alert">
            <Stack gap={2}>
              {listed.map((message) => (
                <Text key={message} fz="sm" style={{ whiteSpace: 'pre-line' }}>
                  {message}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
