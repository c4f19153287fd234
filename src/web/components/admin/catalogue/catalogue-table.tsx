import { ActionIcon, Group, Menu, Table, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { DotsIcon, PencilIcon, TrashIcon } from '../../icons';
import classes from './catalogue-table.module.css';
import { type CatalogueColumn, cellText, renderCell, valueAt } from './columns';

type Row = { _id: string } & Record<string, unknown>;

export interface CatalogueTableProps<Doc extends Row> {
  columns: CatalogueColumn[];
  rows: Doc[];
  sort: { sort?: string; order: 'asc' | 'desc' };
  onSort(key: string): void;
  /** The inline edit mode: the cells being changed and each row's invalid cells with their message. */
  inline: boolean;
  changes: Record<string, Record<string, unknown>>;
  invalid: Record<string, Record<string, string>>;
  onChangeCell(row: Doc, field: string, value: string): void;
  labelOf(row: Doc): string;
  badges?(row: Doc): ReactNode;
  onEdit(row: Doc): void;
  onDelete(row: Doc): void;
}

/**
 * The catalogue's grid: one line per row (long values end in '…' and show whole in a tooltip),
 * the first column and the row buttons fixed while the others scroll sideways (on a phone the
 * buttons are one row menu, to leave room for the columns), sortable headers for the server's
 * named sorts, and the inline edit mode's inputs with their errors.
 */
export function CatalogueTable<Doc extends Row>(props: CatalogueTableProps<Doc>) {
  const { columns, rows, sort, inline } = props;
  const first = columns[0];
  const place = (column: CatalogueColumn) =>
    [column === first ? classes.first : '', column.type === 'currency' ? classes.amount : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <Table.ScrollContainer minWidth={0} className={classes.scroll} type="native" tabIndex={0}>
      <Table
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing="sm"
        className={classes.table}
        data-testid="catalogue-table"
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.field}
                className={place(column)}
                aria-sort={
                  column.sort && sort.sort === column.sort
                    ? sort.order === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                {column.sort ? (
                  <UnstyledButton onClick={() => props.onSort(column.sort!)} fw={700} fz="sm">
                    {column.label} {sort.sort === column.sort ? (sort.order === 'asc' ? '▲' : '▼') : ''}
                  </UnstyledButton>
                ) : (
                  column.label
                )}
              </Table.Th>
            ))}
            <Table.Th className={classes.actions}>
              <span className={classes.actionsLabel}>Acciones</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              {columns.map((column) => (
                <Table.Td key={column.field} className={place(column)}>
                  {inline && column.inline ? (
                    <InlineCell {...props} row={row} column={column} />
                  ) : (
                    <div
                      className={classes.cell}
                      style={
                        column.maxWidth
                          ? ({ '--cell-max': `${column.maxWidth}px` } as CSSProperties)
                          : undefined
                      }
                      title={cellText(column, row) ?? undefined}
                    >
                      {renderCell(column, row)}
                      {column === first ? props.badges?.(row) : null}
                    </div>
                  )}
                </Table.Td>
              ))}
              <Table.Td className={classes.actions}>
                <RowMenu {...props} row={row} />
                <Group gap={4} justify="flex-end" wrap="nowrap" visibleFrom="sm">
                  <Tooltip label="Editar">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Editar ${props.labelOf(row)}`}
                      onClick={() => props.onEdit(row)}
                    >
                      <PencilIcon />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Eliminar">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Eliminar ${props.labelOf(row)}`}
                      onClick={() => props.onDelete(row)}
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
  );
}

/** A phone's row buttons: one menu with 'Editar' and 'Eliminar'. */
function RowMenu<Doc extends Row>(props: CatalogueTableProps<Doc> & { row: Doc }) {
  const { row } = props;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" hiddenFrom="sm" aria-label={`Acciones de ${props.labelOf(row)}`}>
          <DotsIcon size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<PencilIcon />} onClick={() => props.onEdit(row)}>
          Editar
        </Menu.Item>
        <Menu.Item color="red" leftSection={<TrashIcon />} onClick={() => props.onDelete(row)}>
          Eliminar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** An editable cell: marked invalid (red, aria-invalid) with the rule's message below it. */
function InlineCell<Doc extends Row>(
  props: CatalogueTableProps<Doc> & { row: Doc; column: CatalogueColumn },
) {
  const { row, column, changes, invalid } = props;
  const error = invalid[row._id]?.[column.field];
  return (
    <TextInput
      size="xs"
      miw={160}
      aria-label={`${column.label} de ${props.labelOf(row)}`}
      value={String(changes[row._id]?.[column.field] ?? valueAt(row, column.field) ?? '')}
      onChange={(event) => props.onChangeCell(row, column.field, event.currentTarget.value)}
      error={error}
      classNames={{ error: classes.inlineError }}
    />
  );
}
