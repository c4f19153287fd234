import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

/**
 * The real format-28 workbooks of the tests (modules/data-load/fixtures/pnt/, with their
 * provenance), as published or changed the way a body or a person changes them.
 */

/** A published workbook's bytes, by its fixture name ('ceaa-2023-1'). */
export const pntFixture = (name: string): Buffer =>
  readFileSync(new URL(`../modules/data-load/fixtures/pnt/${name}.xlsx`, import.meta.url));

/** A published workbook opened with ExcelJS, changed (its main sheet handy), and written again. */
export async function changedPntFixture(
  name: string,
  change: (main: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(pntFixture(name) as unknown as ArrayBuffer);
  change(book.getWorksheet('Reporte de Formatos')!, book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The main sheet's column whose header (row 7) starts with this text (1-based, as ExcelJS counts). */
export function headerColumn(sheet: ExcelJS.Worksheet, header: string): number {
  const values = sheet.getRow(7).values as unknown[];
  const index = values.findIndex((value) => typeof value === 'string' && value.startsWith(header));
  if (index < 1) throw new Error(`No column ${header}`);
  return index;
}
