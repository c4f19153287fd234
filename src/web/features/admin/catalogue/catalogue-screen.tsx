import {
  Alert,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { LIMITS } from '../../../../shared/constants/limits';
import { PlusIcon } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/notifications';
import { useCatalogueList, useDeleteEntry, useSaveEntries } from './api';
import { CatalogueTable } from './catalogue-table';
import { type CatalogueColumn, valueAt } from './columns';
import { EntryModal, fieldErrors } from './entry-modal';
import { loadGridPreferences, saveGridPreferences } from './grid-preferences';

export type Row = { _id: string } & Record<string, unknown>;
export type Draft = Record<string, unknown>;

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

/**
 * One catalogue screen (spec: admin area, catalogue screens): search after 1000 ms, column
 * visibility (at least one stays) and page size remembered per catalogue, sortable headers, server paging, the 'Nuevo(a)'/'Editar'
 * modal, the delete confirmation and the inline edit mode that saves every changed row or none.
 */
export function CatalogueScreen<Doc extends Row>({ config }: { config: CatalogueConfig<Doc> }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const [page, setPage] = useState(1);
  // The columns and page size the user chose last time on this catalogue (this browser).
  const [initial] = useState(() => loadGridPreferences(config.path, config.columns));
  const [limit, setLimit] = useState<number>(initial.limit);
  const [sort, setSort] = useState<{ sort?: string; order: 'asc' | 'desc' }>({ order: 'desc' });
  const [hidden, setHidden] = useState<Set<string>>(initial.hidden);
  const list = useCatalogueList<Doc>(config.path, { page, limit, search: debounced || undefined, ...sort });
  const [editing, setEditing] = useState<Doc | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Doc | null>(null);
  const [inline, setInline] = useState(false);
  const [changes, setChanges] = useState<Record<string, Draft>>({});
  // Each changed row's invalid cells and their messages (the save schema's, or the server's).
  const [invalid, setInvalid] = useState<Record<string, Record<string, string>>>({});
  const [confirmingInline, setConfirmingInline] = useState(false);
  const remove = useDeleteEntry(config.path);
  const saveMany = useSaveEntries(config.path);
  const data = list.data?.data;
  const columns = config.columns.filter((column) => !hidden.has(column.field));

  useEffect(() => {
    if (data && data.page > data.pages) setPage(data.pages);
  }, [data]);
  // Stored once the user changes something: untouched grids follow the catalogue's definition.
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current) saveGridPreferences(config.path, config.columns, { hidden, limit });
  }, [config.path, config.columns, hidden, limit]);

  const toggleColumn = (field: string) => {
    chosen.current = true;
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
    setInvalid({});
  };
  const changeCell = (row: Doc, field: string, value: string) => {
    const draft = { ...(changes[row._id] ?? config.toDraft(row)), _id: row._id, [field]: value };
    setChanges((current) => ({ ...current, [row._id]: draft }));
    const parsed = config.schema.safeParse(draft);
    setInvalid((current) => ({ ...current, [row._id]: parsed.success ? {} : fieldErrors(parsed.error) }));
  };
  const editableErrors = () =>
    Object.entries(invalid).flatMap(([id, fields]) =>
      Object.entries(fields)
        .filter(
          ([field]) => id in changes && columns.some((column) => column.inline && column.field === field),
        )
        .map(([, message]) => message),
    );
  const askToSaveInline = () => {
    const [first] = editableErrors();
    if (first)
      toast('danger', `Corrige los campos marcados antes de guardar. ${first}`, { id: 'inline-errors' });
    else setConfirmingInline(true);
  };
  const saveInline = () => {
    const sent = Object.values(changes);
    saveMany.mutate(sent, {
      onSuccess: (response) => {
        toast('success', response.message);
        setConfirmingInline(false);
        setInline(false);
        setChanges({});
      },
      onError: (error) => {
        setConfirmingInline(false);
        // 'docs.1.fiscalYear' names a row (in the order sent) and, for a rule, its field.
        for (const item of error instanceof ApiError ? (error.errors ?? []) : []) {
          const [, index, field] = item.path.match(/docs\.(\d+)\.?(\w*)/) ?? [];
          const id = sent[Number(index)]?._id as string | undefined;
          if (id && field)
            setInvalid((current) => ({ ...current, [id]: { ...current[id], [field]: item.message } }));
        }
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
                <Button size="sm" disabled={changed === 0} onClick={askToSaveInline}>
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
          <CatalogueTable<Doc>
            columns={columns}
            rows={data.docs}
            sort={sort}
            onSort={sortBy}
            inline={inline}
            changes={changes}
            invalid={invalid}
            onChangeCell={changeCell}
            labelOf={labelOf}
            badges={config.badges}
            onEdit={(row) => {
              setEditing(row);
              setModalOpen(true);
            }}
            onDelete={setDeleting}
          />
        )}
        {data && data.total > 0 ? (
          <Group justify="space-between" mt="md" gap="sm">
            <Group gap="sm">
              <Text fz="sm" c="dimmed">
                {list.data?.totalIsLowerBound
                  ? `Más de ${data.total.toLocaleString('es-MX')} resultados: escribe más para acotar la búsqueda`
                  : `${data.total.toLocaleString('es-MX')} registros`}
              </Text>
              <Select
                size="xs"
                w={150}
                aria-label="Filas por página"
                allowDeselect={false}
                withCheckIcon={false}
                data={LIMITS.cataloguePageSizes.map((size) => ({
                  value: String(size),
                  label: `${size} por página`,
                }))}
                value={String(limit)}
                onChange={(value) => {
                  chosen.current = true;
                  setLimit(Number(value ?? LIMITS.cataloguePageSizes[0]));
                  setPage(1);
                }}
              />
            </Group>
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
