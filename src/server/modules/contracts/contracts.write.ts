import { CONTRACT_FIELD_KEYS, CONTRACT_FIELDS, type ContractField } from '../../../shared/contracts/fields';
import {
  CONTRACT_MESSAGES,
  ContractInputSchema,
  type ContractValues,
  LoadedContractSchema,
} from '../../../shared/contracts/schema';
import type { ErrorCode } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AppDeps } from '../../types';
import { requestBackups } from '../backups/backup-jobs';
import { registerDocuments } from '../backups/backups.repository';
import { documentLinksOf } from '../backups/document-links';
import {
  contractsNumbered,
  insertContracts,
  liveContractIds,
  liveSupplierIds,
  liveUnitIds,
  type NewContract,
  updateContract,
} from './contracts-write.repository';

/**
 * The one way contracts are written (the catalogue's save and inline save; the spreadsheet import
 * next): the shared rules of the field definitions, the supplier and units checked against the
 * monitor, the contract number unique in the monitor (within the batch too), every row in one
 * transaction. The monitor's data version follows by the database's triggers (decision 0010).
 */

/**
 * A contract to write: its fields as the form or the import gives them; with `_id`, an update.
 * The import gives `_fingerprint` for a contract without a number (its identity in the monitor).
 */
export type ContractWrite = Record<string, unknown> & { _id?: string; _fingerprint?: string | null };

export interface FieldProblem {
  field: ContractField | '_id';
  message: string;
}

/** What happened to one row, in the order given. */
export type RowOutcome =
  | { index: number; status: 'created' | 'updated'; id: string }
  | {
      index: number;
      status: 'refused';
      code: Extract<ErrorCode, 'BAD_REQUEST' | 'CONFLICT' | 'NOT_FOUND'>;
      problems: FieldProblem[];
    };

export interface WriteActor {
  userId: string;
}

export interface SaveOptions {
  now: Date;
  /** 'rollback' (default): a refused row writes nothing at all; 'skip': the other rows are written. */
  onRefused?: 'rollback' | 'skip';
  /** The spreadsheet load the new contracts come from. */
  dataLoadId?: string;
  /** Starts copying the documents the written contracts link to, once the write commits (decision 0037). */
  backups?: Pick<AppDeps, 'jobs' | 'config'>;
}

export interface SaveResult {
  outcomes: RowOutcome[];
  /** Whether anything was written. */
  written: boolean;
}

type Checked = { index: number; id?: string; fingerprint?: string | null; values: ContractValues };

/** The fields in their columns. */
function columnsOf(values: ContractValues): Partial<NewContract> {
  return Object.fromEntries(
    CONTRACT_FIELD_KEYS.map((key) => [CONTRACT_FIELDS[key].column, values[key]]),
  ) as Partial<NewContract>;
}

/** The rules of the field definitions, row by row. */
function checkRules(rows: readonly ContractWrite[]): { checked: Checked[]; refused: RowOutcome[] } {
  const checked: Checked[] = [];
  const refused: RowOutcome[] = [];
  rows.forEach((row, index) => {
    const { _id, _fingerprint, ...input } = row;
    // A contract loaded without a number is known by its fingerprint (data-load-rules.md).
    const schema = _fingerprint ? LoadedContractSchema : ContractInputSchema;
    const parsed = schema.safeParse(input);
    if (parsed.success) checked.push({ index, id: _id, fingerprint: _fingerprint, values: parsed.data });
    else
      refused.push({
        index,
        status: 'refused',
        code: 'BAD_REQUEST',
        problems: parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? '_id') as ContractField,
          message: issue.message,
        })),
      });
  });
  return { checked, refused };
}

/** Supplier and units: live rows of this monitor; updated contracts: live contracts of this monitor. */
async function checkReferences(tx: Database, organizationId: string, rows: Checked[]) {
  const supplierIds = new Set<string>();
  const unitIds = new Set<string>();
  for (const { values } of rows) {
    if (values.supplier) supplierIds.add(values.supplier);
    unitIds.add(values.organizerAdministrativeUnit);
    unitIds.add(values.applicantAdministrativeUnit);
  }
  const updated = rows.flatMap((row) => (row.id ? [row.id] : []));
  // One after the other: a transaction is one connection, which runs one query at a time.
  const liveSuppliers = await liveSupplierIds(tx, organizationId, [...supplierIds]);
  const liveUnits = await liveUnitIds(tx, organizationId, [...unitIds]);
  const liveContracts = await liveContractIds(tx, organizationId, updated);
  return (row: Checked): RowOutcome | null => {
    const problems: FieldProblem[] = [];
    const { values } = row;
    if (values.supplier && !liveSuppliers.has(values.supplier))
      problems.push({ field: 'supplier', message: CONTRACT_MESSAGES.supplierUnknown });
    for (const field of ['organizerAdministrativeUnit', 'applicantAdministrativeUnit'] as const)
      if (!liveUnits.has(values[field])) problems.push({ field, message: CONTRACT_MESSAGES.unitUnknown });
    if (problems.length > 0) return { index: row.index, status: 'refused', code: 'BAD_REQUEST', problems };
    if (row.id && !liveContracts.has(row.id))
      return {
        index: row.index,
        status: 'refused',
        code: 'NOT_FOUND',
        problems: [{ field: '_id', message: CONTRACT_MESSAGES.notFound }],
      };
    return null;
  };
}

/** A contract number is the monitor's identity of a contract: one live row per number. */
async function checkNumbers(tx: Database, organizationId: string, rows: Checked[]) {
  const numbers = [
    ...new Set(rows.flatMap((row) => (row.values.contractNumber ? [row.values.contractNumber] : []))),
  ];
  const holders = await contractsNumbered(tx, organizationId, numbers);
  const claimed = new Set<string>();
  return (row: Checked): RowOutcome | null => {
    const number = row.values.contractNumber;
    if (!number) return null;
    const holder = holders.get(number);
    const taken = (holder !== undefined && holder !== row.id) || claimed.has(number);
    claimed.add(number);
    return taken
      ? {
          index: row.index,
          status: 'refused',
          code: 'CONFLICT',
          problems: [{ field: 'contractNumber', message: CONTRACT_MESSAGES.numberTaken }],
        }
      : null;
  };
}

/** A unique index met by a write (two saves at once): the Spanish conflict message. */
function conflictOf(error: unknown): AppError | null {
  const cause = ((error as { cause?: unknown }).cause ?? error) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (cause.code !== '23505') return null;
  const number =
    cause.constraint === 'contracts_number_key' || cause.message?.includes('contracts_number_key');
  return new AppError(
    'CONFLICT',
    number ? CONTRACT_MESSAGES.numberTaken : 'El registro entra en conflicto con otro existente.',
  );
}

/**
 * Writes contracts of one monitor in one transaction and tells what happened to each row. Rows that
 * break a rule are refused (with the field and the Spanish message); by default one refused row
 * writes nothing. New rows go in with a few multi-row statements; an unexpected error rolls the
 * whole batch back and is thrown.
 */
export async function saveContracts(
  db: Database,
  rows: readonly ContractWrite[],
  monitor: { id: string },
  actor: WriteActor,
  options: SaveOptions,
): Promise<SaveResult> {
  const { checked, refused } = checkRules(rows);
  try {
    return await db.transaction(async (tx) => {
      const referenceOf = await checkReferences(tx, monitor.id, checked);
      const numberOf = await checkNumbers(tx, monitor.id, checked);
      const outcomes: RowOutcome[] = [...refused];
      const accepted: (Checked & { id: string; created: boolean })[] = [];
      for (const row of checked) {
        const problem = referenceOf(row) ?? numberOf(row);
        if (problem) outcomes.push(problem);
        else accepted.push({ ...row, id: row.id ?? newId(), created: !row.id });
      }
      outcomes.sort((a, b) => a.index - b.index);
      const anyRefused = outcomes.length > 0;
      if (accepted.length === 0 || (anyRefused && options.onRefused !== 'skip'))
        return {
          outcomes: [...outcomes, ...accepted.map(toOutcome)].sort((a, b) => a.index - b.index),
          written: false,
        };
      const now = options.now;
      await insertContracts(
        tx,
        accepted
          .filter((row) => row.created)
          .map((row) => ({
            ...columnsOf(row.values),
            id: row.id,
            organizationId: monitor.id,
            importFingerprint: row.values.contractNumber ? null : (row.fingerprint ?? null),
            dataLoadId: options.dataLoadId ?? null,
            createdBy: actor.userId,
            updatedBy: actor.userId,
          })) as NewContract[],
      );
      for (const row of accepted.filter((item) => !item.created)) {
        const found = await updateContract(tx, monitor.id, row.id, {
          ...columnsOf(row.values),
          updatedBy: actor.userId,
          updatedAt: now,
        });
        // Deleted meanwhile: the whole batch goes back.
        if (!found) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.notFound);
      }
      // The documents they link to, registered with them: their copies follow in the background.
      const links = documentLinksOf(accepted.map((row) => row.values));
      await registerDocuments(tx, monitor.id, links);
      if (links.length > 0 && options.backups) await requestBackups(options.backups, tx);
      return {
        outcomes: [...outcomes, ...accepted.map(toOutcome)].sort((a, b) => a.index - b.index),
        written: true,
      };
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

const toOutcome = (row: { index: number; id: string; created: boolean }): RowOutcome => ({
  index: row.index,
  status: row.created ? 'created' : 'updated',
  id: row.id,
});
