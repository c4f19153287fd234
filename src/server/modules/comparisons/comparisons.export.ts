import type { Readable } from 'node:stream';
import {
  COMPARED_TYPES,
  comparisonPercent,
  indexText,
  levelOf,
  METHOD_WORDING,
  type PairedItem,
  pairCalculations,
  pairedValue,
  sameMethod,
  sideName,
} from '../../../shared/calculations/compare';
import type { ComparisonSide } from '../../../shared/schemas/comparisons';
import type { ExportColumn, ExportDocument } from '../../exports/document';
import { renderJson } from '../../exports/json';
import type { ExportFiles } from '../../exports/send';
import type { AppDeps, OrganizationRow } from '../../types';
import { documentHead, jsonHead } from '../contracts/contracts.export';
import { localSide, sideOf } from './comparisons.service';

/**
 * A comparison as a download (public spec: pdf, xls, json with the wait dialog): both sides
 * recomputed here from what the page names (our monitor, the other one by id and server, each
 * side's period), never from figures a browser posts. The sheets are the page's panels: the
 * index of each side, the money and the contracts per procedure type, the general data paired.
 */

type Side = ComparisonSide;

type IndexLine = { side: Side };
type AmountLine = {
  label: string;
  left: number;
  leftShare: number | null;
  right: number;
  rightShare: number | null;
};
type CountLine = { label: string; left: number; right: number };

function amountLines(left: Side, right: Side): AmountLine[] {
  return [
    ...COMPARED_TYPES.map((type) => ({
      label: type.label,
      left: left.totals[type.key],
      leftShare: left.totals[`${type.key}Percent`],
      right: right.totals[type.key],
      rightShare: right.totals[`${type.key}Percent`],
    })),
    {
      label: 'Total',
      left: left.totals.total,
      leftShare: left.totals.total > 0 ? 1 : null,
      right: right.totals.total,
      rightShare: right.totals.total > 0 ? 1 : null,
    },
  ];
}

function countLines(left: Side, right: Side): CountLine[] {
  return [
    ...COMPARED_TYPES.map((type) => ({
      label: type.label,
      left: left.counts[type.key],
      right: right.counts[type.key],
    })),
    { label: 'Total', left: left.counts.total, right: right.counts.total },
  ];
}

/** The document of a comparison (XLSX, PDF): left is our monitor, right the chosen one. */
function comparisonDocument(
  organization: OrganizationRow,
  consultedAt: Date,
  left: Side,
  right: Side,
  pairs: PairedItem[],
): ExportDocument {
  const [leftName, rightName] = [sideName(left), sideName(right)];
  const same = sameMethod(left.methodKey, right.methodKey);
  const indexColumns: ExportColumn<IndexLine>[] = [
    { header: 'MONITOR', kind: 'text', value: (row) => row.side.organization.name, width: 36 },
    {
      header: 'SERVIDOR',
      kind: 'text',
      value: (row) => row.side.organization.url ?? 'Este portal',
      width: 26,
    },
    {
      header: 'ADMINISTRACIÓN',
      kind: 'text',
      value: (row) => row.side.administrationPeriod ?? '---',
      width: 14,
    },
    { header: 'ÍNDICE', kind: 'text', value: (row) => indexText(row.side), width: 14 },
    { header: 'NIVEL', kind: 'text', value: (row) => levelOf(row.side) ?? '---', width: 10 },
  ];
  const amountColumns: ExportColumn<AmountLine>[] = [
    { header: 'TIPO DE PROCEDIMIENTO', kind: 'text', value: (row) => row.label, width: 24 },
    { header: `MONTO ${leftName}`, kind: 'money', value: (row) => row.left, width: 20 },
    { header: `% ${leftName}`, kind: 'text', value: (row) => comparisonPercent(row.leftShare), width: 10 },
    { header: `MONTO ${rightName}`, kind: 'money', value: (row) => row.right, width: 20 },
    { header: `% ${rightName}`, kind: 'text', value: (row) => comparisonPercent(row.rightShare), width: 10 },
  ];
  const countColumns: ExportColumn<CountLine>[] = [
    { header: 'TIPO DE PROCEDIMIENTO', kind: 'text', value: (row) => row.label, width: 24 },
    { header: `CONTRATOS ${leftName}`, kind: 'count', value: (row) => row.left, width: 18 },
    { header: `CONTRATOS ${rightName}`, kind: 'count', value: (row) => row.right, width: 18 },
  ];
  const pairColumns: ExportColumn<PairedItem>[] = [
    { header: 'CÁLCULO', kind: 'text', value: (row) => row.name, width: 30 },
    { header: 'DESCRIPCIÓN', kind: 'text', value: (row) => row.description, width: 44 },
    { header: leftName, kind: 'text', value: (row) => pairedValue(row.left), width: 18 },
    { header: rightName, kind: 'text', value: (row) => pairedValue(row.right), width: 18 },
  ];
  return {
    ...documentHead(organization, consultedAt, [
      {
        label: 'Administración',
        values: [
          `${leftName}: ${left.administrationPeriod ?? '---'}`,
          `${rightName}: ${right.administrationPeriod ?? '---'}`,
        ],
      },
    ]),
    title: `Comparación de monitores: ${leftName} y ${rightName}`,
    note: `${same ? METHOD_WORDING.same : METHOD_WORDING.different} Cada lado en su propia administración; los montos cuentan los contratos concluidos que no son ampliaciones, modificaciones ni adendas.`,
    summary: [
      { label: `Monto total ${leftName}`, value: left.totals.total, kind: 'money' },
      { label: `Monto total ${rightName}`, value: right.totals.total, kind: 'money' },
      { label: `Contratos ${leftName}`, value: left.counts.total, kind: 'count' },
      { label: `Contratos ${rightName}`, value: right.counts.total, kind: 'count' },
    ],
    sections: [
      { title: 'Índice', columns: indexColumns, rows: [{ side: left }, { side: right }] },
      { title: 'Montos', columns: amountColumns, rows: amountLines(left, right) },
      { title: 'Contratos', columns: countColumns, rows: countLines(left, right) },
      ...(pairs.length ? [{ title: 'Datos generales', columns: pairColumns, rows: pairs }] : []),
    ],
  };
}

/**
 * Both sides of a comparison, computed now (a download's figures are the current data's, decision
 * 0030), and the files built from them.
 */
export async function comparisonExport(
  deps: AppDeps,
  organization: OrganizationRow,
  right: { id: string; url?: string; administrationPeriod?: string },
  leftPeriod: string | undefined,
): Promise<ExportFiles> {
  const [left, other] = await Promise.all([
    deps.cache.fresh(() => localSide(deps, organization, leftPeriod)),
    deps.cache.fresh(() => sideOf(deps, right.id, right.url, right.administrationPeriod)),
  ]);
  const consultedAt = deps.now();
  const pairs = pairCalculations(left.calculationsInfo, other.calculationsInfo);
  return {
    document: () => comparisonDocument(organization, consultedAt, left, other, pairs),
    json: (): Readable =>
      renderJson(
        {
          ...jsonHead(organization, consultedAt, []),
          sameMethod: sameMethod(left.methodKey, other.methodKey),
          detailLeft: left,
          detailRight: other,
        },
        'generalData',
        (async function* () {
          yield* pairs.map((pair) => ({
            hash: pair.hash,
            name: pair.name,
            description: pair.description,
            left: pair.left?.result ?? null,
            right: pair.right?.result ?? null,
          }));
        })(),
      ),
  };
}
