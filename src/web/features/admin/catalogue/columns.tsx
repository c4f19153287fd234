import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../shared/format/dates';
import { formatMoney } from '../../../../shared/format/money';

/** How a column shows its value (spec: currency, i18n, boolean, highlight, date). */
export type ColumnType = 'text' | 'currency' | 'i18n' | 'boolean' | 'highlight' | 'date';

export interface CatalogueColumn {
  /** Dotted path into the row (`supplier.name`). */
  field: string;
  label: string;
  type?: ColumnType;
  /** Labels of coded values, for `i18n` columns. */
  labels?: Record<string, string>;
  /** Shown until the user hides it (createdAt of contracts starts hidden). */
  visible?: boolean;
  /** The server can sort by it (its sort key). */
  sort?: string;
  /** Editable in the inline edit mode, as text. */
  inline?: boolean;
  /** Long texts (descriptions, links) wrap within this width instead of stretching the table. */
  maxWidth?: number;
}

/** The value at a dotted path. */
export function valueAt(row: unknown, field: string): unknown {
  return field
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);
}

export function renderCell(column: CatalogueColumn, row: unknown): ReactNode {
  const value = valueAt(row, column.field);
  if (value === null || value === undefined || value === '') return <Text c="dimmed">—</Text>;
  switch (column.type) {
    case 'currency':
      return formatMoney(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'boolean':
      return value ? 'Sí' : 'No';
    case 'i18n':
      return column.labels?.[String(value)] ?? String(value);
    case 'highlight':
      // Identifiers: emphasised, never cut (a badge would truncate long contract numbers).
      return (
        <Text span fz="sm" fw={600} c="var(--mantine-primary-color-filled)" style={{ whiteSpace: 'nowrap' }}>
          {String(value)}
        </Text>
      );
    default:
      return String(value);
  }
}
