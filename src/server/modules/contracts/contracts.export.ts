import type { Readable } from 'node:stream';
import {
  CONTRACT_EXPORT_FIELDS,
  CONTRACT_FIELDS,
  type ContractField,
  type FieldSpec,
} from '../../../shared/contracts/fields';
import { MONEY_RULE_NOTE } from '../../../shared/format/money';
import { RED_FLAGS, type RedFlagCode } from '../../../shared/red-flags/definitions';
import type { ContractTotals } from '../../../shared/schemas/contracts';
import type { DownloadFormat, PublicFilters } from '../../../shared/schemas/filters';
import type { ExportColumn, ExportDocument, ExportFilter } from '../../exports/document';
import { renderJson } from '../../exports/json';
import { exportBatchRows } from '../../lib/event-loop';
import type { AppDeps, OrganizationRow } from '../../types';
import { describeFilters } from '../figures/figures';
import { listedFlags } from '../red-flags/red-flags.service';
import { type ContractConditionParts, contractConditions } from './contract-filters.repository';
import { type FlaggedRow, presentContract } from './contracts.presenter';
import { type ContractRow, streamContracts, streamSupplierContracts } from './contracts.repository';
import { countAndTotals } from './contracts.service';

type ContractColumn = ExportColumn<ContractRow> & { pdf?: boolean };

/** A row's names of the rows it references, by field. */
const REFERENCED_NAMES: Partial<Record<ContractField, (row: ContractRow) => string | null>> = {
  supplier: (row) => row.supplierName,
  applicantAdministrativeUnit: (row) => row.applicantName,
};

/** How a field shows in a download: its label for a coded value, the referenced row's name. */
type CellValue = string | number | null;

function exportValue(field: ContractField): (row: ContractRow) => CellValue {
  const named = REFERENCED_NAMES[field];
  if (named) return named;
  const spec: FieldSpec = CONTRACT_FIELDS[field];
  const read = (row: ContractRow) =>
    ((row as unknown as Record<string, CellValue>)[field] ?? null) as CellValue;
  if (!spec.labels) return read;
  const labels = spec.labels;
  return (row) => {
    const value = read(row);
    return value === null ? null : (labels[String(value)] ?? null);
  };
}

/** The red flags a row carries when it went through withFlags (downloads), none otherwise. */
const flagsOf = (row: ContractRow): readonly RedFlagCode[] => (row as FlaggedRow).redFlags ?? [];

/** Every column of the list, plus what makes each row traceable: whether it counts in the sums and its page. */
function contractColumns(publicUrl: string): ContractColumn[] {
  return [
    ...CONTRACT_EXPORT_FIELDS.map(
      ({ field, header, kind, width, pdf }): ContractColumn => ({
        header,
        kind,
        width,
        value: exportValue(field),
        ...(pdf ? { pdf } : {}),
      }),
    ),
    {
      header: 'CUENTA EN LAS SUMAS',
      kind: 'text',
      value: (row) => (row.countsInTotals ? 'Sí' : 'No'),
      width: 10,
    },
    {
      header: 'SEÑALES DE ALERTA',
      kind: 'text',
      value: (row) =>
        flagsOf(row)
          .map((code) => RED_FLAGS[code].name)
          .join('; ') || null,
      width: 30,
      pdf: true,
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

/**
 * One supplier's contracts (`where` from the contract filters, holding the supplier) for its
 * downloads, in its page's order: public tender, invitation, direct award; newest first.
 */
export function supplierContractRows(
  deps: Pick<AppDeps, 'database'>,
  where: ContractConditionParts['where'],
): AsyncGenerator<ContractRow> {
  return streamSupplierContracts(deps.database.db, where, exportBatchRows(deps.database));
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
  // A download's totals are the current data's, like its rows (decision 0030).
  const [{ total, totals }, lines] = await deps.cache.fresh(() =>
    Promise.all([countAndTotals(deps, organization, filters), describeFilters(db, organization.id, filters)]),
  );
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
          rows: withFlags(deps, organization.id, streamContracts(db, where, batch)),
          total,
        },
      ],
    }),
    json: () =>
      renderJson(
        { ...jsonHead(organization, consultedAt, lines), totals, total },
        'contracts',
        presentedContracts(withFlags(deps, organization.id, streamContracts(db, where, batch))),
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

/** Rows looked up for their red flags at a time (a download's rows carry them). */
const FLAGS_BATCH = 500;

/** The rows, each with the codes of the red flags it raised, looked up a batch at a time. */
export async function* withFlags(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  rows: AsyncIterable<ContractRow>,
): AsyncGenerator<FlaggedRow> {
  let batch: ContractRow[] = [];
  const flagged = async function* (pending: ContractRow[]) {
    const codes = await listedFlags(
      deps,
      organizationId,
      pending.map((row) => row.id),
    );
    for (const row of pending) yield { ...row, redFlags: codes.get(row.id) ?? [] };
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === FLAGS_BATCH) {
      yield* flagged(batch);
      batch = [];
    }
  }
  yield* flagged(batch);
}

/** Contract rows in the shape of the list API, for JSON downloads. */
export async function* presentedContracts(rows: AsyncIterable<ContractRow>) {
  for await (const row of rows) yield presentContract(row);
}
