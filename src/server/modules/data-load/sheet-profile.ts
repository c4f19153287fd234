import { readFormat28Corrections, stageFormat28Correction } from './format-28/corrections';
import { type Format28Context, stageFormat28Row } from './format-28/mapping';
import { readFormat28Book } from './format-28/reader';
import { readRow } from './sheet/rows';
import type { OpenedSheet, ReadLimits, SheetRow } from './sheet/sheet-reader';
import { readTemplateBook } from './sheet/template-sheet';
import { type Book, openWorkbook } from './sheet/workbook';
import { type StagedRow, stageRow } from './staging';

/**
 * The kinds of sheet the load reads, each a profile: its reader (an opened workbook into data rows
 * of cells by column code, or null when the workbook is not of its kind) and its mapping (such a
 * row into the load's staged row, with the contract confirm writes). The file is opened once and
 * the profiles asked in turn; the template, the last, takes whatever the others did not. The
 * reading thread, the references, the review and confirm serve them all.
 */
export interface SheetProfile {
  read(book: Book, limits: ReadLimits): Promise<OpenedSheet | { error: string } | null>;
  stage(row: SheetRow, context: LoadContext): StagedRow;
}

/** What a row's mapping may need of the load and the monitor (format 28's administration period). */
export type LoadContext = Format28Context;

/** The national transparency platform's format 28 (format-28/: pnt-import-rules.md). */
export const FORMAT_28_PROFILE: SheetProfile = {
  read: readFormat28Book,
  stage: stageFormat28Row,
};

/** A format-28 load's validations download, corrected and uploaded again (format-28/corrections.ts). */
export const FORMAT_28_CORRECTIONS_PROFILE: SheetProfile = {
  read: readFormat28Corrections,
  stage: stageFormat28Correction,
};

/** The original's 34-column template: its cells read by rows.ts, its contract rules and staging applied. */
export const TEMPLATE_PROFILE: SheetProfile = {
  read: readTemplateBook,
  stage: (row) => stageRow(readRow(row)),
};

const PROFILES: readonly SheetProfile[] = [
  FORMAT_28_PROFILE,
  FORMAT_28_CORRECTIONS_PROFILE,
  TEMPLATE_PROFILE,
];

/** Opens an uploaded file as the first profile that recognises it, or gives the one error for the whole file. */
export async function openProfile(
  file: Buffer,
  limits: ReadLimits,
): Promise<{ profile: SheetProfile; sheet: OpenedSheet } | { error: string }> {
  const workbook = await openWorkbook(file, limits);
  if ('error' in workbook) return workbook;
  for (const profile of PROFILES) {
    const sheet = await profile.read(workbook.book, limits);
    if (sheet && 'error' in sheet) return sheet;
    if (sheet) return { profile, sheet };
  }
  throw new Error('the template profile takes every workbook');
}
