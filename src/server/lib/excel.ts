import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a workbook is first written (an export, the template, a validations file)
 * rather than when the server starts: it takes about 30 MB, and most processes never write one.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
