import type { Readable } from 'node:stream';
import {
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_TYPE_LABELS,
  PROCEDURE_STATE_LABELS,
  PROCEDURE_TYPE_LABELS,
} from '../../../shared/constants/enums';
import type { ContractTotals } from '../../../shared/schemas/contracts';
import type { DownloadFormat, PublicFilters } from '../../../shared/schemas/filters';
import type { ExportColumn, ExportDocument, ExportFilter } from '../../exports/document';
import { renderJson } from '../../exports/json';
import { exportBatchRows } from '../../lib/event-loop';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../figures/contract-filters.queries';
import { describeFilters } from '../figures/filter-labels.queries';
import { MONEY_RULE_NOTE } from '../figures/money-rule';
import { presentContract } from './contracts.presenter';
import { type ContractRow, streamContracts } from './contracts.repository';
import { countAndTotals } from './contracts.service';

const label = <T extends string>(labels: Record<T, string>, value: T | null) =>
  value ? labels[value] : null;

type ContractColumn = ExportColumn<ContractRow> & { pdf?: boolean };

/** Every column of the list, plus what makes each row traceable: whether it counts in the sums and its page. */
function contractColumns(publicUrl: string): ContractColumn[] {
  return [
    { header: 'ID. PROCESO', kind: 'text', value: (row) => row.contractId, width: 18, pdf: true },
    { header: 'ID. CONTRATO', kind: 'text', value: (row) => row.contractNumber, width: 20, pdf: true },
    { header: 'PROVEEDOR', kind: 'text', value: (row) => row.supplierName, width: 34, pdf: true },
    {
      header: 'DESCRIPCIÓN DE LA OBRA, BIEN O SERVICIO',
      kind: 'text',
      value: (row) => row.servicesDescription,
      width: 50,
      pdf: true,
    },
    {
      header: 'MONTO TOTAL O MÁXIMO',
      kind: 'money',
      value: (row) => row.totalOrMaxAmount,
      width: 18,
      pdf: true,
    },
    { header: 'FECHA DEL CONTRATO', kind: 'date', value: (row) => row.contractDate, width: 14, pdf: true },
    {
      header: 'TIPO DE PROCEDIMIENTO',
      kind: 'text',
      value: (row) => PROCEDURE_TYPE_LABELS[row.procedureType],
      width: 20,
      pdf: true,
    },
    {
      header: 'ESTADO DEL PROCEDIMIENTO',
      kind: 'text',
      value: (row) => label(PROCEDURE_STATE_LABELS, row.procedureState),
      width: 18,
      pdf: true,
    },
    {
      header: 'UNIDAD ADMINISTRATIVA SOLICITANTE',
      kind: 'text',
      value: (row) => row.applicantName,
      width: 30,
      pdf: true,
    },
    {
      header: 'MATERIA',
      kind: 'text',
      value: (row) => label(CONTRACT_CATEGORY_LABELS, row.category),
      width: 16,
      pdf: true,
    },
    {
      header: 'TIPO DE CONTRATO',
      kind: 'text',
      value: (row) => label(CONTRACT_TYPE_LABELS, row.contractType),
      width: 14,
    },
    { header: 'ADMINISTRACIÓN', kind: 'text', value: (row) => row.administrationPeriod, width: 12 },
    { header: 'EJERCICIO', kind: 'text', value: (row) => row.fiscalYear, width: 10 },
    { header: 'TRIMESTRE', kind: 'text', value: (row) => row.period, width: 10 },
    { header: 'NOTAS', kind: 'text', value: (row) => row.notes, width: 30 },
    { header: 'HIPERVÍNCULO A LA CONVOCATORIA', kind: 'url', value: (row) => row.announcementUrl, width: 30 },
    {
      header: 'HIPERVÍNCULO AL DOCUMENTO DEL CONTRATO',
      kind: 'url',
      value: (row) => row.contractUrl,
      width: 30,
    },
    {
      header: 'HIPERVÍNCULO A LA PRESENTACIÓN DE PROPUESTAS',
      kind: 'url',
      value: (row) => row.presentationProposalsDocUrl,
      width: 30,
    },
    {
      header: 'FECHA DE OBTENCIÓN DE LOS DATOS',
      kind: 'date',
      value: (row) => row.informationDate,
      width: 14,
    },
    {
      header: 'CUENTA EN LAS SUMAS',
      kind: 'text',
      value: (row) => (row.countsInTotals ? 'Sí' : 'No'),
      width: 10,
    },
    { header: 'FICHA EN VIGÍA', kind: 'url', value: (row) => `${publicUrl}/contracts/${row.id}`, width: 30 },
  ];
}

/** The list's columns; the PDF keeps the ones marked for it, to fit a page. */
function columns(publicUrl: string, compact: boolean): ExportColumn<ContractRow>[] {
  return contractColumns(publicUrl).filter((column) => !compact || column.pdf);
}

/** Some of the list's columns, in the given order (the same headers and values in every file). */
export function contractColumnsNamed(
  publicUrl: string,
  headers: readonly string[],
): ExportColumn<ContractRow>[] {
  const all = contractColumns(publicUrl);
  return headers.map((header) => {
    const column = all.find((item) => item.header === header);
    if (!column) throw new Error(`Unknown export column ${header}`);
    return column;
  });
}

/** What every PDF and XLSX download says first: the monitor, when, which filters, and the rule for money. */
export function documentHead(organization: OrganizationRow, consultedAt: Date, filters: ExportFilter[]) {
  return { organizationName: organization.name, consultedAt, filters, note: MONEY_RULE_NOTE };
}

/** What every JSON download starts with: the monitor, when, which filters, and the rule for money. */
export function jsonHead(organization: OrganizationRow, consultedAt: Date, filters: ExportFilter[]) {
  return {
    organization: { _id: organization.id, name: organization.name },
    consultedAt: consultedAt.toISOString(),
    filters,
    note: MONEY_RULE_NOTE,
  };
}

export interface ContractsExport {
  document: () => ExportDocument;
  json: () => Readable;
}

/** The filtered contracts list as a download: the same filters, totals and order as the screen, every row. */
export async function contractsExport(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
  format: DownloadFormat,
): Promise<ContractsExport> {
  const { db } = deps.database;
  const where = await contractConditions(db, organization.id, filters);
  const [{ total, totals }, lines] = await Promise.all([
    countAndTotals(deps, organization, filters),
    describeFilters(db, organization.id, filters),
  ]);
  const consultedAt = deps.now();
  const batch = exportBatchRows(deps.database);
  return {
    document: () => ({
      ...documentHead(organization, consultedAt, lines),
      title: 'Contratos',
      summary: summary(totals, total),
      sections: [
        {
          title: 'Contratos',
          columns: columns(deps.config.publicUrl, format === 'pdf'),
          rows: streamContracts(db, where, batch),
          total,
        },
      ],
    }),
    json: () =>
      renderJson(
        { ...jsonHead(organization, consultedAt, lines), totals, total },
        'contracts',
        presentedContracts(streamContracts(db, where, batch)),
      ),
  };
}

function summary(totals: ContractTotals, listed: number): ExportDocument['summary'] {
  return [
    { label: 'Monto total', value: totals.totalAmount, kind: 'money' },
    { label: 'Monto de contratos por licitación pública', value: totals.PUBLIC, kind: 'money' },
    { label: 'Monto de contratos por invitación', value: totals.INVITATION, kind: 'money' },
    { label: 'Monto de contratos por adjudicación directa', value: totals.NO_BID, kind: 'money' },
    { label: 'Contratos que cuentan en las sumas', value: totals.totalCount, kind: 'count' },
    { label: 'Contratos listados', value: listed, kind: 'count' },
  ];
}

/** Contract rows in the shape of the list API, for JSON downloads. */
export async function* presentedContracts(rows: AsyncIterable<ContractRow>) {
  for await (const row of rows) yield presentContract(row);
}
