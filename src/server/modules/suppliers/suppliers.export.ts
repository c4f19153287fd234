import type { Readable } from 'node:stream';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { SupplierRow } from '../../../shared/schemas/suppliers';
import type { ExportColumn, ExportDocument } from '../../exports/document';
import { renderJson } from '../../exports/json';
import { notFound } from '../../lib/errors';
import { exportBatchRows, nextTurn } from '../../lib/event-loop';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../contracts/contract-filters.repository';
import {
  contractColumnsNamed,
  documentHead,
  jsonHead,
  presentedContracts,
  supplierContractRows,
  withFlags,
} from '../contracts/contracts.export';
import { describeFilters } from '../figures/figures';
import { findSupplier } from './suppliers.repository';
import { getSupplierDetail, listSupplierWindow } from './suppliers.service';

const SUPPLIER_COLUMNS: ExportColumn<SupplierRow>[] = [
  { header: 'NOMBRE DEL PROVEEDOR', kind: 'text', value: (row) => row.name, width: 44 },
  { header: 'CONTRATOS LISTADOS', kind: 'count', value: (row) => row.contractsCount, width: 12 },
  { header: 'LICITACIÓN PÚBLICA', kind: 'money', value: (row) => row.public, width: 18 },
  { header: 'POR INVITACIÓN', kind: 'money', value: (row) => row.invitation, width: 18 },
  { header: 'ADJ. DIRECTA', kind: 'money', value: (row) => row.noBid, width: 18 },
  { header: 'MONTO TOTAL', kind: 'money', value: (row) => row.total, width: 18 },
];

/** Every supplier of the filtered contracts, largest total first, read in windows. */
async function* allSuppliers(deps: AppDeps, organization: OrganizationRow, filters: Partial<PublicFilters>) {
  const size = exportBatchRows(deps.database);
  for (let offset = 0; ; offset += size) {
    const { rows } = await listSupplierWindow(
      deps,
      organization,
      filters,
      { offset, limit: size },
      { cache: false },
    );
    yield* rows;
    if (rows.length < size) return;
    await nextTurn();
  }
}

/** The filtered suppliers list as a download, with the same totals as the screen's tiles and TOTAL row. */
export async function suppliersExport(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
) {
  const { db } = deps.database;
  // A download's totals are the current data's, like its rows (decision 0030).
  const [first, lines] = await deps.cache.fresh(() =>
    Promise.all([
      listSupplierWindow(deps, organization, filters, { offset: 0, limit: 1 }),
      describeFilters(db, organization.id, filters),
    ]),
  );
  const consultedAt = deps.now();
  const { totals } = first;
  const summary: ExportDocument['summary'] = [
    { label: 'Proveedores', value: first.total, kind: 'count' },
    { label: 'Contratos en las sumas', value: totals.totalCount, kind: 'count' },
    { label: 'Contratos por licitación pública', value: totals.publicCount, kind: 'count' },
    { label: 'Contratos por invitación', value: totals.invitationCount, kind: 'count' },
    { label: 'Contratos por adjudicación directa', value: totals.noBidCount, kind: 'count' },
    { label: 'Monto total', value: totals.total, kind: 'money' },
  ];
  return {
    document: (): ExportDocument => ({
      ...documentHead(organization, consultedAt, lines),
      title: 'Proveedores',
      summary,
      sections: [
        {
          title: 'Proveedores',
          columns: SUPPLIER_COLUMNS,
          rows: allSuppliers(deps, organization, filters),
          total: first.total,
        },
      ],
    }),
    json: (): Readable =>
      renderJson(
        { ...jsonHead(organization, consultedAt, lines), totals, total: first.total },
        'suppliers',
        allSuppliers(deps, organization, filters),
      ),
  };
}

/** A supplier's contracts: the list's columns that matter once the supplier is known. */
const DETAIL_HEADERS = [
  'TIPO DE PROCEDIMIENTO',
  'DESCRIPCIÓN DE LA OBRA, BIEN O SERVICIO',
  'MONTO TOTAL O MÁXIMO',
  'FECHA DEL CONTRATO',
  'ESTADO DEL PROCEDIMIENTO',
  'MATERIA',
  'ID. CONTRATO',
  'FECHA DE OBTENCIÓN DE LOS DATOS',
  'CUENTA EN LAS SUMAS',
  'SEÑALES DE ALERTA',
  'FICHA EN VIGÍA',
] as const;

/** One supplier's contracts (filtered, except by supplier) as a download, with its totals. */
export async function supplierDetailExport(
  deps: AppDeps,
  organization: OrganizationRow,
  id: string,
  filters: Partial<PublicFilters>,
) {
  const { db } = deps.database;
  const supplier = await findSupplier(db, organization.id, id);
  if (!supplier) throw notFound('El proveedor solicitado no existe.');
  const [data, where, lines] = await Promise.all([
    getSupplierDetail(deps, organization, id, filters),
    contractConditions(db, organization.id, { ...filters, suppliers: [id] }),
    describeFilters(db, organization.id, filters),
  ]);
  const consultedAt = deps.now();
  const summary: ExportDocument['summary'] = [
    { label: 'Monto total', value: data.totals.total, kind: 'money' },
    { label: 'Monto por licitación pública', value: data.totals.public, kind: 'money' },
    { label: 'Monto por invitación', value: data.totals.invitation, kind: 'money' },
    { label: 'Monto por adjudicación directa', value: data.totals.noBid, kind: 'money' },
    { label: 'Contratos listados', value: data.totals.count, kind: 'count' },
    { label: 'Contratos en las sumas', value: data.totals.totalCount, kind: 'count' },
    { label: 'Contratos por licitación pública', value: data.totals.publicCount, kind: 'count' },
    { label: 'Contratos por invitación', value: data.totals.invitationCount, kind: 'count' },
    { label: 'Contratos por adjudicación directa', value: data.totals.noBidCount, kind: 'count' },
  ];
  return {
    document: (): ExportDocument => ({
      ...documentHead(organization, consultedAt, lines),
      title: `Proveedor ${supplier.name}`,
      summary,
      sections: [
        {
          title: 'Contratos',
          columns: contractColumnsNamed(deps.config.publicUrl, DETAIL_HEADERS),
          rows: withFlags(deps, organization.id, supplierContractRows(deps, where)),
          total: data.totals.count,
        },
      ],
    }),
    json: (): Readable =>
      renderJson(
        { ...jsonHead(organization, consultedAt, lines), supplier: data.supplier, totals: data.totals },
        'contracts',
        presentedContracts(withFlags(deps, organization.id, supplierContractRows(deps, where))),
      ),
  };
}
