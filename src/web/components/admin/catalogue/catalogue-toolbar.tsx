import { Button, Checkbox, Group, Menu, TextInput } from '@mantine/core';
import type { CatalogueColumn } from './columns';

/** Above the grid: the search, the columns menu and the inline edit mode's buttons. */
export function CatalogueToolbar(props: {
  plural: string;
  search: string;
  onSearch(value: string): void;
  columns: CatalogueColumn[];
  hidden: Set<string>;
  onToggleColumn(field: string): void;
  inline: boolean;
  changed: number;
  canEdit: boolean;
  onToggleInline(): void;
  onSaveInline(): void;
}) {
  return (
    <Group justify="space-between" mb="md" gap="sm">
      <TextInput
        placeholder="Buscar"
        aria-label={`Buscar en ${props.plural.toLowerCase()}`}
        value={props.search}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
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
            {props.columns.map((column) => (
              <Menu.Item key={column.field} onClick={() => props.onToggleColumn(column.field)}>
                <Checkbox
                  label={column.label}
                  checked={!props.hidden.has(column.field)}
                  readOnly
                  tabIndex={-1}
                />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {props.inline ? (
          <>
            <Button size="sm" disabled={props.changed === 0} onClick={props.onSaveInline}>
              Guardar
            </Button>
            <Button size="sm" variant="default" onClick={props.onToggleInline}>
              Volver
            </Button>
          </>
        ) : (
          <Button size="sm" variant="light" onClick={props.onToggleInline} disabled={!props.canEdit}>
            Editar
          </Button>
        )}
      </Group>
    </Group>
  );
}
