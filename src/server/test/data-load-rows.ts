import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../shared/contracts/fields';
import type { App } from '../app';
import { readRow } from '../modules/data-load/sheet/rows';
import type { RawCell, SheetRow } from '../modules/data-load/sheet/sheet-reader';

/** The cells of a valid row of the template, by code (the API tests build workbooks from them too). */
export const VALID_CELLS: Readonly<Record<string, unknown>> = {
  C1: 'Adjudicación directa',
  C2: 'Servicios',
  C3: '2018-2021',
  C4: '2019',
  C5: '1º trimestre 2019',
  C6: 'AD-2019-001',
  C8: 'Concluido',
  C11: 'Servicio de limpieza',
  C15: 'Limpieza Total, S.A. de C.V.',
  C16: 'LTO010101AB1',
  C17: 'Dirección de Administración',
  C18: 'Dirección de Administración',
  C19: 'Centralizada',
  C20: 'CTO-001',
  C21: new Date(Date.UTC(2019, 2, 15)),
  C22: 116_000,
  C25: 116_000,
  C27: 'Dirección de Administración',
};

/** A valid row of the template, by code; `changes` replace cells (a RawCell for a hyperlink). */
export function row(changes: Record<string, unknown> = {}) {
  const cells: Record<string, unknown> = { ...VALID_CELLS, ...changes };
  return readRow(sheetRow(3, cells));
}

/** A data row of the template with all its columns C1..C34, from values by code (a RawCell for a hyperlink). */
export function sheetRow(rowNumber: number, values: Record<string, unknown>): SheetRow {
  const cells: Record<string, RawCell> = {};
  for (const { code } of CONTRACT_SHEET_COLUMNS) {
    const cell = values[code];
    cells[code] = cell && typeof cell === 'object' && 'value' in cell ? (cell as RawCell) : { value: cell };
  }
  return { rowNumber, cells };
}

/** A workbook as the template lays it out (codes, then headers), one row per object of cells by code. */
export async function workbook(rows: Record<string, unknown>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contratos');
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.code));
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.header));
  for (const row of rows) sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => row[column.code] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An upload's multipart body: the optional load to correct, then the file. */
export function multipart(
  file: Buffer | null,
  options: { idDataLoad?: string; name?: string; administrationPeriod?: string } = {},
) {
  const boundary = '----vigia-carga';
  const parts: Buffer[] = [];
  if (options.administrationPeriod !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="administrationPeriod"\r\n\r\n${options.administrationPeriod}\r\n`,
      ),
    );
  if (options.idDataLoad)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="idDataLoad"\r\n\r\n${options.idDataLoad}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'contratos.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** An upload's multipart body of several files under the field 'file', and optional text fields. */
export function multipartFiles(files: { name: string; data: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = '----vigia-carga-varias';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a workbook of these rows as the monitor's load and waits until it is read (202 expected). */
export async function uploadRows(app: App, headers: Record<string, string>, rows: Record<string, unknown>[]) {
  const { payload, contentType } = multipart(await workbook(rows));
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/data-load/upload',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  await app.deps.jobs.idle(60_000);
}
