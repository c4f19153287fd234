import type ExcelJS from 'exceljs';
import {
  CONTRACT_FIELDS,
  CONTRACT_SHEET_COLUMNS,
  type FieldSpec,
  type Requirement,
  type SheetReading,
  sheetRequirement,
} from '../../../shared/contracts/fields';
import { choiceWords } from '../../../shared/contracts/sheet';
import { loadExcel } from '../../lib/excel';
import { REQUIRED_COLUMNS } from './sheet/headers';

/**
 * The template a monitor's staff fill in ('Descargar plantilla'; data-load-rules.md, 'Lifecycle'):
 * the original's codes C1..C34 in row 1 and its Spanish headers in row 2, drop-down lists on the
 * choice columns (words the import reads back), and a second sheet explaining each column with an
 * example. Built from the field definitions, so it never disagrees with the import.
 */

const FIRST_DATA_ROW = 3;

interface RangeValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}
const LAST_VALIDATED_ROW = 5_000;

const READING_HELP: Record<SheetReading, string> = {
  text: 'Texto.',
  url: 'Hipervínculo que empieza con http:// o https:// (o un enlace de la celda).',
  date: 'Fecha dd/mm/aaaa (o una celda de fecha de Excel).',
  amount: 'Monto en pesos, sin signo negativo: 1,234,567.89.',
  choice: 'Una de las opciones de la lista.',
  flag: 'Sí o No (vacío es No).',
  quarter: 'Trimestre y año: 1o 2019.',
  reference: 'Nombre tal como se registra; se crea si no existe.',
};

const REQUIREMENT_HELP: Record<Requirement | 'none', string> = {
  always: 'Sí',
  unlessEmpty: 'Sí, salvo en un registro sin procedimientos (C34 = Sí)',
  none: 'No',
};

const EXAMPLES: Record<SheetReading, string> = {
  text: '',
  url: 'https://www.ejemplo.gob.mx/documento.pdf',
  date: '15/03/2019',
  amount: '116,000.00',
  choice: '',
  flag: 'No',
  quarter: '1o 2019',
  reference: '',
};

/** The template workbook, as bytes of an .xlsx. */
export async function buildTemplate(): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  book.creator = 'Vigía';
  const sheet = book.addWorksheet('Contratos', { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.code));
  sheet.addRow(CONTRACT_SHEET_COLUMNS.map((column) => column.header));
  sheet.getRow(1).font = { bold: true, color: { argb: 'FF666666' } };
  sheet.getRow(2).font = { bold: true };
  sheet.getRow(2).alignment = { wrapText: true, vertical: 'top' };
  const required = new Set(REQUIRED_COLUMNS.map((column) => column.code));
  for (const [index, column] of CONTRACT_SHEET_COLUMNS.entries()) {
    const number = index + 1;
    sheet.getColumn(number).width = column.reading === 'text' || column.reading === 'url' ? 30 : 18;
    if (required.has(column.code))
      sheet.getCell(2, number).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    const words =
      column.reading === 'choice' ? choiceWords(column.code) : column.reading === 'flag' ? ['Sí', 'No'] : [];
    if (words.length === 0) continue;
    const letter = sheet.getColumn(number).letter;
    // One range per column: Excel applies a list validation to every cell of it. (exceljs has the
    // worksheet's dataValidations, but its types name only the per-cell one.)
    (sheet as unknown as RangeValidations).dataValidations.add(
      `${letter}${FIRST_DATA_ROW}:${letter}${LAST_VALIDATED_ROW}`,
      {
        type: 'list',
        allowBlank: true,
        formulae: [`"${words.join(',')}"`],
        showErrorMessage: false,
      },
    );
  }

  const help = book.addWorksheet('Instrucciones');
  help.addRow(['Código', 'Columna', 'Requerido', 'Qué escribir', 'Ejemplo']).font = { bold: true };
  for (const column of CONTRACT_SHEET_COLUMNS) {
    const spec: FieldSpec = CONTRACT_FIELDS[column.field];
    const requirement = sheetRequirement(column) ?? 'none';
    const options = column.reading === 'choice' ? ` Opciones: ${choiceWords(column.code).join(', ')}.` : '';
    help.addRow([
      column.code,
      column.header,
      REQUIREMENT_HELP[requirement],
      `${column.help ?? READING_HELP[column.reading]}${options}`,
      column.example ?? spec.example ?? EXAMPLES[column.reading],
    ]);
  }
  help.columns.forEach((column, index) => {
    column.width = [8, 45, 28, 60, 28][index];
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
