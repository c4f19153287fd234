import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CONTRACT_SHEET_COLUMNS } from '../../../shared/contracts/fields';
import { choiceWords, matchChoice } from '../../../shared/contracts/sheet';
import { row } from '../../test/data-load-rows';
import { checkContractRules } from './contract-rules';
import { readRow } from './sheet/rows';
import { readTemplateSheet } from './sheet/template-sheet';
import { buildTemplate } from './template';

const col = (code: string) => CONTRACT_SHEET_COLUMNS.findIndex((column) => column.code === code) + 1;

describe('the template download', () => {
  it('has the codes C1..C34, the Spanish headers and a sheet explaining every column', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildTemplate()) as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Contratos', 'Instrucciones']);
    const [sheet, help] = book.worksheets;
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual(
      CONTRACT_SHEET_COLUMNS.map((c) => c.code),
    );
    expect((sheet!.getRow(2).values as unknown[]).slice(1)).toEqual(
      CONTRACT_SHEET_COLUMNS.map((c) => c.header),
    );
    expect(help!.rowCount).toBe(CONTRACT_SHEET_COLUMNS.length + 1);
    expect((help!.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['C1', 'Tipo de procedimiento', 'Sí']);
    // The drop-down of the procedure type.
    const letter = sheet!.getColumn(col('C1')).letter;
    expect(sheet!.getCell(`${letter}3`).dataValidation).toMatchObject({ type: 'list' });
  });

  it("explains each column in its own words, and lists a choice's options as the review's error does", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildTemplate()) as unknown as ArrayBuffer);
    const help = book.getWorksheet('Instrucciones')!;
    const instructions = new Map<string, { what: string; example: string }>();
    help.eachRow((line, number) => {
      if (number > 1)
        instructions.set(String(line.getCell(1).value), {
          what: String(line.getCell(4).value),
          example: String(line.getCell(5).value ?? ''),
        });
    });
    expect(instructions.get('C16')).toEqual({
      what: 'RFC del proveedor, de 12 o 13 caracteres. Con él se busca primero al proveedor; sin RFC, o si no tiene un formato válido, se busca por su nombre.',
      example: 'LTO010101AB1',
    });
    expect(instructions.get('C15')!.what).toMatch(/^Nombre del proveedor/);
    expect(instructions.get('C1')!.what).toBe(
      'Una de las opciones de la lista. Opciones: Pública, Por invitación, Adjudicación Directa.',
    );
    // The review's error for a choice lists the very options the instructions give.
    for (const code of ['C1', 'C2', 'C8', 'C19']) {
      const [error] = row({ [code]: 'Otra cosa' }).cells[code]!.errors;
      const options = /Opciones: .*$/.exec(instructions.get(code)!.what)![0];
      expect(error, code).toBe(
        `El valor indicado no se encuentra en las opciones permitidas para este campo. ${options}`,
      );
    }
  });

  it('offers in each drop-down only words the import reads back, one per value', () => {
    for (const column of CONTRACT_SHEET_COLUMNS.filter((candidate) => candidate.reading === 'choice')) {
      const words = choiceWords(column.code);
      const values = words.map((word) => matchChoice(column, word));
      expect(values, column.code).toEqual(Object.keys(column.synonyms!));
      expect(`"${words.join(',')}"`.length, column.code).toBeLessThanOrEqual(255);
      for (const word of words) expect(word, column.code).not.toContain(',');
    }
    expect(choiceWords('C1')).toEqual(['Pública', 'Por invitación', 'Adjudicación Directa']);
  });

  it('loads once filled in, with the drop-down words', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buildTemplate()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const cells: Record<string, ExcelJS.CellValue> = {
      C1: choiceWords('C1')[2]!,
      C2: choiceWords('C2')[4]!,
      C3: '2018-2021',
      C4: '2019',
      C5: '1o 2019',
      C8: choiceWords('C8')[0]!,
      C11: 'Servicio de limpieza',
      C15: 'Limpieza Total, S.A. de C.V.',
      C17: 'Dirección de Administración',
      C18: 'Dirección de Administración',
      C19: choiceWords('C19')[0]!,
      C20: 'CTO-001',
      C21: '15/03/2019',
      C22: '116,000.00',
      C25: 116_000,
      C27: 'Dirección de Administración',
      C34: 'No',
    };
    for (const [code, value] of Object.entries(cells)) sheet.getCell(3, col(code)).value = value;
    const opened = await readTemplateSheet(Buffer.from(await book.xlsx.writeBuffer()), {
      maxRows: 10,
      maxUncompressedBytes: 10_000_000,
    });
    if ('error' in opened) throw new Error(opened.error);
    const rows = [];
    for await (const row of opened.rows) rows.push(readRow(row));
    expect(rows).toHaveLength(1);
    const { values } = checkContractRules(rows[0]!);
    const errors = Object.entries(rows[0]!.cells).filter(([, cell]) => cell.errors.length > 0);
    expect(errors).toEqual([]);
    expect(values).toMatchObject({ procedureType: 'NO_BID', totalOrMaxAmount: 116_000, isEmpty: false });
  });
});
