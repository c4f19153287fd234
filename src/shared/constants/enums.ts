/**
 * Domain enumerations shared by the database schema, the API contracts and the web app.
 * The stored codes follow the specs; Spanish labels live next to them so that exports,
 * the UI and the API agree on one wording.
 */

export const PROCEDURE_TYPES = ['PUBLIC', 'INVITATION', 'NO_BID'] as const;
export type ProcedureType = (typeof PROCEDURE_TYPES)[number];
export const PROCEDURE_TYPE_LABELS: Record<ProcedureType, string> = {
  PUBLIC: 'Pública',
  INVITATION: 'Por invitación',
  NO_BID: 'Adjudicación Directa',
};

export const PROCEDURE_STATES = ['CONCLUDED', 'IN_PROGRESS', 'CANCELED', 'DESERTED'] as const;
export type ProcedureState = (typeof PROCEDURE_STATES)[number];
export const PROCEDURE_STATE_LABELS: Record<ProcedureState, string> = {
  CONCLUDED: 'Concluido',
  IN_PROGRESS: 'En progreso',
  CANCELED: 'Cancelado',
  DESERTED: 'Desierto',
};

/** Categories ("Materia"). The last three are amendments of an earlier contract. */
export const CONTRACT_CATEGORIES = [
  'ACQUISITION',
  'SERVICES',
  'LEASE',
  'PUBLIC_WORKS',
  'EXTENSION',
  'MODIFICATION',
  'ADENDUM',
] as const;
export type ContractCategory = (typeof CONTRACT_CATEGORIES)[number];
export const CONTRACT_CATEGORY_LABELS: Record<ContractCategory, string> = {
  ACQUISITION: 'Adquisición',
  SERVICES: 'Servicios',
  LEASE: 'Arrendamiento',
  PUBLIC_WORKS: 'Obra pública',
  EXTENSION: 'Ampliación',
  MODIFICATION: 'Modificación',
  ADENDUM: 'Adendum',
};

/**
 * The document links a contract may carry (its columns: contractUrl, announcementUrl,
 * clarificationMeetingJudgmentUrl, presentationProposalsDocUrl); the contracts list can show the
 * contracts without one of them (the index's transparency indicators link there).
 */
export const CONTRACT_DOCUMENTS = ['CONTRACT', 'ANNOUNCEMENT', 'JUDGMENT', 'PROPOSALS'] as const;
export type ContractDocument = (typeof CONTRACT_DOCUMENTS)[number];
/** The contract field that links to each document. */
export const CONTRACT_DOCUMENT_FIELDS = {
  CONTRACT: 'contractUrl',
  ANNOUNCEMENT: 'announcementUrl',
  JUDGMENT: 'clarificationMeetingJudgmentUrl',
  PROPOSALS: 'presentationProposalsDocUrl',
} as const satisfies Record<ContractDocument, string>;
export const CONTRACT_DOCUMENT_LABELS: Record<ContractDocument, string> = {
  CONTRACT: 'Contrato',
  ANNOUNCEMENT: 'Convocatoria o invitación',
  JUDGMENT: 'Fallo de la junta de aclaraciones',
  PROPOSALS: 'Presentación de propuestas',
};

/**
 * Amendment categories: contracts of these categories change an earlier contract, so they are
 * left out of every money total (see docs/decisions/0004-one-rule-for-money.md).
 */
export const AMENDMENT_CATEGORIES = [
  'EXTENSION',
  'MODIFICATION',
  'ADENDUM',
] as const satisfies readonly ContractCategory[];

/**
 * The one rule for money (decision 0004), defined here once: a contract counts in sums and money
 * counts when its state is this one and its category is none of AMENDMENT_CATEGORIES. The
 * database's generated column `contracts.counts_in_totals` is built from these two constants.
 */
export const COUNTED_PROCEDURE_STATE = 'CONCLUDED' as const satisfies ProcedureState;

export const ADMINISTRATIVE_UNIT_TYPES = ['CENTRALIZED', 'DESCENTRALIZED'] as const;
export type AdministrativeUnitType = (typeof ADMINISTRATIVE_UNIT_TYPES)[number];
export const ADMINISTRATIVE_UNIT_TYPE_LABELS: Record<AdministrativeUnitType, string> = {
  CENTRALIZED: 'Centralizada',
  DESCENTRALIZED: 'Descentralizada',
};

export const CONTRACT_TYPES = ['NORMAL', 'OPEN'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  NORMAL: 'Normal',
  OPEN: 'Abierto',
};

export const ADMINISTRATOR_TYPES = ['GENERAL', 'CUSTOM'] as const;
export type AdministratorType = (typeof ADMINISTRATOR_TYPES)[number];

export const PERMISSIONS = [
  'USERS',
  'SUPPLIERS',
  'ORGANIZATIONS',
  'ADMINISTRATIVE_UNITS',
  'CONTRACTS',
  'RESOURCES',
  'CALCULATIONS',
  'SETTINGS',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const RESOURCE_CLASSIFICATIONS = ['ARTICLE', 'LEGAL_FRAMEWORK', 'NOTES', 'WEBSITE'] as const;
export type ResourceClassification = (typeof RESOURCE_CLASSIFICATIONS)[number];
export const RESOURCE_CLASSIFICATION_LABELS: Record<ResourceClassification, string> = {
  ARTICLE: 'Artículo',
  LEGAL_FRAMEWORK: 'Marco Legal',
  NOTES: 'Notas',
  WEBSITE: 'Sitio web',
};

export const CALCULATION_TYPES = ['GENERAL', 'CONTRACT'] as const;
export type CalculationType = (typeof CALCULATION_TYPES)[number];

export const DISPLAY_FORMS = ['NORMAL', 'AMOUNT', 'PERCENTAGE'] as const;
export type DisplayForm = (typeof DISPLAY_FORMS)[number];

export const FILTER_OPERATORS = [
  'EQUAL',
  'GREATER',
  'GREATER_EQUAL',
  'LESS',
  'LESS_EQUAL',
  'NOT_EQUAL',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * UPLOADING: the sheet is being read and checked; CURRENT: waiting for review; FAILED: the sheet
 * could not be read (the load keeps its message); CONFIRMED and CANCELLED are final.
 */
export const DATA_LOAD_STATUSES = ['UPLOADING', 'CURRENT', 'CONFIRMED', 'CANCELLED', 'FAILED'] as const;
export type DataLoadStatus = (typeof DATA_LOAD_STATUSES)[number];

export const DATA_LOAD_ROW_STATUSES = ['NO_ISSUES', 'SKIPPED', 'ERROR', 'NOT_CONTRACT'] as const;
export type DataLoadRowStatus = (typeof DATA_LOAD_ROW_STATUSES)[number];

/** Notification colours of the original (blue, red, green) as meanings. */
export const NOTIFICATION_STATUSES = ['INFO', 'DANGER', 'SUCCESS'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const TOKEN_PURPOSES = ['RESET', 'INVITATION'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** What a stored file is for; decides how it may be served. */
export const FILE_KINDS = [
  'COVER',
  'PROFILE_PICTURE',
  'RESOURCE_IMAGE',
  'DOCUMENT_BACKUP',
  'DATA_LOAD',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];
