import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportDocument, ExportSection } from './document';
import { renderXlsx, sheetName } from './xlsx';

interface Contract {
  id: string;
  supplier: string;
  amount: number | null;
  date: string | null;
  url: string | null;
  count: number;
}

const contracts: Contract[] = Array.from({ length: 300 }, (_, i) => ({
  id: `CT-${i + 1}`,
  supplier: i === 0 ? 'Constructora Peña Muñoz SA de CV' : `Proveedor ${i + 1}`,
  amount: i === 0 ? 1234.56 : i === 1 ? -50 : i === 2 ? null : i * 10.25,
  date: i === 0 ? '2024-03-02' : i === 2 ? null : '2023-12-31',
  url: i === 0 ? 'https://compranet.gob.mx/contrato?id=1&a=ñ' : i === 1 ? 'sin enlace' : null,
  count: i * 1000,
}));

const contractSection: ExportSection<Contract> = {
  title: 'Contratos',
  total: contracts.length,
  rows: (async function* () {
    yield* contracts;
  })(),
  columns: [
    { header: 'NÚMERO', kind: 'text', value: (c) => c.id },
    { header: 'PROVEEDOR', kind: 'text', width: 40, value: (c) => c.supplier },
    { header: 'MONTO TOTAL', kind: 'money', value: (c) => c.amount },
    { header: 'FECHA', kind: 'date', value: (c) => c.date },
    { header: 'ENLACE', kind: 'url', value: (c) => c.url },
    { header: 'PARTIDAS', kind: 'count', value: (c) => c.count },
  ],
};

const supplierSection: ExportSection<{ name: string; total: number }> = {
  title: 'Proveedores: top/10 [según monto]',
  rows: [
    { name: 'Señalización Ágil', total: 999.5 },
    { name: 'Acme', total: 10 },
  ],
  columns: [
    { header: 'PROVEEDOR', kind: 'text', value: (s) => s.name },
    { header: 'MONTO', kind: 'money', value: (s) => s.total },
  ],
};

const doc: ExportDocument = {
  title: 'Contratos',
  organizationName: 'Municipio de Santa Lucía del Valle',
  // 21:00 of March 1st in Mexico City: the consultation day is the 1st, not the UTC 2nd.
  consultedAt: new Date('2024-03-02T03:00:00Z'),
  filters: [
    { label: 'Proveedor', values: ['Peña Muñoz', 'Acme'] },
    { label: 'Ejercicio', values: ['2024'] },
  ],
  summary: [
    { label: 'Monto total', value: 1234567.89, kind: 'money' },
    { label: 'Contratos', value: 12000, kind: 'count' },
  ],
  note: 'Los montos incluyen IVA.',
  sections: [contractSection, supplierSection],
};

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function load(stream: Readable): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await toBuffer(stream)) as unknown as ArrayBuffer);
  return workbook;
}

function columnA(sheet: ExcelJS.Worksheet): unknown[] {
  return sheet.getColumn(1).values.filter((value) => value !== undefined && value !== null);
}

describe('renderXlsx', () => {
  let workbook: ExcelJS.Workbook;
  beforeAll(async () => {
    workbook = await load(renderXlsx(doc));
  });

  it('names the sheets Resumen and one per section, as Excel allows', () => {
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Contratos',
      'Proveedores top 10 según monto',
    ]);
  });

  it('starts with a summary of what was consulted, filtered and summed', () => {
    const sheet = workbook.getWorksheet('Resumen')!;
    expect(sheet.getCell('A1').value).toBe('Contratos');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A1').font?.size).toBeGreaterThan(11);
    const texts = columnA(sheet);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Fecha de consulta: 01/03/2024',
        'Consultado en Vigía',
        'Municipio de Santa Lucía del Valle',
        'Filtrado por',
        'Los montos incluyen IVA.',
      ]),
    );
    const rowOf = (label: string) => {
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === label) found = row;
      });
      return found!;
    };
    expect(rowOf('Proveedor').getCell(2).value).toBe('Peña Muñoz, Acme');
    expect(rowOf('Ejercicio').getCell(2).value).toBe('2024');
    const money = rowOf('Monto total').getCell(2);
    expect(money.value).toBe(1234567.89);
    expect(money.numFmt).toBe('"$"#,##0.00;[Red]-"$"#,##0.00');
    expect(rowOf('Contratos').getCell(2).value).toBe(12000);
    expect(rowOf('Contratos').getCell(2).numFmt).toBe('#,##0');
  });

  it('says "Sin filtros" when nothing was filtered', async () => {
    const plain = await load(renderXlsx({ ...doc, filters: [], sections: [] }));
    expect(columnA(plain.getWorksheet('Resumen')!)).toContain('Sin filtros');
  });

  it('writes a frozen, filterable bold header and one row per contract', () => {
    const sheet = workbook.getWorksheet('Contratos')!;
    const header = sheet.getRow(1);
    expect(header.values).toEqual([
      undefined,
      'NÚMERO',
      'PROVEEDOR',
      'MONTO TOTAL',
      'FECHA',
      'ENLACE',
      'PARTIDAS',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:F1');
    expect(sheet.rowCount).toBe(301);
    expect(sheet.getCell('A301').value).toBe('CT-300');
    expect(sheet.getColumn(2).width).toBe(40);
  });

  it('keeps amounts, counts and dates as numbers and dates Excel can sum and sort', () => {
    const sheet = workbook.getWorksheet('Contratos')!;
    expect(sheet.getCell('B2').value).toBe('Constructora Peña Muñoz SA de CV');
    expect(sheet.getCell('C2').value).toBe(1234.56);
    expect(sheet.getCell('C2').numFmt).toContain('$');
    expect(sheet.getCell('C3').value).toBe(-50);
    expect(sheet.getCell('C4').value).toBeNull();
    const date = sheet.getCell('D2').value;
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe('2024-03-02T00:00:00.000Z');
    expect(sheet.getCell('D2').numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getCell('D4').value).toBeNull();
    expect(sheet.getCell('F3').value).toBe(1000);
    expect(sheet.getCell('F3').numFmt).toBe('#,##0');
  });

  it('makes web addresses clickable and leaves other texts as text', () => {
    const sheet = workbook.getWorksheet('Contratos')!;
    // The text as it was published; the link percent-encoded, as every spreadsheet program reads it.
    expect(sheet.getCell('E2').value).toEqual({
      text: 'https://compranet.gob.mx/contrato?id=1&a=ñ',
      hyperlink: 'https://compranet.gob.mx/contrato?id=1&a=%C3%B1',
    });
    expect(sheet.getCell('E3').value).toBe('sin enlace');
    expect(sheet.getCell('E4').value).toBeNull();
  });

  it('writes sections given as plain arrays', () => {
    const sheet = workbook.getWorksheet('Proveedores top 10 según monto')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getCell('A2').value).toBe('Señalización Ágil');
    expect(sheet.getCell('B2').value).toBe(999.5);
  });

  it('fails the stream, not the process, when reading rows fails', async () => {
    async function* failing() {
      yield contracts[0]!;
      throw new Error('conexión perdida');
    }
    const stream = renderXlsx({ ...doc, sections: [{ ...contractSection, rows: failing() }] });
    await expect(toBuffer(stream)).rejects.toThrow('conexión perdida');
  });

  it('reads rows only as fast as the client downloads, and stops when it goes away', {
    timeout: 15_000,
  }, async () => {
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 1;
          yield contracts[read % 300]!;
        }
      } finally {
        closed = true; // a database cursor would be released here
      }
    }
    const stream = renderXlsx({ ...doc, sections: [{ ...contractSection, rows: endless() }] });
    // Nobody reads: once the buffers are full the writer must wait, not buffer an endless file.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    let previous = -1;
    for (let attempt = 0; attempt < 40 && read !== previous; attempt += 1) {
      previous = read;
      await pause();
    }
    await pause();
    expect(read).toBe(previous);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(50_000);
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
  });

  it('streams 40,000 long rows (170 MB of sheet) without holding them in memory, nor running ahead of the zip', {
    timeout: 120_000,
  }, async () => {
    const rows = 40_000;
    // A long text per row, varied so that it compresses as a description does: rows produced
    // faster than the zip compresses them must wait for it, not pile up uncompressed (exceljs
    // alone let 2 GB of a 1,000,000-contract workbook do so).
    const words = Array.from({ length: 500 }, (_, i) => `palabra${(i * 7919) % 1009}`);
    const longText = (i: number) =>
      Array.from({ length: 400 }, (_, j) => words[(i * 31 + j * 17) % words.length]).join(' ');
    const section: ExportSection<{ id: number; text: string }> = {
      title: 'Largos',
      columns: [
        { header: 'NÚMERO', kind: 'count', value: (row) => row.id },
        { header: 'DESCRIPCIÓN', kind: 'text', value: (row) => row.text },
      ],
      rows: (async function* () {
        for (let i = 0; i < rows; i += 1) yield { id: i, text: longText(i) };
      })(),
    };
    // Buffers waiting in the zip are outside the V8 heap: count them too.
    const held = () => {
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.arrayBuffers;
    };
    const before = held();
    let peak = before;
    let bytes = 0;
    const stream = renderXlsx({ ...doc, sections: [section] });
    let head: Buffer | undefined;
    for await (const chunk of stream) {
      head ??= chunk as Buffer;
      bytes += (chunk as Buffer).length;
      peak = Math.max(peak, held());
    }
    expect(head?.subarray(0, 2).toString()).toBe('PK');
    expect(bytes).toBeGreaterThan(1_000_000);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('sheetName', () => {
  it('drops the characters Excel forbids, cuts at 31 and avoids duplicates', () => {
    const taken = new Set<string>(['resumen']);
    expect(sheetName('Contratos 2024/2025: obra [pública]', taken)).toBe('Contratos 2024 2025 obra públic');
    expect(sheetName('Resumen', taken)).toBe('Resumen (2)');
    expect(sheetName('???', taken)).toBe('Hoja');
    expect(sheetName("'Hoja'", taken)).toBe('Hoja (2)');
  });
});
