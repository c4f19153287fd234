import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { CORRUPT_WORKBOOK, openWorkbook, TOO_LARGE_UNCOMPRESSED } from './workbook';

const LIMITS = { maxRows: 1_000, maxUncompressedBytes: 50_000_000 };

/** SheetJS's zip writer (its CFB library), enough of it to build an .ods by hand. */
const CFB = (
  XLSX as unknown as {
    CFB: {
      utils: { cfb_new(options: object): unknown; cfb_add(zip: unknown, name: string, data: Buffer): void };
      write(zip: unknown, options: object): Uint8Array;
    };
  }
).CFB;

/** A zip of these parts, the mimetype first, as LibreOffice writes an .ods. */
function zipOf(parts: Record<string, string>): Buffer {
  const zip = CFB.utils.cfb_new({ root: 'R' });
  for (const [name, text] of Object.entries(parts)) CFB.utils.cfb_add(zip, name, Buffer.from(text));
  return Buffer.from(CFB.write(zip, { fileType: 'zip', type: 'buffer', compression: true }));
}
const MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** An .ods holding `body` as its spreadsheet. */
function ods(body: string): Buffer {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3">
  <office:body><office:spreadsheet>${body}</office:spreadsheet></office:body>
</office:document-content>`;
  return zipOf({ mimetype: MIMETYPE, 'content.xml': content });
}

async function rowsOf(file: Buffer, sheet?: string) {
  const opened = await openWorkbook(file, LIMITS);
  if ('error' in opened) throw new Error(opened.error);
  const rows: { number: number; cells: unknown[] }[] = [];
  for await (const row of opened.book.rows(sheet))
    rows.push({
      number: row.number,
      cells: [0, 1, 2, 3].map((index) => {
        const cell = row.cellAt(index);
        return cell?.hyperlink ? { value: cell.value, link: cell.hyperlink } : cell?.value;
      }),
    });
  return { names: opened.book.sheetNames, kind: opened.book.kind, rows };
}

describe('an .ods, streamed', () => {
  it('reads each table by name: typed values, text with its spaces and lines, links, repeated cells and rows', async () => {
    const file = ods(`
      <table:table table:name="Tabla_579236">
        <table:table-row><table:table-cell office:value-type="string"><text:p>ID</text:p></table:table-cell></table:table-row>
        <table:table-row><table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell>
          <table:table-cell office:value-type="string"><text:p>Gapodhi</text:p></table:table-cell></table:table-row>
      </table:table>
      <table:table table:name="Reporte de Formatos">
        <table:table-column table:number-columns-repeated="4"/>
        <table:table-row>
          <table:table-cell office:value-type="string" calcext:value-type="string"><text:p>Ejercicio</text:p></table:table-cell>
          <table:table-cell table:number-columns-spanned="2" office:value-type="string"><text:p>Monto<text:s text:c="2"/>total</text:p></table:table-cell>
          <table:covered-table-cell/>
          <table:table-cell office:value-type="string"><text:p>Hipervínculo</text:p></table:table-cell>
        </table:table-row>
        <table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
        <table:table-row>
          <table:table-cell office:value-type="date" office:date-value="2024-07-01"><text:p>01/07/2024</text:p></table:table-cell>
          <table:table-cell office:value-type="currency" office:currency="MXN" office:value="1234.5"><text:p>$1,234.50</text:p></table:table-cell>
          <table:table-cell><text:p>Primera línea</text:p><text:p>segunda<text:tab/>línea</text:p></table:table-cell>
          <table:table-cell office:value-type="string"><text:p><text:a xlink:href="https://example.gob.mx/contrato 1.pdf">Ver</text:a></text:p></table:table-cell>
        </table:table-row>
        <table:table-row table:number-rows-repeated="2">
          <table:table-cell table:number-columns-repeated="2" office:value-type="float" office:value="7"><text:p>7</text:p></table:table-cell>
          <table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>VERDADERO</text:p></table:table-cell>
        </table:table-row>
        <table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
      </table:table>`);
    const main = await rowsOf(file, 'Reporte de Formatos');
    expect(main.kind).toBe('ods');
    expect(main.names).toEqual(['Tabla_579236', 'Reporte de Formatos']);
    expect(main.rows).toEqual([
      { number: 1, cells: ['Ejercicio', 'Monto  total', undefined, 'Hipervínculo'] },
      {
        number: 5,
        cells: [
          new Date('2024-07-01T00:00:00Z'),
          1234.5,
          'Primera línea\nsegunda\tlínea',
          { value: 'Ver', link: 'https://example.gob.mx/contrato 1.pdf' },
        ],
      },
      { number: 6, cells: [7, 7, true, undefined] },
      { number: 7, cells: [7, 7, true, undefined] },
    ]);
    // The first table when none is named.
    expect((await rowsOf(file)).rows.map((row) => row.cells[1])).toEqual([undefined, 'Gapodhi']);
  });

  it('refuses an .ods without its content, and stops at what content.xml really inflates to', async () => {
    expect(await openWorkbook(zipOf({ mimetype: MIMETYPE }), LIMITS)).toEqual({ error: CORRUPT_WORKBOOK });
    // Within the limit by its directory, past it once inflated on the first pass (the sheets' names).
    const big = ods(
      `<table:table table:name="Hoja1">${'<table:table-row><table:table-cell office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>'.repeat(2_000)}</table:table>`,
    );
    expect(await openWorkbook(big, { ...LIMITS, maxUncompressedBytes: 100_000 })).toEqual({
      error: TOO_LARGE_UNCOMPRESSED,
    });
    // And when the table is read.
    const small = await openWorkbook(big, { ...LIMITS, maxUncompressedBytes: 10_000_000 });
    if ('error' in small) throw new Error(small.error);
    let rows = 0;
    for await (const _row of small.book.rows()) rows++;
    expect(rows).toBe(2_000);
  });
});
