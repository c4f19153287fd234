import { PROCEDURE_TYPE_LABELS } from '../../../shared/constants/enums';
import type { CellKind } from '../../exports/document';
import type { BuiltState } from './states';

/**
 * The flat files' columns (CSV and XLSX, decision 0051): one row per contract, headed by the
 * paths of the OCDS flattening convention (flatten-tool: `tender/procurementMethod`,
 * `awards/0/suppliers/0/name`), so the tools that read flattened OCDS read them; the portal's own
 * fields under `vigia/`. A row that only states that no procedures were held in a period has no
 * release: its OCDS columns are empty and `vigia/noProcedures` says so.
 */

export interface FlatColumn {
  header: string;
  kind: CellKind;
  value: (state: BuiltState) => string | number | null;
}

/** The statement of a no-procedures row, in its own column. */
export const NO_PROCEDURES = 'No se realizaron procedimientos de contratación en el periodo.';

/** A value at a path of the release (`awards/0/value/amount` as its keys), or null. */
function at(state: BuiltState, keys: readonly string[]): unknown {
  let value: unknown = state.release;
  for (const key of keys) {
    if (value === null || value === undefined) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return value ?? null;
}

const ocds = (path: string, kind: CellKind = 'text'): FlatColumn => {
  const keys = path.split('/');
  return {
    header: path,
    kind,
    value: (state) => {
      const value = at(state, keys);
      if (value === null || value === undefined) return null;
      if (Array.isArray(value)) return value.join(';');
      if (kind === 'money' || kind === 'count') return Number(value);
      // OCDS date-times of calendar days ('2023-05-12T00:00:00-06:00') as the day in a spreadsheet.
      if (kind === 'date') return String(value).slice(0, 10);
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    },
  };
};

const field = (
  header: string,
  kind: CellKind,
  value: (state: BuiltState) => string | number | boolean | null,
): FlatColumn => ({
  header,
  kind,
  value: (state) => {
    const cell = value(state);
    return typeof cell === 'boolean' ? (cell ? 'true' : 'false') : cell;
  },
});

/** A list of the release (`tender/tenderers`) as names joined by ';'. */
const names = (header: string, path: string): FlatColumn => ({
  header,
  kind: 'text',
  value: (state) => {
    const list = at(state, path.split('/'));
    return Array.isArray(list) && list.length > 0
      ? list.map((item) => (item as { name?: string }).name ?? '').join(';')
      : null;
  },
});

export const CONTRACT_COLUMNS: readonly FlatColumn[] = [
  ocds('ocid'),
  ocds('id'),
  ocds('date'),
  ocds('tag'),
  ocds('buyer/id'),
  ocds('buyer/name'),
  ocds('planning/budget/id'),
  ocds('planning/budget/description'),
  ocds('tender/id'),
  ocds('tender/title'),
  ocds('tender/status'),
  ocds('tender/procuringEntity/id'),
  ocds('tender/procuringEntity/name'),
  ocds('tender/procurementMethod'),
  ocds('tender/procurementMethodDetails'),
  ocds('tender/mainProcurementCategory'),
  ocds('tender/enquiryPeriod/endDate', 'date'),
  ocds('tender/numberOfTenderers', 'count'),
  names('tender/tenderers/names', 'tender/tenderers'),
  ocds('tender/documents/0/documentType'),
  ocds('tender/documents/0/url', 'url'),
  ocds('tender/documents/0/datePublished', 'date'),
  ocds('awards/0/id'),
  ocds('awards/0/status'),
  ocds('awards/0/date', 'date'),
  ocds('awards/0/value/amount', 'money'),
  ocds('awards/0/value/currency'),
  ocds('awards/0/suppliers/0/id'),
  ocds('awards/0/suppliers/0/name'),
  ocds('contracts/0/id'),
  ocds('contracts/0/description'),
  ocds('contracts/0/dateSigned', 'date'),
  ocds('contracts/0/value/amount', 'money'),
  ocds('contracts/0/value/currency'),
  ocds('contracts/0/documents/0/url', 'url'),
  ocds('contracts/0/amendments/0/rationale'),
  ocds('relatedProcesses/0/identifier'),
  // The portal's own fields, for every row (the no-procedures ones too).
  field('vigia/monitor', 'text', (state) => state.monitorName),
  field('vigia/contractId', 'text', (state) => state.contract.id),
  field('vigia/procedureType', 'text', (state) => PROCEDURE_TYPE_LABELS[state.contract.procedureType]),
  field('vigia/administrationPeriod', 'text', (state) => state.contract.administrationPeriod),
  field('vigia/fiscalYear', 'text', (state) => state.contract.fiscalYear),
  field('vigia/reportedPeriod', 'text', (state) => state.contract.period),
  field('vigia/contractType', 'text', (state) => state.contract.contractType),
  field('vigia/minValue/amount', 'money', (state) =>
    state.contract.contractType === 'OPEN' ? state.contract.minAmount : null,
  ),
  field('vigia/maxValue/amount', 'money', (state) =>
    state.contract.contractType === 'OPEN' ? state.contract.maxAmount : null,
  ),
  field('vigia/totalOrMaxAmount', 'money', (state) => state.contract.totalOrMaxAmount),
  field('vigia/countsInTotals', 'text', (state) => state.countsInTotals),
  field('vigia/limitExceeded', 'text', (state) => state.contract.limitExceeded),
  field('vigia/amountExceeded/amount', 'money', (state) => state.contract.amountExceeded),
  field('vigia/areaInCharge', 'text', (state) => state.contract.areaInCharge),
  field('vigia/executingArea', 'text', (state) => state.contract.executingArea),
  field('vigia/notes', 'text', (state) => state.contract.notes),
  field('vigia/associationNotes', 'text', (state) => state.contract.karewaNotes),
  field('vigia/informationDate', 'date', (state) => state.contract.informationDate),
  field('vigia/updateDate', 'date', (state) => state.contract.updateDate),
  field('vigia/noProcedures', 'text', (state) => (state.contract.isEmpty ? NO_PROCEDURES : null)),
];

/** One supplier of a monitor in the suppliers' file. */
export interface FlatSupplier {
  monitor: string;
  id: string;
  name: string;
  rfc: string | null;
  contracts: number;
  public: number;
  invitation: number;
  noBid: number;
  total: number;
}

export const SUPPLIER_COLUMNS: readonly {
  header: string;
  kind: CellKind;
  value: (row: FlatSupplier) => string | number | null;
}[] = [
  {
    header: 'id',
    kind: 'text',
    value: (row) => (row.rfc ? `MX-RFC-${row.rfc.trim().toUpperCase()}` : `MX-VIGIA-PROV-${row.id}`),
  },
  { header: 'name', kind: 'text', value: (row) => row.name },
  { header: 'identifier/scheme', kind: 'text', value: (row) => (row.rfc ? 'MX-RFC' : null) },
  { header: 'identifier/id', kind: 'text', value: (row) => row.rfc?.trim().toUpperCase() ?? null },
  { header: 'roles', kind: 'text', value: () => 'supplier' },
  { header: 'vigia/monitor', kind: 'text', value: (row) => row.monitor },
  { header: 'vigia/supplierId', kind: 'text', value: (row) => row.id },
  { header: 'vigia/contracts', kind: 'count', value: (row) => row.contracts },
  { header: 'vigia/publicAmount', kind: 'money', value: (row) => row.public },
  { header: 'vigia/invitationAmount', kind: 'money', value: (row) => row.invitation },
  { header: 'vigia/directAwardAmount', kind: 'money', value: (row) => row.noBid },
  { header: 'vigia/totalAmount', kind: 'money', value: (row) => row.total },
];

/** A CSV field (RFC 4180): quoted when it holds a quote, a comma or a line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV record, CRLF-ended. */
export const csvLine = (values: readonly (string | number | null)[]) =>
  `${values.map(csvField).join(',')}\r\n`;
