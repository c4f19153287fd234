import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { CatalogueColumn } from './columns';

export type Row = { _id: string } & Record<string, unknown>;
export type Draft = Record<string, unknown>;

export interface CatalogueConfig<Doc extends Row> {
  /** API path: /api/{path}/list… */
  path: string;
  /** 'Proveedores' → 'Catálogo de Proveedores'. */
  plural: string;
  newLabel: string;
  /** What an empty catalogue says (default 'Por ahora no hay {plural}.'). */
  emptyText?: string;
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
  /**
   * A second step once the entry is saved (a resource's image); its message is shown too, and the
   * list is read again afterwards.
   */
  afterSave?(doc: Doc, draft: Draft): Promise<string | undefined>;
}

/** The list's order: a server sort key (none: newest first) and its direction. */
export interface CatalogueSort {
  sort?: string;
  order: 'asc' | 'desc';
}
