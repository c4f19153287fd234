import type { Readable } from 'node:stream';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  CONTRACT_CATEGORY_LABELS,
  PROCEDURE_STATE_LABELS,
  PROCEDURE_TYPE_LABELS,
  PROCEDURE_TYPES,
} from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { SupplierRow } from '../../../shared/schemas/suppliers';
import type { Database } from '../../db/client';
import { contracts } from '../../db/schema';
import type { ExportColumn, ExportDocument } from '../../exports/document';
import { renderJson } from '../../exports/json';
import { notFound } from '../../lib/errors';
import type { AppDeps, OrganizationRow } from '../../types';
import { contractConditions } from '../contracts/contract-filters';
import { presentContract } from '../contracts/contracts.presenter';
import { type ContractRow, streamContractsInOrder } from '../contracts/contracts.repository';
import { describeFilters, MONEY_RULE_NOTE } from '../contracts/filter-labels';
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
  const size = 5_000;
  for (let offset = 0; ; offset += size) {
    const { rows } = await listSupplierWindow(deps, organization, filters, { offset, limit: size });
    yield* rows;
    if (rows.length < size) return;
  }
}

/** The filtered suppliers list as a download, with the same totals as the screen's tiles and TOTAL row. */
export async function suppliersExport(
  deps: AppDeps,
  organization: OrganizationRow,
  filters: Partial<PublicFilters>,
) {
  const { db } = deps.database;
  const [first, lines] = await Promise.all([
    listSupplierWindow(deps, organization, filters, { offset: 0, limit: 1 }),
    describeFilters(db, organization.id, filters),
  ]);
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
      title: 'Proveedores',
      organizationName: organization.name,
      consultedAt,
      filters: lines,
      summary,
      note: MONEY_RULE_NOTE,
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
        {
          organization: { _id: organization.id, name: organization.name },
          consultedAt: consultedAt.toISOString(),
          filters: lines,
          note: MONEY_RULE_NOTE,
          totals,
          total: first.total,
        },
        'suppliers',
        allSuppliers(deps, organization, filters),
      ),
  };
}

function detailColumns(publicUrl: string): ExportColumn<ContractRow>[] {
  return [
    {
      header: 'TIPO DE PROCEDIMIENTO',
      kind: 'text',
      value: (row) => PROCEDURE_TYPE_LABELS[row.procedureType],
      width: 20,
    },
    {
      header: 'DESCRIPCIÓN DE LAS OBRAS, BIENES O SERVICIOS',
      kind: 'text',
      value: (row) => row.servicesDescription,
      width: 50,
    },
    { header: 'MONTO TOTAL O MÁXIMO', kind: 'money', value: (row) => row.totalOrMaxAmount, width: 18 },
    { header: 'FECHA DEL CONTRATO', kind: 'date', value: (row) => row.contractDate, width: 14 },
    {
      header: 'ESTADO DEL PROCEDIMIENTO',
      kind: 'text',
      value: (row) => (row.procedureState ? PROCEDURE_STATE_LABELS[row.procedureState] : null),
      width: 16,
    },
    {
      header: 'MATERIA',
      kind: 'text',
      value: (row) => (row.category ? CONTRACT_CATEGORY_LABELS[row.category] : null),
      width: 16,
    },
    { header: 'ID. CONTRATO', kind: 'text', value: (row) => row.contractNumber, width: 20 },
    {
      header: 'FECHA DE OBTENCIÓN DE LOS DATOS',
      kind: 'date',
      value: (row) => row.informationDate,
      width: 14,
    },
    { header: 'FICHA EN VIGÍA', kind: 'url', value: (row) => `${publicUrl}/contracts/${row.id}`, width: 30 },
  ];
}

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
  const [{ data }, where, lines] = await Promise.all([
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
      title: `Proveedor ${supplier.name}`,
      organizationName: organization.name,
      consultedAt,
      filters: lines,
      summary,
      note: MONEY_RULE_NOTE,
      sections: [
        {
          title: 'Contratos',
          columns: detailColumns(deps.config.publicUrl),
          rows: screenOrder(db, where),
          total: data.totals.count,
        },
      ],
    }),
    json: (): Readable =>
      renderJson(
        {
          organization: { _id: organization.id, name: organization.name },
          consultedAt: consultedAt.toISOString(),
          filters: lines,
          note: MONEY_RULE_NOTE,
          supplier: data.supplier,
          totals: data.totals,
        },
        'contracts',
        presented(screenOrder(db, where)),
      ),
  };
}

/** A supplier's contracts as its page shows them: public tender, invitation, direct award; newest first. */
async function* screenOrder(db: Database, where: SQL) {
  for (const type of PROCEDURE_TYPES) {
    yield* streamContractsInOrder(db, and(where, eq(contracts.procedureType, type))!, [
      sql`${contracts.contractDate} DESC NULLS LAST`,
      sql`${contracts.id} DESC`,
    ]);
  }
}

async function* presented(rows: AsyncIterable<ContractRow>) {
  for await (const row of rows) yield presentContract(row);
}
