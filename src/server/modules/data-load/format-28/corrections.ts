import { z } from 'zod';
import { AmendmentSchema, emptyRelations, PartySchema } from '../../../../shared/contracts/relations';
import type { StagedExtra } from '../../../../shared/schemas/data-load';
import { readRow } from '../sheet/rows';
import type { OpenedSheet, ReadLimits, SheetRow } from '../sheet/sheet-reader';
import { readTemplateBook } from '../sheet/template-sheet';
import type { Book } from '../sheet/workbook';
import type { StagedRow } from '../staging';
import { FORMAT_28_OPTIONAL, stageFormat28Reading } from './mapping';

/**
 * The corrections of a format-28 load (decision 0050): the validations download is in the
 * template's layout, and carries in a hidden sheet what its format-28 rows keep beside the cells
 * (their sub-tables, executing area and contract type), each under the download's row number. Such
 * a file, fixed and uploaded again, is read as the template and staged under the format's rules,
 * each row with what the hidden sheet keeps for it.
 */

export const CORRECTIONS_SHEET = 'Formato 28 (Vigía)';
/** The hidden sheet's first cell, so that a sheet of that name written by someone else is not taken. */
export const CORRECTIONS_MARK = 'vigia:formato-28:1';
/** Excel's limit on a cell's text; a longer value goes on in the next cells. */
export const CELL_TEXT = 32_000;
export const CORRECTIONS_MESSAGE =
  'Correcciones de una carga del Formato 28: se conservaron los participantes, convenios y demás datos de cada registro.';
export const EXTRA_LOST_INFO =
  'No se pudieron leer los participantes y convenios de este registro en la hoja oculta del archivo: se cargará sin ellos.';

const party = PartySchema.extend({ quoteAmount: z.number().nullable().optional() });
const ExtraSchema = z.object({
  format: z.literal('FORMAT_28'),
  related: z.object({
    bidders: z.array(party),
    invited: z.array(PartySchema),
    clarificationAttendees: z.array(PartySchema),
    clarificationOfficials: z.array(PartySchema.extend({ post: z.string().nullable() })),
    beneficialOwners: z.array(z.object({ name: z.string().trim().min(1).max(500) })),
    budgetLines: z.array(z.object({ code: z.string().trim().min(1).max(100) })),
    amendments: z.array(AmendmentSchema),
  }),
  executingArea: z.string().max(1_000).nullable(),
  contractType: z.enum(['NORMAL', 'OPEN']).nullable(),
});

/** The hidden sheet's rows: a row number, then the JSON of what the row keeps (over as many cells as it needs). */
export function extraCells(extra: StagedExtra): string[] {
  const json = JSON.stringify(extra);
  const cells: string[] = [];
  for (let start = 0; start < json.length; start += CELL_TEXT)
    cells.push(json.slice(start, start + CELL_TEXT));
  return cells;
}

/** A validations download of a format-28 load, or null when the workbook is not one. */
export async function readFormat28Corrections(
  book: Book,
  limits: ReadLimits,
): Promise<OpenedSheet | { error: string } | null> {
  if (!book.sheetNames.includes(CORRECTIONS_SHEET)) return null;
  const extras = new Map<number, unknown>();
  let marked = false;
  for await (const row of book.rows(CORRECTIONS_SHEET)) {
    if (row.number === 1) {
      marked = row.cellAt(0)?.value === CORRECTIONS_MARK;
      if (!marked) break;
      continue;
    }
    let json = '';
    for (let column = 1; typeof row.cellAt(column)?.value === 'string'; column++)
      json += row.cellAt(column)!.value as string;
    try {
      extras.set(Number(row.cellAt(0)?.value), JSON.parse(json));
    } catch {
      extras.set(Number(row.cellAt(0)?.value), null);
    }
    if (extras.size > limits.maxRows) break;
  }
  if (!marked) return null;
  const sheet = await readTemplateBook(book, limits);
  if ('error' in sheet) return sheet;
  return {
    ...sheet,
    messages: [CORRECTIONS_MESSAGE, ...sheet.messages],
    rows: (async function* () {
      for await (const row of sheet.rows) yield { ...row, extra: extras.get(row.rowNumber) };
    })(),
  };
}

/** A corrected row: read as the template, staged under format 28's rules with what it kept. */
export function stageFormat28Correction(row: SheetRow): StagedRow {
  const reading = readRow(row, FORMAT_28_OPTIONAL);
  const parsed = row.extra === undefined ? null : ExtraSchema.safeParse(row.extra);
  if (parsed && !parsed.success) reading.cells.C6?.infos.push(EXTRA_LOST_INFO);
  const extra: StagedExtra = parsed?.success
    ? parsed.data
    : { format: 'FORMAT_28', related: emptyRelations(), executingArea: null, contractType: null };
  return stageFormat28Reading(reading, extra);
}
