import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { CONTRACT_SHEET_COLUMNS } from '../../../shared/contracts/fields';
import { type DataLoadField, ROW_FIELD_OF, type StagedExtra } from '../../../shared/schemas/data-load';
import { catchUp, loadExcel, ROWS_PER_CATCH_UP } from '../../lib/excel';
import { CORRECTIONS_MARK, CORRECTIONS_SHEET, extraCells } from './format-28/corrections';

/**
 * The validations download (data-load-rules.md, 'Lifecycle'): every row of the load with the 34
 * columns under the template's codes and headers, error cells pink and info cells light blue, each
 * with a note holding its messages, and a last column 'Errores' listing them. Written as a stream
 * (a load may have 200,000 rows), at the pace of its reader. Every value is written as text: a cell
 * starting with = + - or @ is a string in a text-formatted cell, never a formula Excel would run.
 * Uploading the file again (after fixing it) reads it like the template; a format-28 load's rows
 * also keep, in a hidden sheet, what they hold beside the cells (format-28/corrections.ts).
 */

const ERROR_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF8C8D8' } };
const INFO_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD6EAF8' } };
export const ERRORS_HEADER = 'Errores';

export interface ValidationRow {
  rowIndex: number;
  data: Record<string, DataLoadField>;
  /** What a format-28 row keeps beside its cells: written to a hidden sheet, so the file loads back whole. */
  extra?: StagedExtra | null;
}

/** Starts writing the workbook of `rows` (read page by page) and gives its bytes as a stream. */
export function writeValidations(rows: AsyncIterable<ValidationRow>): Readable {
  const out = new PassThrough();
  (async () => {
    const ExcelJS = await loadExcel();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet('Contratos', { views: [{ state: 'frozen', ySplit: 2 }] });
    sheet.columns = [
      ...CONTRACT_SHEET_COLUMNS.map((column) => ({
        width: column.reading === 'text' || column.reading === 'url' ? 30 : 18,
      })),
      { width: 60 },
    ];
    const codes = sheet.addRow([...CONTRACT_SHEET_COLUMNS.map((column) => column.code), '']);
    codes.font = { bold: true, color: { argb: 'FF666666' } };
    codes.commit();
    const headers = sheet.addRow([...CONTRACT_SHEET_COLUMNS.map((column) => column.header), ERRORS_HEADER]);
    headers.font = { bold: true };
    headers.commit();

    // A format-28 row's sub-tables and the rest, by the download's row number (decision 0050).
    const kept: (string | number)[][] = [];
    let written = 0;
    for await (const row of rows) {
      const line = sheet.addRow([]);
      if (row.extra) kept.push([line.number, ...extraCells(row.extra)]);
      const problems: string[] = [];
      CONTRACT_SHEET_COLUMNS.forEach((column, index) => {
        const field = row.data[ROW_FIELD_OF.get(column.code)!];
        const cell = line.getCell(index + 1);
        const value = field?.value;
        if (value !== null && value !== undefined && value !== '') {
          cell.value = String(value);
          cell.numFmt = '@';
        }
        const errors = field?.errors ?? [];
        const infos = field?.infos ?? [];
        if (errors.length > 0) {
          cell.fill = ERROR_FILL;
          problems.push(...errors.map((message) => `${column.code} ${column.header}: ${message}`));
        } else if (infos.length > 0) cell.fill = INFO_FILL;
        if (errors.length + infos.length > 0) cell.note = [...errors, ...infos].join('\n');
      });
      if (problems.length > 0) {
        const cell = line.getCell(CONTRACT_SHEET_COLUMNS.length + 1);
        cell.value = problems.join('\n');
        cell.numFmt = '@';
      }
      line.commit();
      // As fast as the zip and the visitor take them; a visitor who left stops the reading.
      written += 1;
      if (written % ROWS_PER_CATCH_UP === 0) await catchUp(out, sheet);
    }
    sheet.commit();
    if (kept.length > 0) {
      const hidden = book.addWorksheet(CORRECTIONS_SHEET, { state: 'hidden' });
      hidden.addRow([CORRECTIONS_MARK]).commit();
      for (const cells of kept) hidden.addRow(cells).commit();
      hidden.commit();
    }
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
