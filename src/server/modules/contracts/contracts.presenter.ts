import type { ProcedureType } from '../../../shared/constants/enums';
import type { ContractDetail, ContractListItem, ContractTotals } from '../../../shared/schemas/contracts';
import type { TypeFigures } from '../figures/figures';
import { round } from '../figures/money-rule';
import type { ContractDetailRow, ContractRow } from './contracts.repository';

const reference = (id: string | null, name: string | null) =>
  id && name !== null ? { _id: id, name } : null;

export function presentContract(row: ContractRow): ContractListItem {
  return {
    _id: row.id,
    contractId: row.contractId,
    contractNumber: row.contractNumber,
    servicesDescription: row.servicesDescription,
    totalOrMaxAmount: row.totalOrMaxAmount,
    contractDate: row.contractDate,
    procedureType: row.procedureType,
    procedureState: row.procedureState,
    category: row.category,
    contractType: row.contractType,
    notes: row.notes,
    announcementUrl: row.announcementUrl,
    contractUrl: row.contractUrl,
    presentationProposalsDocUrl: row.presentationProposalsDocUrl,
    informationDate: row.informationDate,
    administrationPeriod: row.administrationPeriod,
    fiscalYear: row.fiscalYear,
    period: row.period,
    isEmpty: row.isEmpty,
    countsInTotals: row.countsInTotals === true,
    supplier: reference(row.supplierId, row.supplierName),
    applicantAdministrativeUnit: reference(row.applicantId, row.applicantName),
  };
}

export function presentContractDetail(row: ContractDetailRow): ContractDetail {
  return {
    ...presentContract(row),
    partida: row.partida,
    announcementDate: row.announcementDate,
    clarificationMeetingDate: row.clarificationMeetingDate,
    clarificationMeetingJudgmentUrl: row.clarificationMeetingJudgmentUrl,
    organizerAdministrativeUnit: reference(row.organizerId, row.organizerName),
    administrativeUnitType: row.administrativeUnitType,
    totalAmount: row.totalAmount,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    areaInCharge: row.areaInCharge,
    updateDate: row.updateDate,
    limitExceeded: row.limitExceeded,
    amountExceeded: row.amountExceeded,
    contractUrlBackup: row.contractUrlBackupFileId,
    announcementUrlBackup: row.announcementUrlBackupFileId,
    clarificationMeetingJudgmentUrlBackup: row.clarificationMeetingJudgmentUrlBackupFileId,
    presentationProposalsDocUrlBackup: row.presentationProposalsDocUrlBackupFileId,
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
    PUBLIC: round(of('PUBLIC')?.amount ?? 0),
    INVITATION: round(of('INVITATION')?.amount ?? 0),
    NO_BID: round(of('NO_BID')?.amount ?? 0),
  };
  totals.totalCount = totals.publicCount + totals.invitationCount + totals.noBidCount;
  totals.totalAmount = round(rows.reduce((sum, row) => sum + row.amount, 0));
  return totals;
}
