import { readRow } from './sheet/rows';
import type { SheetReader, SheetRow } from './sheet/sheet-reader';
import { readTemplateSheet } from './sheet/template-sheet';
import { type StagedRow, stageRow } from './staging';

/**
 * A kind of sheet the load reads: its reader (the uploaded file into data rows of cells by column
 * code, sheet/sheet-reader.ts) and its mapping (such a row into the load's staged row, with the
 * contract confirm writes). Another kind (format 28 of the national platform, say) is another
 * profile; the reading thread, the references, the review and confirm serve them all.
 */
export interface SheetProfile {
  read: SheetReader;
  stage(row: SheetRow): StagedRow;
}

/** The original's 34-column template: its cells read by rows.ts, its contract rules and staging applied. */
export const TEMPLATE_PROFILE: SheetProfile = {
  read: readTemplateSheet,
  stage: (row) => stageRow(readRow(row)),
};
