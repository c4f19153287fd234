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
  /** Widest the one-line cell grows (px, default 240); longer values end in '…' with a tooltip. */
  maxWidth?: number;
}

/** The value at a dotted path. */
export function valueAt(row: unknown, field: string): unknown {
  return field
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);
}

/** The value as one line of text (also the cell's tooltip), or null when empty. */
export function cellText(column: CatalogueColumn, row: unknown): string | null {
  const value = valueAt(row, column.field);
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'currency':
      return formatMoney(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'boolean':
      return value ? 'Sí' : 'No';
    case 'i18n':
      return column.labels?.[String(value)] ?? String(value);
    default:
      return String(value);
  }
}

export function renderCell(column: CatalogueColumn, row: unknown): ReactNode {
  const text = cellText(column, row);
  if (text === null)
    return (
      <Text span c="dimmed" fz="sm">
        —
      </Text>
    );
  // Identifiers: emphasised.
  if (column.type === 'highlight')
    return (
      <Text span fz="sm" fw={600} c="brand.7">
        {text}
      </Text>
    );
  return text;
}
