import type { BulkColumn } from './bulk';
import type { ContractRow, SupplierRow, UnitRow } from './rows';

export const UNIT_COLUMNS: readonly BulkColumn<UnitRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'organization_id', type: 'uuid', value: (r) => r.organizationId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.createdAt },
];

export const SUPPLIER_COLUMNS: readonly BulkColumn<SupplierRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'organization_id', type: 'uuid', value: (r) => r.organizationId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'rfc', type: 'text', value: (r) => r.rfc },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.createdAt },
];

export const CONTRACT_COLUMNS: readonly BulkColumn<ContractRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'organization_id', type: 'uuid', value: (r) => r.organizationId },
  { name: 'supplier_id', type: 'uuid', value: (r) => r.supplierId },
  { name: 'procedure_type', type: 'procedure_type', value: (r) => r.procedureType },
  { name: 'category', type: 'contract_category', value: (r) => r.category },
  { name: 'administration_period', type: 'text', value: (r) => r.administrationPeriod },
  { name: 'fiscal_year', type: 'text', value: (r) => r.fiscalYear },
  { name: 'period', type: 'text', value: (r) => r.period },
  { name: 'contract_id', type: 'text', value: (r) => r.contractId },
  { name: 'partida', type: 'text', value: (r) => r.partida },
  { name: 'procedure_state', type: 'procedure_state', value: (r) => r.procedureState },
  { name: 'announcement_url', type: 'text', value: (r) => r.announcementUrl },
  { name: 'announcement_date', type: 'date', value: (r) => r.announcementDate },
  { name: 'services_description', type: 'text', value: (r) => r.servicesDescription },
  { name: 'clarification_meeting_date', type: 'date', value: (r) => r.clarificationMeetingDate },
  {
    name: 'clarification_meeting_judgment_url',
    type: 'text',
    value: (r) => r.clarificationMeetingJudgmentUrl,
  },
  { name: 'presentation_proposals_doc_url', type: 'text', value: (r) => r.presentationProposalsDocUrl },
  { name: 'organizer_administrative_unit_id', type: 'uuid', value: (r) => r.organizerAdministrativeUnitId },
  { name: 'applicant_administrative_unit_id', type: 'uuid', value: (r) => r.applicantAdministrativeUnitId },
  {
    name: 'administrative_unit_type',
    type: 'administrative_unit_type',
    value: (r) => r.administrativeUnitType,
  },
  { name: 'contract_number', type: 'text', value: (r) => r.contractNumber },
  { name: 'contract_date', type: 'date', value: (r) => r.contractDate },
  { name: 'contract_type', type: 'contract_type', value: (r) => r.contractType },
  { name: 'total_amount', type: 'numeric', value: (r) => r.totalAmount },
  { name: 'min_amount', type: 'numeric', value: (r) => r.minAmount },
  { name: 'max_amount', type: 'numeric', value: (r) => r.maxAmount },
  { name: 'total_or_max_amount', type: 'numeric', value: (r) => r.totalOrMaxAmount },
  { name: 'contract_url', type: 'text', value: (r) => r.contractUrl },
  { name: 'area_in_charge', type: 'text', value: (r) => r.areaInCharge },
  { name: 'update_date', type: 'date', value: (r) => r.updateDate },
  { name: 'notes', type: 'text', value: (r) => r.notes },
  { name: 'karewa_notes', type: 'text', value: (r) => r.karewaNotes },
  { name: 'information_date', type: 'date', value: (r) => r.informationDate },
  { name: 'limit_exceeded', type: 'boolean', value: (r) => r.limitExceeded },
  { name: 'amount_exceeded', type: 'numeric', value: (r) => r.amountExceeded },
  { name: 'is_empty', type: 'boolean', value: (r) => r.isEmpty },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.updatedAt },
];
