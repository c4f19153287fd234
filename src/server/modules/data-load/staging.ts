import type { ContractRelations } from '../../../shared/contracts/relations';
import { foldForMatch } from '../../../shared/contracts/sheet';
import type { StagedExtra } from '../../../shared/schemas/data-load';
import { type DataLoadField, ROW_FIELD_OF, type StagedContract } from '../../../shared/schemas/data-load';
import { checkContractRules, type RuleOptions } from './contract-rules';
import type { References } from './references';
import { contractFingerprint } from './sheet/cells';
import type { RowReading } from './sheet/rows';

/**
 * A read row as the load keeps it (the review's row): each column's value as the sheet held it
 * with its messages, under the field names of the spec's data-load row (admin spec, section 3),
 * and, when the row has no errors, what confirm writes and the contract's identity.
 */

/**
 * A staged row as the reading thread sends it: what the job needs to decide its status, and its
 * cells and contract already as JSON text (the job stores them as they are).
 */
export interface SerialisedRow {
  rowIndex: number;
  /** The row's place in the load (its row number after the rows of the files before its own). */
  position: number;
  /** The file it came from, when the upload had several. */
  fileName: string | null;
  /** Why the row is not a contract (it is listed apart, never written), or null. */
  notContract: string | null;
  hasErrors: boolean;
  hasInfos: boolean;
  identity: string | null;
  searchText: string;
  /** The supplier and the units the row refers to: 'id:' + a registered one's id, else a new one's key. */
  references: { supplier: string | null; units: string[] };
  dataJson: string;
  contractJson: string | null;
  /** What the profile keeps beside the cells (format 28), as JSON text, or null. */
  extraJson: string | null;
}

/**
 * Matches a staged row's supplier and units against the monitor (references.ts): a new one marks
 * its cell (shouldCreateDoc), an RFC registered under another name adds the info; then the row is
 * written as JSON text.
 */
export function serialiseRow(
  row: StagedRow,
  references: References,
  source: { position: number; fileName: string | null } = { position: row.rowIndex, fileName: null },
): SerialisedRow {
  const refs: SerialisedRow['references'] = { supplier: null, units: [] };
  let hasInfos = row.hasInfos;
  if (row.contract) {
    const { supplier, organizerUnit, applicantUnit } = row.contract;
    if (supplier) {
      const { match, info } = references.supplier(supplier.name, supplier.rfc);
      const field = row.data.supplierName;
      refs.supplier = 'id' in match ? `id:${match.id}` : match.key;
      if (field && !('id' in match)) field.shouldCreateDoc = true;
      if (field && info) {
        field.infos = [...(field.infos ?? []), info];
        hasInfos = true;
      }
    }
    for (const [name, key] of [
      [organizerUnit, 'organizerAdministrativeUnit'],
      [applicantUnit, 'applicantAdministrativeUnit'],
    ] as const) {
      const match = references.unit(name);
      refs.units.push('id' in match ? `id:${match.id}` : match.key);
      const field = row.data[key];
      if (field && !('id' in match)) field.shouldCreateDoc = true;
    }
  }
  return {
    rowIndex: row.rowIndex,
    ...source,
    notContract: row.notContract ?? null,
    hasErrors: row.hasErrors,
    hasInfos,
    identity: row.identity,
    searchText: row.searchText,
    references: refs,
    dataJson: JSON.stringify(row.data),
    contractJson: row.contract ? JSON.stringify(row.contract) : null,
    extraJson: row.extra ? JSON.stringify(row.extra) : null,
  };
}

export interface StagedRow {
  rowIndex: number;
  /** What the profile keeps beside the cells, errors or not (format 28: sub-tables, executing area, type). */
  extra?: StagedExtra;
  /** Why the row is not a contract (format 28: no supplier and no contract), when it is not one. */
  notContract?: string;
  data: Record<string, DataLoadField>;
  hasErrors: boolean;
  hasInfos: boolean;
  /** 'n:' + contract number, or 'f:' + fingerprint; null for a row with errors. */
  identity: string | null;
  contract: StagedContract | null;
  searchText: string;
}

/** What a profile other than the template adds to a row's staging (format 28). */
export interface StageOptions extends RuleOptions {
  format?: 'FORMAT_28';
  related?: ContractRelations;
}

/** Applies the contract rules to a read row and keeps it in the load's shape. */
export function stageRow(reading: RowReading, options: StageOptions = {}): StagedRow {
  const { values } = checkContractRules(reading, options);
  const data: Record<string, DataLoadField> = {};
  const texts: string[] = [];
  for (const [code, cell] of Object.entries(reading.cells)) {
    const field = ROW_FIELD_OF.get(code);
    if (!field) continue;
    data[field] = {
      value: cell.text === '' ? null : cell.text,
      ...(cell.errors.length > 0 ? { errors: cell.errors } : {}),
      ...(cell.infos.length > 0 ? { infos: cell.infos } : {}),
    };
    if (cell.text) texts.push(cell.text);
  }
  let contract: StagedContract | null = null;
  let identity: string | null = null;
  if (values) {
    const text = (code: string) => {
      const value = reading.cells[code]?.value;
      return typeof value === 'string' && value !== '' ? value : null;
    };
    const supplierName = text('C15');
    const supplierRfc = text('C16');
    const fingerprint = values.contractNumber
      ? null
      : contractFingerprint({
          procedureType: values.procedureType ?? null,
          contractId: values.contractId ?? null,
          supplierRfc,
          supplierName,
          description: values.servicesDescription ?? null,
          totalOrMaxAmount: values.totalOrMaxAmount ?? null,
          contractDate: values.contractDate ?? null,
          period: values.period ?? null,
        });
    contract = {
      values: {
        ...values,
        supplier: null,
        organizerAdministrativeUnit: null,
        applicantAdministrativeUnit: null,
      },
      supplier: supplierName ? { name: supplierName, rfc: supplierRfc } : null,
      organizerUnit: text('C17') ?? '',
      applicantUnit: text('C18') ?? '',
      fingerprint,
      ...(options.format ? { format: options.format } : {}),
      ...(options.related ? { related: options.related } : {}),
    };
    identity = values.contractNumber ? `n:${values.contractNumber}` : `f:${fingerprint}`;
  }
  return {
    rowIndex: reading.rowIndex,
    data,
    hasErrors: reading.hasErrors,
    hasInfos: reading.hasInfos,
    identity,
    contract,
    searchText: foldForMatch(texts.join(' ')).toLowerCase().slice(0, 4000),
  };
}
