import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { AMENDMENT_CATEGORIES, COUNTED_PROCEDURE_STATE } from '../../../shared/constants/enums';
import { administrativeUnits, suppliers } from './catalogues';
import { createdAt, id, money, searchable, softDelete, updatedAt, xid8 } from './columns';
import {
  administrativeUnitTypeEnum,
  contractCategoryEnum,
  contractTypeEnum,
  partyRoleEnum,
  procedureStateEnum,
  procedureTypeEnum,
} from './enums';
import { organizations } from './organizations';

/**
 * The one rule for money as SQL, built from its shared definition (COUNTED_PROCEDURE_STATE,
 * AMENDMENT_CATEGORIES); the text is the one migration 0001 created, so it needs no migration.
 */
const countsInTotalsSql = sql.raw(
  `procedure_state IS NOT DISTINCT FROM '${COUNTED_PROCEDURE_STATE}'::procedure_state AND (category IS NULL OR category NOT IN (${AMENDMENT_CATEGORIES.map((category) => `'${category}'::contract_category`).join(', ')}))`,
);

/**
 * Every write of a contract takes the next number of this sequence (its OCDS release's number,
 * decision 0051): on insert by the column's default, on update by the trigger of migration 0031.
 */
export const contractChangeSeq = pgSequence('contract_change_seq');

/**
 * One public contract (or one "no procedures held" placeholder when isEmpty), with every field of
 * the transparency format and of both specs.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    supplierId: uuid().references(() => suppliers.id),
    procedureType: procedureTypeEnum().notNull(),
    /** "Materia"; null when the source gave none. */
    category: contractCategoryEnum(),
    /** Administration period, e.g. `2021-2024`. */
    administrationPeriod: text().notNull(),
    /** Fiscal year, e.g. `2022`. */
    fiscalYear: text().notNull(),
    /** Reported quarter, e.g. `1o 2022`. */
    period: text().notNull(),
    /** Process identifier ("ID" of the format; the original calls it contractId). */
    contractId: text(),
    partida: text(),
    procedureState: procedureStateEnum(),
    announcementUrl: text(),
    announcementDate: date({ mode: 'string' }),
    servicesDescription: text(),
    clarificationMeetingDate: date({ mode: 'string' }),
    clarificationMeetingJudgmentUrl: text(),
    presentationProposalsDocUrl: text(),
    organizerAdministrativeUnitId: uuid()
      .notNull()
      .references(() => administrativeUnits.id),
    applicantAdministrativeUnitId: uuid()
      .notNull()
      .references(() => administrativeUnits.id),
    administrativeUnitType: administrativeUnitTypeEnum(),
    contractNumber: text(),
    contractDate: date({ mode: 'string' }),
    contractType: contractTypeEnum(),
    totalAmount: money(),
    minAmount: money(),
    maxAmount: money(),
    /** The total for NORMAL contracts, the maximum for OPEN ones: every money figure sums this. */
    totalOrMaxAmount: money(),
    contractUrl: text(),
    areaInCharge: text(),
    /** The area that executes the contract (format 28's 'Área(s) responsable de su ejecución'). */
    executingArea: text(),
    updateDate: date({ mode: 'string' }),
    notes: text(),
    karewaNotes: text(),
    informationDate: date({ mode: 'string' }),
    /** Direct awards only: whether the award exceeded the legal limit, and by how much. */
    limitExceeded: boolean(),
    amountExceeded: money(),
    /** The row states that no procedures were held in the period. */
    isEmpty: boolean().notNull().default(false),
    /** The data load that created the row, if any. */
    dataLoadId: uuid(),
    /**
     * A contract loaded from a sheet without a contract number: the fingerprint of its data
     * (data-load-rules.md, 'Identity'), so the same row loaded again is known as a duplicate.
     */
    importFingerprint: text(),
    /**
     * The one rule for money (docs/decisions/0004-one-rule-for-money.md): concluded contracts that
     * are not amendments count in totals, tiles and charts.
     */
    countsInTotals: boolean().generatedAlwaysAs(() => countsInTotalsSql),
    searchText: text().generatedAlwaysAs(() =>
      searchable(
        sql`coalesce(contract_id, '') || ' ' || coalesce(contract_number, '') || ' ' || coalesce(services_description, '')`,
      ),
    ),
    createdBy: uuid(),
    updatedBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
    /**
     * The write's change number and the transaction that made it (decision 0051): a contract's
     * release is its ocid and this number; the releases' cursor walks (changeXid, change) and serves
     * only what transactions older than every running one wrote, so none is skipped or repeated.
     * Set by the column defaults on insert and by the contracts_changed trigger on update.
     */
    change: bigint({ mode: 'number' }).notNull().default(sql`nextval('contract_change_seq')`),
    changeXid: xid8().notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => {
    const live = sql`deleted_at IS NULL`;
    return [
      uniqueIndex('contracts_number_key')
        .on(t.organizationId, t.contractNumber)
        .where(sql`deleted_at IS NULL AND contract_number IS NOT NULL`),
      uniqueIndex('contracts_fingerprint_key')
        .on(t.organizationId, t.importFingerprint)
        .where(sql`deleted_at IS NULL AND import_fingerprint IS NOT NULL`),
      index('contracts_org_amount_idx')
        .on(t.organizationId, t.totalOrMaxAmount.desc().nullsLast(), t.id.desc())
        .where(live),
      // Lists filtered by procedure type read that type in amount order, without sorting.
      index('contracts_org_type_amount_idx')
        .on(t.organizationId, t.procedureType, t.totalOrMaxAmount.desc().nullsLast(), t.id.desc())
        .where(live),
      // The catalogue's named sorts (decision 0021) each walk one of these: (monitor, column, id),
      // nullable columns with empty values as the smallest (last in descending order).
      index('contracts_org_admin_period_idx').on(t.organizationId, t.administrationPeriod, t.id).where(live),
      index('contracts_org_fiscal_year_idx').on(t.organizationId, t.fiscalYear, t.id).where(live),
      index('contracts_org_procedure_type_idx').on(t.organizationId, t.procedureType, t.id).where(live),
      index('contracts_org_procedure_state_idx')
        .on(t.organizationId, t.procedureState.desc().nullsLast(), t.id.desc())
        .where(live),
      index('contracts_org_number_idx')
        .on(t.organizationId, t.contractNumber.desc().nullsLast(), t.id.desc())
        .where(live),
      // Sorting by supplier name walks the suppliers by name and reads each one's contracts here.
      index('contracts_org_supplier_id_idx').on(t.organizationId, t.supplierId, t.id).where(live),
      index('contracts_org_period_idx').on(t.organizationId, t.period).where(live),
      // A supplier's most recent contracts of each procedure type (supplier detail groups).
      index('contracts_org_supplier_type_date_idx')
        .on(t.organizationId, t.supplierId, t.procedureType, t.contractDate.desc().nullsLast(), t.id.desc())
        .where(live),
      index('contracts_org_applicant_unit_idx')
        .on(t.organizationId, t.applicantAdministrativeUnitId, t.id)
        .where(live),
      index('contracts_org_organizer_unit_idx')
        .on(t.organizationId, t.organizerAdministrativeUnitId, t.id)
        .where(live),
      index('contracts_org_contract_date_idx')
        .on(t.organizationId, t.contractDate.desc().nullsLast(), t.id.desc())
        .where(live),
      index('contracts_org_updated_idx').on(t.organizationId, t.updatedAt.desc()),
      // The catalogue's default order (newest first, id breaking ties): a page is a few index steps.
      index('contracts_org_created_idx')
        .on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(live),
      // The releases API's pages: a monitor's live contracts in the order of their writes.
      index('contracts_org_change_idx').on(t.organizationId, t.changeXid, t.change).where(live),
      // The open data's bulk files walk a monitor's live contracts by id.
      index('contracts_org_id_idx').on(t.organizationId, t.id).where(live),
      // An amendment row's parent: the monitor's contracts of one process ID.
      index('contracts_org_process_idx')
        .on(t.organizationId, t.contractId)
        .where(sql`deleted_at IS NULL AND contract_id IS NOT NULL`),
      index('contracts_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
      index('contracts_data_load_idx').on(t.dataLoadId),
    ];
  },
);

/**
 * The people and companies of a contract's procedure (issue 30): who bid, who was invited, who
 * attended the clarification meeting and the officials there, and who owns the winner; in the
 * order the source gave them. Written with the contract by the one write path.
 */
export const contractParties = pgTable(
  'contract_parties',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    role: partyRoleEnum().notNull(),
    position: integer().notNull(),
    name: text().notNull(),
    /** As published (an RFC that does not follow the SAT's pattern is kept as it is). */
    rfc: text(),
    /** An official's post (clarification meeting). */
    post: text(),
    /** The quotation's amount, where the source gives it (the 2018–2023 direct-award quotations). */
    quoteAmount: money(),
  },
  (t) => [
    index('contract_parties_contract_idx').on(t.contractId, t.role, t.position),
    // A supplier's page lists the procedures it bid in (by RFC, else by name).
    index('contract_parties_org_rfc_idx').on(t.organizationId, t.role, t.rfc).where(sql`rfc IS NOT NULL`),
  ],
);

/** A contract's amendments (convenios modificatorios), in the order the source gave them. */
export const contractAmendments = pgTable(
  'contract_amendments',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    number: text(),
    object: text(),
    signedDate: date({ mode: 'string' }),
    /** The amendment's document (backed up like the contract's other documents). */
    url: text(),
  },
  (t) => [index('contract_amendments_contract_idx').on(t.contractId, t.position)],
);

/** A contract's budget lines (partida presupuestal, by the COG's code). */
export const contractBudgetLines = pgTable(
  'contract_budget_lines',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    code: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.position] })],
);

/**
 * A contract's earlier states (decision 0051): when a write changes a contract (an edit, a load
 * that updates it, its deletion), the contracts_changed trigger keeps the state it had, with what
 * it kept beside its fields, as the OCDS release it was published as. A record's history and the
 * releases API read these with the contracts' current states; a deleted contract stays here.
 */
export const contractHistory = pgTable(
  'contract_history',
  {
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    change: bigint({ mode: 'number' }).notNull(),
    changeXid: xid8().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    /** The contracts row as it was (to_jsonb, its columns' names). */
    contract: jsonb().notNull(),
    /** Its parties, amendments and budget lines as they were: { parties, amendments, budgetLines }. */
    relations: jsonb().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.change] }),
    index('contract_history_org_change_idx').on(t.organizationId, t.changeXid, t.change),
    index('contract_history_org_updated_idx').on(t.organizationId, t.updatedAt),
  ],
);
