import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { excelSerialDate, InflatedTooLarge, isDateFormat, type XlsxRow, xlsxRows } from './xlsx-rows';

/** A zip of `files` (deflated), as spreadsheet programs write them; `lie` understates every size. */
function zip(files: Record<string, string>, lie = false): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const size = lie ? 10 : data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const STYLES = `<?xml version="1.0" encoding="UTF-8"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
  <numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0.00"/></numFmts>
  <cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165"/><xf numFmtId="14"><alignment/></xf></cellXfs>
</styleSheet>`;

function book(sheet: string, extra: Record<string, string> = {}) {
  return zip({
    'xl/workbook.xml': '<workbook><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/styles.xml': STYLES,
    'xl/sharedStrings.xml': `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3">
      <si><t>Servicio de limpieza</t></si>
      <si><r><t>Obra </t></r><r><rPr><b/></rPr><t xml:space="preserve">pública &amp; más</t></r><rPh sb="0" eb="1"><t>オ</t></rPh></si>
      <si><t/></si>
    </sst>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?>
      <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ...extra,
  });
}

async function read(file: Buffer, maxBytes = 10_000_000): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const row of xlsxRows(file, new Map([['B3', 'https://example.org/a.pdf']]), maxBytes))
    rows.push(row);
  return rows;
}

const values = (row: XlsxRow, count: number) =>
  Array.from({ length: count }, (_, index) => row.cellAt(index)?.value);

describe('the first worksheet of an .xlsx, read with a SAX parser', () => {
  it('gives every kind of cell as its plain value', async () => {
    const rows = await read(
      book(`
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>99</v></c></row>
      <row r="3">
        <c r="A3" s="1"><v>43539</v></c><c r="B3" t="str"><f>A1</f><v>texto de fórmula</v></c>
        <c r="C3"><f>1+1</f><v>2</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="e"><v>#N/A</v></c>
        <c r="F3" t="inlineStr"><is><t>en línea</t></is></c><c r="G3" s="2"><v>1500.5</v></c><c r="H3" s="3"><v>43539.5</v></c>
        <c r="I3" t="d"><v>2019-03-15T00:00:00Z</v></c><c r="J3" s="1"/><c r="K3"><f>Otro.xlsx!A1</f></c>
      </row>
      <row r="4"/>`),
    );
    expect(rows.map((row) => row.number)).toEqual([1, 3]);
    expect(values(rows[0]!, 5)).toEqual(['Servicio de limpieza', 'Obra pública & más', '', null, null]);
    expect(values(rows[1]!, 11)).toEqual([
      new Date(Date.UTC(2019, 2, 15)),
      'texto de fórmula',
      2,
      true,
      '#N/A',
      'en línea',
      1500.5,
      new Date(Date.UTC(2019, 2, 15, 12)),
      new Date(Date.UTC(2019, 2, 15)),
      null,
      null,
    ]);
    // The hyperlink targets read apart are given with their cell.
    expect(rows[1]!.cellAt(1)).toEqual({ value: 'texto de fórmula', hyperlink: 'https://example.org/a.pdf' });
  });

  it('places cells and rows without references one after another, and reads prefixed tags', async () => {
    const rows = await read(
      book(`<row><c t="s"><v>0</v></c><c><v>5</v></c></row><row><c r="C2"><v>7</v></c><c><v>8</v></c></row>`),
    );
    expect(rows.map((row) => [row.number, ...values(row, 4)])).toEqual([
      [1, 'Servicio de limpieza', 5, null, null],
      [2, null, null, 7, 8],
    ]);
    const prefixed = zip({
      'xl/worksheets/sheet1.xml':
        '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="2"><x:c r="A2" t="inlineStr"><x:is><x:t>hola</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>',
    });
    expect((await read(prefixed)).map((row) => [row.number, row.cellAt(0)?.value])).toEqual([[2, 'hola']]);
  });

  it('counts dates from 1904 when the workbook says so', async () => {
    const rows = await read(
      book('<row r="1"><c r="A1" s="1"><v>0</v></c></row>', {
        'xl/workbook.xml': '<workbook><workbookPr date1904="1"/></workbook>',
      }),
    );
    expect(rows[0]!.cellAt(0)?.value).toEqual(new Date(Date.UTC(1904, 0, 1)));
  });

  it('stops a zip whose directory understates what it inflates to', async () => {
    const big = `<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(200_000)}</t></is></c></row>`;
    await expect(read(book(big), 100_000)).rejects.toThrow(InflatedTooLarge);
    await expect(
      read(
        zip({ 'xl/worksheets/sheet1.xml': `<worksheet><sheetData>${big}</sheetData></worksheet>` }, true),
        100_000,
      ),
    ).rejects.toThrow(InflatedTooLarge);
  });

  it('fails on broken XML instead of guessing', async () => {
    await expect(read(book('<row r="1"><c r="A1"><v>1</c></row>'))).rejects.toThrow();
  });

  it('tells date formats from others', () => {
    expect(
      ['dd/mm/yyyy', 'd-mmm-yy', '[$-080A]dddd, d "de" mmmm "de" yyyy', 'h:mm', 'DD/MM/YYYY'].map(
        isDateFormat,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(['General', '"$"#,##0.00', '0.00%', '#,##0 "días"', '[Red]0.00', '@'].map(isDateFormat)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(excelSerialDate(43539, false)).toEqual(new Date(Date.UTC(2019, 2, 15)));
  });
});
