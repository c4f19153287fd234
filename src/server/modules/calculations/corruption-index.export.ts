import type { Readable } from 'node:stream';
import { displayResult } from '../../../shared/calculations/display';
import type { CorruptionIndexData } from '../../../shared/schemas/calculations';
import type { ExportColumn, ExportDocument } from '../../exports/document';
import { renderJson } from '../../exports/json';
import type { ExportFiles } from '../../exports/send';
import type { AppDeps, OrganizationRow } from '../../types';
import { documentHead, jsonHead } from '../contracts/contracts.export';
import { corruptionIndex } from './corruption-index.service';

/**
 * The index page as a download (public spec: pdf, xls, json with the wait dialog; the original's
 * sheets 'Registros-totales' and 'Registros-detalle', original-calculations.md §5.6, with our
 * fixes: accented headers, and the PDF's tables headed by what they hold): every calculation of
 * the page with its kind, formula, result as the page shows it and level; every variable behind
 * them with its value; the XXVIII formats by quarter. The numbers are the page's (the same
 * service), computed now.
 */

type CalculationLine = {
  kind: string;
  abbreviation: string;
  name: string;
  description: string;
  expression: string;
  result: string;
  level: string;
};

type VariableLine = { abbreviation: string; name: string; description: string; value: number | null };

const CALCULATION_COLUMNS: ExportColumn<CalculationLine>[] = [
  { header: 'TIPO', kind: 'text', value: (row) => row.kind, width: 12 },
  { header: 'ABREVIACIÓN', kind: 'text', value: (row) => row.abbreviation, width: 10 },
  { header: 'NOMBRE DEL CÁLCULO', kind: 'text', value: (row) => row.name, width: 30 },
  { header: 'DESCRIPCIÓN DEL CÁLCULO', kind: 'text', value: (row) => row.description, width: 44 },
  { header: 'FÓRMULA', kind: 'text', value: (row) => row.expression, width: 30 },
  { header: 'RESULTADO', kind: 'text', value: (row) => row.result, width: 12 },
  { header: 'PROBABILIDAD', kind: 'text', value: (row) => row.level, width: 12 },
];

const VARIABLE_COLUMNS: ExportColumn<VariableLine>[] = [
  { header: 'ABREVIACIÓN', kind: 'text', value: (row) => row.abbreviation, width: 10 },
  { header: 'NOMBRE', kind: 'text', value: (row) => row.name, width: 34 },
  { header: 'DESCRIPCIÓN', kind: 'text', value: (row) => row.description, width: 60 },
  {
    header: 'VALOR',
    kind: 'text',
    value: (row) => (row.value === null ? '---' : String(row.value)),
    width: 16,
  },
];

type QuarterLine = { period: string; formats: number; onTime: number; deadline: string | null };
const QUARTER_COLUMNS: ExportColumn<QuarterLine>[] = [
  { header: 'TRIMESTRE', kind: 'text', value: (row) => row.period, width: 12 },
  { header: 'FECHA LÍMITE', kind: 'date', value: (row) => row.deadline, width: 14 },
  { header: 'FORMATOS', kind: 'count', value: (row) => row.formats, width: 12 },
  { header: 'A TIEMPO', kind: 'count', value: (row) => row.onTime, width: 12 },
];

/** Every calculation of the page, the index first, then its axes each followed by its indicators, then the rest. */
export function calculationLines(data: CorruptionIndexData): CalculationLine[] {
  const line = (
    kind: string,
    item: Omit<CalculationLine, 'kind' | 'result' | 'level'> & {
      result: number | null;
      displayForm: 'NORMAL' | 'AMOUNT' | 'PERCENTAGE';
    },
    level = '',
  ): CalculationLine => ({
    kind,
    abbreviation: item.abbreviation,
    name: item.name,
    description: item.description,
    expression: item.expression,
    result: displayResult(item.result, item.displayForm),
    level,
  });
  const index = data.corruptionIndex;
  return [
    ...(index
      ? [
          line(
            'Índice',
            index,
            index.level
              ? `${index.level} (probabilidad ${index.probability?.toLowerCase()})`
              : 'Datos insuficientes',
          ),
        ]
      : []),
    ...data.axes.flatMap((axis) => [
      line('Eje', axis),
      ...axis.indicators.map((indicator) => line('Indicador', indicator)),
    ]),
    ...data.calculationsInfo.map((item) => line('Otro cálculo', item)),
  ];
}

/** Every variable behind the index's indicators, once, in the order they first appear. */
function variableLines(data: CorruptionIndexData): VariableLine[] {
  const seen = new Map<string, VariableLine>();
  for (const axis of data.axes)
    for (const indicator of axis.indicators)
      for (const variable of indicator.variables)
        if (!seen.has(variable.abbreviation)) seen.set(variable.abbreviation, variable);
  return [...seen.values()];
}

export async function corruptionIndexExport(
  deps: AppDeps,
  organization: OrganizationRow,
  administrationPeriod: string | undefined,
): Promise<ExportFiles> {
  // A download's figures are the current data's (decision 0030).
  const data = await deps.cache.fresh(() => corruptionIndex(deps, organization, administrationPeriod));
  const consultedAt = deps.now();
  const filters = data.administrationPeriod
    ? [{ label: 'Administración', values: [data.administrationPeriod] }]
    : [];
  const quarters = data.axes.flatMap((axis) => axis.indicators).find((item) => item.formats)?.formats ?? [];
  const title = `Índice de riesgo de corrupción${data.administrationPeriod ? ` (${data.administrationPeriod})` : ''}`;
  return {
    document: (): ExportDocument => ({
      ...documentHead(organization, consultedAt, filters),
      title,
      note: data.insufficientData
        ? `Datos insuficientes: el periodo tiene ${data.concludedContracts} contratos concluidos que cuentan en los totales; el índice pide al menos ${data.minimumContracts}. Versión del método: ${data.methodVersion}.`
        : `Versión del método: ${data.methodVersion}. Cada indicador va de 0 (alto riesgo) a 100 (bajo riesgo).`,
      summary: [
        {
          label: 'Contratos concluidos que cuentan en los totales',
          value: data.concludedContracts,
          kind: 'count',
        },
      ],
      sections: [
        {
          title: 'Registros-totales',
          heading: 'Cálculos del índice',
          columns: CALCULATION_COLUMNS,
          rows: calculationLines(data),
        },
        {
          title: 'Registros-detalle',
          heading: 'Variables de los indicadores',
          columns: VARIABLE_COLUMNS,
          rows: variableLines(data),
        },
        ...(quarters.length ? [{ title: 'Formatos XXVIII', columns: QUARTER_COLUMNS, rows: quarters }] : []),
      ],
    }),
    json: (): Readable =>
      renderJson(
        { ...jsonHead(organization, consultedAt, filters), corruptionIndex: data },
        'variables',
        (async function* () {
          yield* variableLines(data);
        })(),
      ),
  };
}
