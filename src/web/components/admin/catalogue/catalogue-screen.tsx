import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/notifications';
import { PlusIcon } from '../../icons';
import { useCatalogueList, useDeleteEntry } from './api';
import { DeleteDialog, InlineSaveDialog } from './catalogue-dialogs';
import { CatalogueStatus } from './catalogue-status';
import { CatalogueTable } from './catalogue-table';
import { CatalogueToolbar } from './catalogue-toolbar';
import { valueAt } from './columns';
import { EntryModal } from './entry-modal';
import type { CatalogueConfig, Row } from './types';
import { useCatalogueGrid } from './use-catalogue-grid';
import { useInlineEdit } from './use-inline-edit';

export type { CatalogueConfig, Draft, Row } from './types';

/**
 * One catalogue screen (spec: admin area, catalogue screens): search after 1000 ms, column
 * visibility (at least one stays) and page size remembered per catalogue, sortable headers, server paging, the 'Nuevo(a)'/'Editar'
 * modal, the delete confirmation and the inline edit mode that saves every changed row or none.
 * Its state lives in useCatalogueGrid (what is shown) and useInlineEdit (the inline edit mode).
 */
export function CatalogueScreen<Doc extends Row>({ config }: { config: CatalogueConfig<Doc> }) {
  const grid = useCatalogueGrid(config.path, config.columns);
  const list = useCatalogueList<Doc>(config.path, {
    page: grid.page,
    limit: grid.limit,
    search: grid.debounced || undefined,
    ...grid.sort,
  });
  const edit = useInlineEdit(config, grid.columns);
  const [editing, setEditing] = useState<Doc | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Doc | null>(null);
  const remove = useDeleteEntry(config.path);
  const data = list.data?.data;
  const { setPage } = grid;

  // A page past the end (rows deleted elsewhere, a smaller page size) shows the last one.
  useEffect(() => {
    if (data && data.page > data.pages) setPage(data.pages);
  }, [data, setPage]);

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
  const labelOf = (row: Doc) => config.rowLabel?.(row) ?? String(valueAt(row, config.columns[0]!.field));
  const openEntry = (row: Doc | null) => {
    setEditing(row);
    setModalOpen(true);
  };

  return (
    <Stack gap="md" data-testid={config.testId}>
      <Group justify="space-between">
        <Title order={1} fz={28}>
          Catálogo de {config.plural}
        </Title>
        <Button leftSection={<PlusIcon />} onClick={() => openEntry(null)}>
          {config.newLabel}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <CatalogueToolbar
          plural={config.plural}
          search={grid.search}
          onSearch={grid.changeSearch}
          columns={config.columns}
          hidden={grid.hidden}
          onToggleColumn={grid.toggleColumn}
          inline={edit.inline}
          changed={edit.changed}
          canEdit={Boolean(data?.docs.length)}
          onToggleInline={edit.toggle}
          onSaveInline={edit.askToSave}
        />

        {list.isError ? (
          <Alert color="red" variant="light">
            No fue posible cargar los registros. {list.error.message}
          </Alert>
        ) : !data ? (
          <Skeleton height={240} />
        ) : data.docs.length === 0 ? (
          <Text c="dimmed" py="xl" ta="center">
            {grid.debounced
              ? `No se encontraron resultados con la búsqueda «${grid.debounced}».`
              : (config.emptyText ?? `Por ahora no hay ${config.plural.toLowerCase()}.`)}
          </Text>
        ) : (
          <CatalogueTable<Doc>
            columns={grid.columns}
            rows={data.docs}
            sort={grid.sort}
            onSort={grid.sortBy}
            inline={edit.inline}
            changes={edit.changes}
            invalid={edit.invalid}
            onChangeCell={edit.changeCell}
            labelOf={labelOf}
            badges={config.badges}
            onEdit={openEntry}
            onDelete={setDeleting}
          />
        )}
        {data && data.total > 0 ? (
          <CatalogueStatus
            total={data.total}
            totalIsLowerBound={Boolean(list.data?.totalIsLowerBound)}
            page={data.page}
            pages={data.pages}
            limit={grid.limit}
            onLimit={grid.changeLimit}
            onPage={grid.setPage}
          />
        ) : null}
      </Paper>

      <EntryModal config={config} entry={editing} opened={modalOpen} onClose={() => setModalOpen(false)} />

      <DeleteDialog
        opened={deleting !== null}
        title={config.deleteDialog?.title}
        caution={config.deleteDialog?.caution}
        detail={deleting ? config.deleteDialog?.detail?.(deleting) : undefined}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />

      <InlineSaveDialog
        opened={edit.confirming}
        changed={edit.changed}
        saving={edit.saving}
        onCancel={edit.cancelSave}
        onConfirm={edit.save}
      />
    </Stack>
  );
}
