import { randomUUID } from 'node:crypto';
import {
  CONTRACT_FIELD_KEYS,
  CONTRACT_FIELDS,
  CONTRACT_SHEET_COLUMNS,
  type ContractField,
  type FieldSpec,
} from '../../../shared/contracts/fields';
import { type ContractValues, LoadedContractSchema } from '../../../shared/contracts/schema';
import { deriveContractType, normaliseName } from '../../../shared/contracts/sheet';
import type { RowReading } from './sheet/rows';

/**
 * The contract rules of a read row (data-load-rules.md, 'Required and cross-field rules'): the
 * contract type derived from the amounts, the total copied where the sheet gave only the total or
 * maximum, and then the very rules and messages of the contract form (ContractInputSchema: formats,
 * lengths, amounts by contract type, a decentralised body's units), each message put on the cell
 * of its field. Suppliers and units are compared by normalised name here; they are looked up in
 * the monitor later.
 */

export const TOTAL_COPIED_INFO = 'Se copió el Monto total o máximo como Monto total';

/** The column a field's messages go to (the supplier's go to its name). */
const CODE_OF = new Map<ContractField, string>();
for (const column of CONTRACT_SHEET_COLUMNS)
  if (!CODE_OF.has(column.field) && column.part !== 'rfc') CODE_OF.set(column.field, column.code);

export const DIRECT_AWARD_ONLY_INFO = 'Se ignoró: solo aplica a las adjudicaciones directas';

export interface CheckedRow {
  /**
   * The contract's values once checked, with the derived ones (contract type, total or maximum),
   * or null when the row has errors. Supplier and units are stand-in ids here (one per name): the
   * load puts the monitor's ids in their place.
   */
  values: ContractValues | null;
}

/** What a profile changes in the contract rules: its schema, and a contract type it decided itself. */
export interface RuleOptions {
  /** The rules (LoadedContractSchema for the template; format 28 has its own, decision 0050). */
  schema?: typeof LoadedContractSchema;
  /** The contract type, when the profile's own amount rules decided it (format 28's open contracts). */
  contractType?: 'NORMAL' | 'OPEN';
  /** Fields the profile reads that the template has no column for (format 28's executing area). */
  extra?: Record<string, unknown>;
}

/** Applies the contract rules to a read row, adding their errors and infos to its cells. */
export function checkContractRules(row: RowReading, options: RuleOptions = {}): CheckedRow {
  const cellValue = (code: string) => row.cells[code]?.value ?? null;
  const input: Record<string, unknown> = {};
  for (const field of CONTRACT_FIELD_KEYS) {
    const code = CODE_OF.get(field);
    if (code) input[field] = cellValue(code);
  }
  // References: one stand-in id per normalised name, so 'the same unit' is decided by name.
  const ids = new Map<string, string>();
  const reference = (name: unknown) => {
    if (typeof name !== 'string' || name === '') return null;
    const key = normaliseName(name);
    if (!ids.has(key)) ids.set(key, randomUUID());
    return ids.get(key)!;
  };
  for (const field of ['supplier', 'organizerAdministrativeUnit', 'applicantAdministrativeUnit'] as const)
    input[field] = reference(input[field]);
  input.isEmpty = row.isEmpty;
  Object.assign(input, options.extra);
  const minAmount = (input.minAmount as number | null) ?? null;
  const maxAmount = (input.maxAmount as number | null) ?? null;
  input.contractType =
    options.contractType ??
    (row.isEmpty && minAmount === null && maxAmount === null
      ? null
      : deriveContractType(minAmount, maxAmount));
  if (input.contractType === 'NORMAL' && input.totalAmount === null && input.totalOrMaxAmount !== null) {
    input.totalAmount = input.totalOrMaxAmount;
    row.cells[CODE_OF.get('totalAmount')!]?.infos.push(TOTAL_COPIED_INFO);
  }

  // The direct-award limit means something only for direct awards.
  if (input.procedureType !== 'NO_BID') {
    for (const field of ['limitExceeded', 'amountExceeded'] as const) {
      const cell = row.cells[CODE_OF.get(field)!];
      if (cell && (cell.value === true || typeof cell.value === 'number'))
        cell.infos.push(DIRECT_AWARD_ONLY_INFO);
    }
  }

  // C22 is optional in the sheet: the total comes from C25 when C22 is empty. When C25 itself was
  // refused, its error is the one to fix; C22 is not "required" as well.
  const totalFromRefusedCell =
    input.totalAmount === null && (row.cells[CODE_OF.get('totalOrMaxAmount')!]?.errors.length ?? 0) > 0;

  // The form's rules, except that a placeholder number is no number (the reading required a value).
  const result = (options.schema ?? LoadedContractSchema).safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ContractField | undefined;
      if (field === 'totalAmount' && totalFromRefusedCell) continue;
      const code = (field && CODE_OF.get(field)) ?? CODE_OF.get('totalOrMaxAmount')!;
      const cell = row.cells[code];
      // A cell the reading already refused, or already told the same, is not told twice.
      if (!cell || cell.errors.includes(issue.message) || (cell.errors.length > 0 && isReadingField(field)))
        continue;
      cell.errors.push(issue.message);
    }
  }
  const cells = Object.values(row.cells);
  row.hasErrors = cells.some((cell) => cell.errors.length > 0);
  row.hasInfos = cells.some((cell) => cell.infos.length > 0);
  return { values: result.success && !row.hasErrors ? result.data : null };
}

/** Fields whose value the reading decided: a reading error already says what is wrong. */
function isReadingField(field: ContractField | undefined): boolean {
  if (!field) return false;
  const spec: FieldSpec = CONTRACT_FIELDS[field];
  return spec.kind !== 'text';
}
