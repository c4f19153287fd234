/**
 * `npm run bench:pdf-draw [-- --rows 10000]`
 *
 * Draws the contracts PDF of `rows` generated rows (the list's ten PDF columns, texts of the
 * demonstration data's kind) in this thread, without database or worker, and prints the CPU
 * seconds of the drawing alone. Run it with `node --cpu-prof` (through tsx) to see where they go.
 */

import type { PdfPayload } from '../src/server/exports/pdf-draw';
import { renderPayload } from '../src/server/exports/pdf-worker';
import { option } from './support';

const rows = Number(option('rows') ?? 10_000);
const words = [
  'SUMINISTRO',
  'de',
  'material',
  'eléctrico',
  'para',
  'la',
  'rehabilitación',
  'del',
  'alumbrado',
  'público',
  'en',
  'colonias',
  'Señalización',
  'vial',
  'mantenimiento',
  'preventivo',
  'y',
  'correctivo',
  'parque',
  'vehicular',
  'adquisición',
  'papelería',
  'consumibles',
  'equipo',
  'cómputo',
  'obra',
  'pavimentación',
  'calle',
];
const pick = (i: number, n: number) =>
  Array.from({ length: n }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ');
const header = [
  'ID. PROCESO',
  'ID. CONTRATO',
  'PROVEEDOR',
  'DESCRIPCIÓN DE LA OBRA, BIEN O SERVICIO',
  'MONTO TOTAL O MÁXIMO',
  'FECHA DEL CONTRATO',
  'TIPO DE PROCEDIMIENTO',
  'ESTADO DEL PROCEDIMIENTO',
  'UNIDAD ADMINISTRATIVA SOLICITANTE',
  'MATERIA',
];
const kinds = ['text', 'text', 'text', 'text', 'money', 'date', 'text', 'text', 'text', 'text'] as const;
const widths = [18, 20, 34, 50, 18, 14, 20, 18, 30, 16];
const payload: PdfPayload = {
  title: 'Contratos',
  consulted: 'Fecha de consulta: 23/11/2026',
  organizationName: 'Municipio de Santa Lucía del Valle',
  product: 'Vigía',
  filters: ['Administración: 2018-2021, 2021-2024'],
  summary: [{ label: 'Monto total', value: '$1,234,567.89', kind: 'money' }],
  note: 'Los montos incluyen IVA.',
  cutMessage:
    'Este PDF muestra las primeras 10,000 filas de 70,000. Descarga el archivo XLSX o JSON para consultarlas todas.',
  sections: [
    {
      title: 'Contratos',
      columns: header.map((h, i) => ({ header: h, kind: kinds[i]!, width: widths[i]! })),
      rows: Array.from({ length: rows }, (_, i) => [
        `LP-MSL-${2018 + (i % 7)}-${String(i).padStart(4, '0')}`,
        `CONT-${String(i * 37).padStart(6, '0')}/${2018 + (i % 7)}`,
        `${pick(i, 3).toUpperCase()} SA DE CV`,
        pick(i, 8 + (i % 20)),
        `$${((i * 7919) % 9_000_000).toLocaleString('en-US')}.${String(i % 100).padStart(2, '0')}`,
        `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/2023`,
        ['Licitación pública', 'Invitación a cuando menos tres', 'Adjudicación directa'][i % 3]!,
        ['Concluido', 'En proceso', 'Desierto'][i % 3]!,
        `Dirección de ${pick(i + 3, 2)}`,
        ['Obra pública', 'Servicios', 'Adquisiciones'][i % 3]!,
      ]),
    },
  ],
};

await renderPayload(payload); // warm-up: fonts loaded, code compiled
for (let run = 1; run <= 3; run += 1) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pdf = await renderPayload(payload);
  const used = process.cpuUsage(cpu);
  console.log(
    `draw ${rows.toLocaleString('en-US')} rows: ${(pdf.length / 1024 / 1024).toFixed(1)} MB, CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, ` +
      `wall ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
}
