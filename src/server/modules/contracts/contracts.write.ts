import { CONTRACT_FIELD_KEYS, CONTRACT_FIELDS, type ContractField } from '../../../shared/contracts/fields';
import { type ContractRelations, EditableRelationsSchema } from '../../../shared/contracts/relations';
import {
  CONTRACT_MESSAGES,
  ContractInputSchema,
  type ContractValues,
  Format28ContractSchema,
  LoadedContractSchema,
} from '../../../shared/contracts/schema';
import type { ErrorCode } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  contractsFingerprinted,
  contractsNumbered,
  type EncodedContract,
  encodeContract,
  insertContracts,
  liveContractIds,
  liveSupplierIds,
  liveUnitIds,
  type NewContract,
  updateContract,
} from './contracts-write.repository';

/** The write path's own lookups, also asked by a load's reading before it stages rows (which numbers and fingerprints the monitor has). */
export { contractsFingerprinted, contractsNumbered } from './contracts-write.repository';

import { writeRelations } from './contract-relations.repository';
import { type DocumentLink, documentLink, documentLinksOf, onceEach } from './document-links';

/**
 * The one way contracts are written (the catalogue's save and inline save; the spreadsheet import
 * next): the shared rules of the field definitions, the supplier and units checked against the
 * monitor, the contract number unique in the monitor (within the batch too), every row in one
 * transaction. The monitor's data version follows by the database's triggers (decision 0010).
 */

/**
 * A contract to write: its fields as the form or the import gives them; with `_id`, an update.
 * The import gives `_fingerprint` for a contract without a number (its identity in the monitor),
 * `_format` for a row of a format-28 workbook (its rules, decision 0050) and `_related` for what the
 * workbook's sub-tables say of it. The form gives `bidders`, `invited` and `amendments` (each list
 * given replaces the stored one; absent, it stays).
 */
export type ContractWrite = Record<string, unknown> & {
  _id?: string;
  _fingerprint?: string | null;
  _format?: 'FORMAT_28';
  _related?: ContractRelations;
};

/** The lists of a contract that the form edits, beside its fields. */
export type RelationField = 'bidders' | 'invited' | 'amendments';

export interface FieldProblem {
  field: ContractField | RelationField | '_id';
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
  /** Registers the documents the written contracts link to, in the write's transaction (decision 0037). */
  documents: DocumentRegistration;
  /** Decides the written contracts' own red flags in the write's transaction and asks for the rest (decision 0052). */
  flags: FlagRegistration;
}

/**
 * What a write does about red flags, inside its transaction (the red-flags module's
 * flagRegistration, passed in like the documents' registration): the written contracts' own flags
 * replaced, the monitor's recomputation asked for once the write commits.
 */
export type FlagRegistration = (
  tx: Database,
  organizationId: string,
  contractIds: readonly string[],
) => Promise<void>;

/**
 * What a write does with the documents its contracts link to, inside its transaction: the backups
 * module registers them and starts their copies once the write commits (backups.service.ts,
 * documentRegistration). The caller passes it in, so the write path imports no backups code.
 */
export type DocumentRegistration = (
  tx: Database,
  organizationId: string,
  links: readonly DocumentLink[],
) => Promise<void>;

export interface SaveResult {
  outcomes: RowOutcome[];
  /** Whether anything was written. */
  written: boolean;
}

type Checked = {
  index: number;
  id?: string;
  fingerprint?: string | null;
  values: ContractValues;
  /** The lists to write with the contract (those absent stay as they are). */
  relations: Partial<ContractRelations>;
};

/** A row that passed the rules, with what its write needs made ahead: its id, its encoded row, its links. */
type Prepared = Checked & {
  id: string;
  created: boolean;
  encoded: EncodedContract | null;
  links: DocumentLink[];
};

/**
 * Rows checked against the rules of the field definitions and made ready to write (prepareContracts).
 * Opaque to callers: only writeContracts reads it.
 */
export interface PreparedContracts {
  readonly checked: readonly Prepared[];
  readonly refused: readonly RowOutcome[];
  /** The monitor and the user the rows were prepared for: writeContracts writes them there, as them. */
  readonly monitorId: string;
  readonly userId: string;
}

const FIELD_COLUMNS = CONTRACT_FIELD_KEYS.map((key) => [key, CONTRACT_FIELDS[key].column] as const);

/** The fields in their columns, after `columns` (one loop: this runs for every row of a data load). */
function columnsOf(values: ContractValues, columns: Partial<NewContract> = {}): Partial<NewContract> {
  const row = columns as Record<string, unknown>;
  for (const [key, column] of FIELD_COLUMNS) row[column] = values[key];
  return columns;
}

/** The rules of the field definitions, row by row. */
function checkRules(rows: readonly ContractWrite[]): { checked: Checked[]; refused: RowOutcome[] } {
  const checked: Checked[] = [];
  const refused: RowOutcome[] = [];
  rows.forEach((row, index) => {
    const { _id, _fingerprint, _format, _related, bidders, invited, amendments, ...input } = row;
    // A contract loaded without a number is known by its fingerprint (data-load-rules.md).
    const schema =
      _format === 'FORMAT_28'
        ? Format28ContractSchema
        : _fingerprint
          ? LoadedContractSchema
          : ContractInputSchema;
    const parsed = schema.safeParse(input);
    const edited = EditableRelationsSchema.safeParse({ bidders, invited, amendments });
    if (parsed.success && edited.success) {
      const relations: Partial<ContractRelations> = { ..._related };
      for (const [key, list] of Object.entries(edited.data))
        if (list) Object.assign(relations, { [key]: list });
      checked.push({ index, id: _id, fingerprint: _fingerprint, values: parsed.data, relations });
    } else
      refused.push({
        index,
        status: 'refused',
        code: 'BAD_REQUEST',
        problems: [...(parsed.error?.issues ?? []), ...(edited.error?.issues ?? [])].map((issue) => ({
          field: String(issue.path[0] ?? '_id') as ContractField,
          message: issue.message,
        })),
      });
  });
  return { checked, refused };
}

/**
 * The part of a write that needs no database: the rules, new ids, the rows encoded for the INSERT
 * and their document links. A data load prepares its next page while the previous page is written.
 */
export function prepareContracts(
  rows: readonly ContractWrite[],
  monitor: { id: string },
  actor: WriteActor,
  options: Pick<SaveOptions, 'dataLoadId'> = {},
): PreparedContracts {
  const { checked, refused } = checkRules(rows);
  return {
    refused,
    monitorId: monitor.id,
    userId: actor.userId,
    checked: checked.map((row) => {
      const created = !row.id;
      const id = row.id ?? newId();
      const encoded = created
        ? encodeContract(
            columnsOf(row.values, {
              id,
              organizationId: monitor.id,
              importFingerprint: row.values.contractNumber ? null : (row.fingerprint ?? null),
              dataLoadId: options.dataLoadId ?? null,
              createdBy: actor.userId,
              updatedBy: actor.userId,
            }) as NewContract,
          )
        : null;
      const amendmentLinks = (row.relations.amendments ?? []).flatMap((amendment) => {
        const link = documentLink(amendment.url);
        return link ? [link] : [];
      });
      return {
        ...row,
        id,
        created,
        encoded,
        links: onceEach([...documentLinksOf([row.values]), ...amendmentLinks]),
      };
    }),
  };
}

/** Supplier and units: live rows of this monitor; updated contracts: live contracts of this monitor. */
async function checkReferences(tx: Database, organizationId: string, rows: readonly Prepared[]) {
  const supplierIds = new Set<string>();
  const unitIds = new Set<string>();
  for (const { values } of rows) {
    if (values.supplier) supplierIds.add(values.supplier);
    unitIds.add(values.organizerAdministrativeUnit);
    unitIds.add(values.applicantAdministrativeUnit);
  }
  const updated = rows.flatMap((row) => (row.created ? [] : [row.id]));
  // One after the other: a transaction is one connection, which runs one query at a time.
  const liveSuppliers = await liveSupplierIds(tx, organizationId, [...supplierIds]);
  const liveUnits = await liveUnitIds(tx, organizationId, [...unitIds]);
  const liveContracts = await liveContractIds(tx, organizationId, updated);
  return (row: Prepared): RowOutcome | null => {
    const problems: FieldProblem[] = [];
    const { values } = row;
    if (values.supplier && !liveSuppliers.has(values.supplier))
      problems.push({ field: 'supplier', message: CONTRACT_MESSAGES.supplierUnknown });
    for (const field of ['organizerAdministrativeUnit', 'applicantAdministrativeUnit'] as const)
      if (!liveUnits.has(values[field])) problems.push({ field, message: CONTRACT_MESSAGES.unitUnknown });
    if (problems.length > 0) return { index: row.index, status: 'refused', code: 'BAD_REQUEST', problems };
    if (!row.created && !liveContracts.has(row.id))
      return {
        index: row.index,
        status: 'refused',
        code: 'NOT_FOUND',
        problems: [{ field: '_id', message: CONTRACT_MESSAGES.notFound }],
      };
    return null;
  };
}

/**
 * A contract's identity in the monitor is its number, or for one loaded without a number its
 * fingerprint (data-load-rules.md): one live row per identity, in the batch too.
 */
async function checkIdentities(tx: Database, organizationId: string, rows: readonly Checked[]) {
  const numbers = new Set<string>();
  const fingerprints = new Set<string>();
  for (const { values, fingerprint } of rows) {
    if (values.contractNumber) numbers.add(values.contractNumber);
    else if (fingerprint) fingerprints.add(fingerprint);
  }
  const holders = await contractsNumbered(tx, organizationId, [...numbers]);
  const loaded = await contractsFingerprinted(tx, organizationId, [...fingerprints]);
  const claimed = new Set<string>();
  return (row: Checked): RowOutcome | null => {
    const number = row.values.contractNumber;
    if (number) {
      const holder = holders.get(number);
      const taken = (holder !== undefined && holder !== row.id) || claimed.has(`n:${number}`);
      claimed.add(`n:${number}`);
      return taken ? refusal(row, 'contractNumber', CONTRACT_MESSAGES.numberTaken) : null;
    }
    if (!row.fingerprint) return null;
    const taken = loaded.has(row.fingerprint) || claimed.has(`f:${row.fingerprint}`);
    claimed.add(`f:${row.fingerprint}`);
    return taken ? refusal(row, '_id', CONTRACT_MESSAGES.alreadyLoaded) : null;
  };
}

const refusal = (row: Checked, field: FieldProblem['field'], message: string): RowOutcome => ({
  index: row.index,
  status: 'refused',
  code: 'CONFLICT',
  problems: [{ field, message }],
});

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
export function saveContracts(
  db: Database,
  rows: readonly ContractWrite[],
  monitor: { id: string },
  actor: WriteActor,
  options: SaveOptions,
): Promise<SaveResult> {
  return writeContracts(db, prepareContracts(rows, monitor, actor, options), options);
}

/** saveContracts for rows prepared ahead: written to the monitor, as the user, they were prepared for. */
export async function writeContracts(
  db: Database,
  prepared: PreparedContracts,
  options: Omit<SaveOptions, 'dataLoadId'>,
): Promise<SaveResult> {
  const { checked, refused, userId } = prepared;
  const monitor = { id: prepared.monitorId };
  try {
    return await db.transaction(async (tx) => {
      const referenceOf = await checkReferences(tx, monitor.id, checked);
      const identityOf = await checkIdentities(tx, monitor.id, checked);
      const outcomes: RowOutcome[] = [...refused];
      const accepted: Prepared[] = [];
      for (const row of checked) {
        const problem = referenceOf(row) ?? identityOf(row);
        if (problem) outcomes.push(problem);
        else accepted.push(row);
      }
      outcomes.sort((a, b) => a.index - b.index);
      const anyRefused = outcomes.length > 0;
      if (accepted.length === 0 || (anyRefused && options.onRefused !== 'skip'))
        return {
          outcomes: [...outcomes, ...accepted.map(toOutcome)].sort((a, b) => a.index - b.index),
          written: false,
        };
      await insertContracts(
        tx,
        accepted.flatMap((row) => (row.encoded ? [row.encoded] : [])),
      );
      for (const row of accepted.filter((item) => !item.created)) {
        const found = await updateContract(tx, monitor.id, row.id, {
          ...columnsOf(row.values),
          updatedBy: userId,
          updatedAt: options.now,
        });
        // Deleted meanwhile: the whole batch goes back.
        if (!found) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.notFound);
      }
      // What each contract keeps beside its fields, with it: a new one's lists, an updated one's given lists.
      const withRelations = (created: boolean) =>
        accepted.flatMap((row) =>
          row.created === created && Object.keys(row.relations).length > 0
            ? [{ contractId: row.id, relations: row.relations }]
            : [],
        );
      await writeRelations(tx, monitor.id, withRelations(true), { replace: false });
      await writeRelations(tx, monitor.id, withRelations(false), { replace: true });
      // The documents they link to, registered with them: their copies follow in the background.
      const links = onceEach(accepted.flatMap((row) => row.links));
      await options.documents(tx, monitor.id, links);
      await options.flags(
        tx,
        monitor.id,
        accepted.map((row) => row.id),
      );
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
