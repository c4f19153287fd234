import { DATA_LOAD_MESSAGES } from '../../../../shared/schemas/data-load';

const TYPES = new Set([
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
  'application/csv',
  'text/plain',
]);

/**
 * The browser's check before an upload (admin spec, section 5; issue 30): a file, of the types of
 * .xlsx, .xls, .ods or .csv (the template or a format-28 workbook; the server tells them apart by
 * their content).
 */
export function fileProblem(file: File | null): string | null {
  if (!file) return DATA_LOAD_MESSAGES.noFile;
  const extension = /\.(xlsx?|ods|csv)$/i.test(file.name);
  // Some systems send no type for a spreadsheet: the name decides then (the server checks the content).
  if (!extension || (file.type !== '' && !TYPES.has(file.type))) return DATA_LOAD_MESSAGES.notSpreadsheet;
  return null;
}

/** The browser's check of an upload of several files (issue 30): up to 20, each a spreadsheet. */
export function filesProblem(files: readonly File[]): string | null {
  if (files.length === 0) return DATA_LOAD_MESSAGES.noFile;
  if (files.length > 20) return DATA_LOAD_MESSAGES.tooManyFiles;
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) return files.length > 1 ? `«${file.name}»: ${problem}` : problem;
  }
  return null;
}

export const ACCEPTED_TYPES =
  '.xls,.xlsx,.ods,.csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet,text/csv';
