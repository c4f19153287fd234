import { cleanCell } from '../../../../shared/contracts/sheet';

/**
 * What the load asks of a kind of sheet (a profile: the original's template, template-sheet.ts, is
 * the first): a reader that opens the uploaded file, recognises its layout (where its headers are,
 * which columns it has) and gives its data rows, each cell under the profile's column code. The
 * profile's other half, its mapping, reads such a row into the load's row (rows.ts for the template).
 * Reading the file, staging its rows and the load's lifecycle stay the same for every profile.
 */

/** A cell as the workbook holds it: its value and, for a hyperlink, its target. */
export interface RawCell {
  value: unknown;
  hyperlink?: string | null;
}

/** One data row of a sheet. */
export interface SheetRow {
  /** The Excel row number. */
  rowNumber: number;
  /** By the profile's column code: every column the sheet has, in the sheet's order (undefined when empty). */
  cells: Readonly<Record<string, RawCell | undefined>>;
  /**
   * Rows of other sheets this row links to by an ID (format 28's sub-tables), by the linking
   * column's code; absent for a profile without them.
   */
  linked?: Readonly<Record<string, LinkedRows>>;
  /** What the reader found for this row elsewhere in the file (a format-28 load's corrections: its sub-tables). */
  extra?: unknown;
}

/** What a row's link cell pointed to: the ID it held and the rows found under it (none: a dangling ID). */
export interface LinkedRows {
  id: string;
  rows: readonly Readonly<Record<string, unknown>>[];
}

export interface ReadLimits {
  maxRows: number;
  maxUncompressedBytes: number;
}

export interface OpenedSheet {
  /** How many data rows the file declares (the progress's total), or null when it does not say. */
  total: number | null;
  /** What the review says of the whole file (columns it ignored, say). */
  messages: string[];
  /**
   * The data rows one at a time, blank ones included (the load counts them, then skips them). A
   * problem of the whole file met on the way (too many rows, damaged past its start) throws
   * LoadFileError with its message.
   */
  rows: AsyncIterable<SheetRow>;
}

/** Opens an uploaded file as one kind of sheet, or gives the one error for the whole file. */
export type SheetReader = (file: Buffer, limits: ReadLimits) => Promise<OpenedSheet | { error: string }>;

/** A problem of the whole file found while its rows are read (the load reports its message). */
export class LoadFileError extends Error {}

/** Whether a row holds nothing at all (blank rows are skipped, not read). */
export function isBlankRow(row: SheetRow): boolean {
  for (const cell of Object.values(row.cells)) {
    const raw = cell?.value;
    if (raw !== null && raw !== undefined && cleanCell(String(raw)) !== '') return false;
  }
  return true;
}
