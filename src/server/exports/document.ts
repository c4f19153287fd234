/**
 * What a download contains, independent of its format. Modules (contracts, suppliers) build an
 * ExportDocument from their data; the renderers in this folder turn it into XLSX, PDF or JSON.
 */

export type CellKind = 'text' | 'money' | 'date' | 'count' | 'url';

/** One column of a table of rows. */
export interface ExportColumn<T> {
  /** Header as users read it, in Spanish ('MONTO TOTAL'). */
  header: string;
  kind: CellKind;
  /** Cell value: money and counts as numbers, dates as 'YYYY-MM-DD', texts and URLs as strings. */
  value: (row: T) => string | number | null;
  /** Relative width hint (characters); renderers may ignore it. */
  width?: number;
}

/** A table of rows (one per sheet in XLSX). */
export interface ExportSection<T> {
  /** Sheet name in XLSX (at most 31 characters) and table heading in PDF. */
  title: string;
  /** The PDF's heading when the sheet's name is not one a reader should see ('Registros-totales'). */
  heading?: string;
  columns: readonly ExportColumn<T>[];
  /** Rows, read once and in order; may be a stream of database batches (hundreds of thousands). */
  rows: AsyncIterable<T> | Iterable<T>;
  /** How many rows `rows` will yield, when known in advance (lets a PDF say that it was cut). */
  total?: number;
}

export interface ExportFilter {
  label: string;
  values: string[];
}

export interface ExportFigure {
  label: string;
  value: number;
  kind: 'money' | 'count';
}

export interface ExportDocument {
  /** Title of the document ('Contratos', 'Proveedores', 'Proveedor CONSTRUCTORA DEL VALLE SA DE CV'). */
  title: string;
  /** The monitor the data belongs to ('Municipio de Santa Lucía del Valle'). */
  organizationName: string;
  /** When the data was read: printed as 'Fecha de consulta: DD/MM/YYYY' (Mexico City day). */
  consultedAt: Date;
  /** Active filters, one line each; an empty list prints 'Sin filtros'. */
  filters: readonly ExportFilter[];
  /** Figures shown before the rows (the totals tiles of the screen). */
  summary: readonly ExportFigure[];
  /** One line saying what the sums include (the one rule for money). */
  note?: string;
  // biome-ignore lint/suspicious/noExplicitAny: sections hold rows of different types (a column reads its own row type).
  sections: readonly ExportSection<any>[];
}

/** Product name printed in documents. */
export const PRODUCT_NAME = 'Vigía';
