import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import {
  conceptOf,
  MAIN_CONCEPTS,
  type MainConcept,
  normaliseHeader,
  subTableSheetOf,
} from '../modules/data-load/format-28/headers';

/**
 * A generated format-28 workbook of the 2024 layout, as large as asked (the data-load benchmark,
 * and the test of a server killed while it confirms one): its headers taken from the published
 * fixture (semarnath-2024-1.xlsx); direct awards, tenders and invitations, companies and people, a
 * number missing now and then, a 'nothing to report' row every 500; and three sub-table rows per
 * row (two bidders and a budget line) under the row's number as its ID.
 */

/** The 2024 format-28 layout as published: the fixture's first seven rows and its sub-tables' headers. */
function format28Layout() {
  const fixture = XLSX.read(
    readFileSync(new URL('../modules/data-load/fixtures/pnt/semarnath-2024-1.xlsx', import.meta.url)),
  );
  const rowsOf = (name: string) =>
    XLSX.utils.sheet_to_json<unknown[]>(fixture.Sheets[name]!, { header: 1, defval: null, blankrows: true });
  const head = rowsOf('Reporte de Formatos').slice(0, 7);
  const headers = (head[6] ?? []).map((value) => (value === null ? '' : String(value)));
  const taken = new Set<MainConcept>();
  const concepts = headers.map((header) => {
    const concept = header ? conceptOf(MAIN_CONCEPTS, normaliseHeader(header), taken) : null;
    if (concept) taken.add(concept);
    return concept;
  });
  const sheetOf = (concept: MainConcept) => subTableSheetOf(headers[concepts.indexOf(concept)] ?? '')!;
  return { head, concepts, sheetOf, subHead: (name: string) => rowsOf(name).slice(0, 3) };
}

const F28_UNITS = [
  'Dirección General de Administración',
  'Subdirección de Recursos Materiales',
  'Dirección de Obras',
];
const F28_TYPES = [
  'Adjudicación directa',
  'Adjudicación directa',
  'Licitación pública',
  'Invitación a cuando menos tres personas',
];
const F28_CATEGORIES = [
  'Adquisiciones',
  'Servicios',
  'Arrendamientos',
  'Obra pública',
  'Servicios relacionados con obra pública',
];
const date = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Row `index` of a format-28 sheet, by concept; `run` makes its numbers and suppliers its own. */
function format28Row(index: number, run: string): Partial<Record<MainConcept, unknown>> {
  const base = { fiscalYear: 2024, periodStart: date('2024-07-01'), periodEnd: date('2024-09-30') };
  if (index % 500 === 0) return { ...base, notes: 'No se realizaron procedimientos en esta área.' };
  const supplier = index % 3_000;
  const person = supplier % 4 === 0;
  const amount = 1_000 + ((index * 7919) % 900_000) + (index % 100) / 100;
  return {
    ...base,
    procedureType: F28_TYPES[index % F28_TYPES.length],
    category: F28_CATEGORIES[index % F28_CATEGORIES.length],
    deserted: 'No',
    procedureNumber: `EXP-${run}-${index}`,
    description: `Servicio ${index}: ${index % 2 ? 'mantenimiento de vehículos oficiales' : 'material de oficina'}`,
    bidders: index,
    budgetLines: index,
    ...(person
      ? {
          supplierGivenNames: `Persona ${supplier}`,
          supplierFirstSurname: `F28${run}`,
          supplierSecondSurname: 'López',
        }
      : { supplierLegalName: `Proveedor F28 ${run} ${supplier} S.A. de C.V.` }),
    supplierRfc: person
      ? `PEFL${String(supplier).padStart(6, '0')}A${run.slice(0, 2)}`
      : `PFV${String(supplier).padStart(6, '0')}${run.slice(0, 3)}`,
    applicantArea: F28_UNITS[index % F28_UNITS.length],
    organizerArea: F28_UNITS[0],
    executingArea: F28_UNITS[(index + 1) % F28_UNITS.length],
    contractNumber: index % 50 === 7 ? null : `F28-${run}-${index}`,
    contractDate:
      index % 40 === 3 ? null : date(`2024-0${7 + (index % 3)}-${String(1 + (index % 28)).padStart(2, '0')}`),
    amountBeforeTax: Math.round((amount / 1.16) * 1e6) / 1e6,
    amountTotal: amount,
    amountMax: amount,
    contractUrl: `http://transparencia.example.gob.mx/f28/Contrato ${index}.pdf `,
    areaInCharge: 'Dirección General de Administración',
    updateDate: date('2024-10-15'),
  };
}

export async function format28Workbook(rows: number, run: string): Promise<Buffer> {
  const layout = format28Layout();
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const main = book.addWorksheet('Reporte de Formatos');
  for (const row of layout.head) main.addRow(row).commit();
  for (let index = 1; index <= rows; index++) {
    const cells = format28Row(index, run);
    main.addRow(layout.concepts.map((concept) => (concept ? (cells[concept] ?? null) : null))).commit();
  }
  main.commit();
  // Two bidders and one budget line per row, under the row's number as its ID.
  const bidders = book.addWorksheet(layout.sheetOf('bidders'));
  for (const row of layout.subHead(layout.sheetOf('bidders'))) bidders.addRow(row).commit();
  const lines = book.addWorksheet(layout.sheetOf('budgetLines'));
  for (const row of layout.subHead(layout.sheetOf('budgetLines'))) lines.addRow(row).commit();
  for (let index = 1; index <= rows; index++) {
    if (index % 500 === 0) continue;
    bidders
      .addRow([
        index,
        null,
        null,
        null,
        null,
        `Proveedor F28 ${run} ${index % 3_000} S.A. de C.V.`,
        `PFV${String(index % 3_000).padStart(6, '0')}${run.slice(0, 3)}`,
      ])
      .commit();
    bidders
      .addRow([
        index,
        'Rosa',
        'Competidora',
        'Ruiz',
        'Mujer',
        null,
        `CORR${String(index % 997).padStart(6, '0')}X1Z`,
      ])
      .commit();
    lines.addRow([index, 21_101 + (index % 9) * 100]).commit();
  }
  bidders.commit();
  lines.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
