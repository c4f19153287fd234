import {
  CONTRACT_DOCUMENTS,
  type ContractDocument,
  type ProcedureType,
} from '../../../shared/constants/enums';
import {
  CONTRACT_FIELD_KEYS,
  CONTRACT_FIELDS,
  isPlainField,
  type PlainField,
  plainFields,
  type ReferenceField,
} from '../../../shared/contracts/fields';
import {
  type ContractRelations,
  isContractSupplier,
  type PublicRelations,
} from '../../../shared/contracts/relations';
import { type ContractDoc, DETAIL_FIELDS, LISTED_FIELDS } from '../../../shared/contracts/schema';
import { roundHundredths } from '../../../shared/format/money';
import type { RedFlagCode } from '../../../shared/red-flags/definitions';
import type { DocumentBackup } from '../../../shared/schemas/backups';
import {
  type ContractDetail,
  type ContractListItem,
  type ContractTotals,
  type DocumentBackupField,
  documentBackupField,
} from '../../../shared/schemas/contracts';
import type { TypeFigures } from '../figures/figures';
import type { ContractDetailRow, ContractRow } from './contracts.repository';
import type { ContractCatalogueRow } from './contracts-catalogue.repository';

const reference = (id: string | null, name: string | null) =>
  id && name !== null ? { _id: id, name } : null;

/** The values of some plain fields of a row (read under the fields' names). */
function fieldValues<K extends PlainField, R extends Record<K, unknown>>(
  row: R,
  keys: readonly K[],
): Pick<R, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<R, K>;
}

const LISTED = plainFields(LISTED_FIELDS);
const DETAILED = plainFields(DETAIL_FIELDS);

/** A contract row with the codes of the red flags it raised (the list and the downloads look them up). */
export type FlaggedRow = ContractRow & { redFlags?: readonly RedFlagCode[] };

export function presentContract(row: FlaggedRow): ContractListItem {
  return {
    _id: row.id,
    ...fieldValues(row, LISTED),
    countsInTotals: row.countsInTotals === true,
    redFlags: [...(row.redFlags ?? [])],
    supplier: reference(row.supplierId, row.supplierName),
    applicantAdministrativeUnit: reference(row.applicantId, row.applicantName),
  };
}

/**
 * A contract's page: its fields, and its documents' copies (the original's four backup fields are
 * the newest copy of each).
 */
export function presentContractDetail(
  row: ContractDetailRow,
  backups: readonly DocumentBackup[],
  relations: PublicRelations,
  flags: Pick<ContractDetail, 'flags' | 'unevaluated' | 'flagsMethodVersion'>,
): ContractDetail {
  const newest = (document: ContractDocument) =>
    backups.find((backup) => backup.document === document)?.versions[0]?.fileId ?? null;
  return {
    ...presentContract(row),
    ...fieldValues(row, DETAILED),
    organizerAdministrativeUnit: reference(row.organizerId, row.organizerName),
    ...(Object.fromEntries(
      CONTRACT_DOCUMENTS.map((document) => [documentBackupField(document), newest(document)]),
    ) as Record<DocumentBackupField, string | null>),
    documentBackups: [...backups],
    ...relations,
    ...flags,
    redFlags: flags.flags.map((flag) => flag.code),
  };
}

/**
 * What the contract keeps beside its fields, as the public detail gives it: a bidder is marked as
 * the winner when it is the contract's supplier (by RFC, else by name).
 */
export function presentRelations(
  relations: ContractRelations,
  supplier: { name: string | null; rfc: string | null },
  copies: ReadonlyMap<string, string | null>,
): PublicRelations {
  const isWinner = isContractSupplier(supplier);
  return {
    bidders: relations.bidders.map((party) => ({
      name: party.name,
      rfc: party.rfc,
      isWinner: isWinner(party),
    })),
    invited: relations.invited.map(({ name, rfc }) => ({ name, rfc })),
    amendments: relations.amendments.map((amendment) => ({
      ...amendment,
      backupFileId: amendment.url ? (copies.get(amendment.url.trim()) ?? null) : null,
    })),
    beneficialOwners: relations.beneficialOwners,
    budgetLines: relations.budgetLines,
    clarificationAttendees: relations.clarificationAttendees.map(({ name, rfc }) => ({ name, rfc })),
    clarificationOfficials: relations.clarificationOfficials.map(({ name, rfc, post }) => ({
      name,
      rfc,
      post,
    })),
  };
}

/** Counts and sums per procedure type → the totals block of the spec (missing types are zero). */
export function presentTotals(rows: readonly TypeFigures[]): ContractTotals {
  const of = (type: ProcedureType) => rows.find((row) => row.procedureType === type);
  const totals: ContractTotals = {
    totalCount: 0,
    publicCount: of('PUBLIC')?.counted ?? 0,
    invitationCount: of('INVITATION')?.counted ?? 0,
    noBidCount: of('NO_BID')?.counted ?? 0,
    totalAmount: 0,
    PUBLIC: roundHundredths(of('PUBLIC')?.amount ?? 0),
    INVITATION: roundHundredths(of('INVITATION')?.amount ?? 0),
    NO_BID: roundHundredths(of('NO_BID')?.amount ?? 0),
  };
  totals.totalCount = totals.publicCount + totals.invitationCount + totals.noBidCount;
  totals.totalAmount = roundHundredths(rows.reduce((sum, row) => sum + row.amount, 0));
  return totals;
}

/** A contract as the catalogue shows it: each field from its column, references with their names. */
export function presentContractDoc({
  contract: row,
  supplierName,
  organizerName,
  applicantName,
}: ContractCatalogueRow): ContractDoc {
  const names: Record<ReferenceField, string | null> = {
    supplier: supplierName,
    organizerAdministrativeUnit: organizerName,
    applicantAdministrativeUnit: applicantName,
  };
  const fields = Object.fromEntries(
    CONTRACT_FIELD_KEYS.map((key) => {
      const value = row[CONTRACT_FIELDS[key].column];
      return [key, isPlainField(key) ? value : reference(value as string | null, names[key])];
    }),
  );
  return {
    _id: row.id,
    ...(fields as Omit<ContractDoc, '_id' | 'createdAt' | 'updatedAt'>),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
