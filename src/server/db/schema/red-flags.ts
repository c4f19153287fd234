import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { xid8 } from './columns';
import { contracts } from './contracts';
import { procedureTypeEnum } from './enums';
import { organizations } from './organizations';

/**
 * Red flags per contract (issue 32, decision 0052). A monitor's parameters and switches, with the
 * method's version every change bumps; the flags each contract raised, with the facts that raised
 * them; the two installation-wide lists of suppliers (the SAT's art. 69-B list, the federal
 * directory of sanctioned suppliers), each replaced whole when a newer one is loaded.
 */

/** A monitor's red-flag parameters (RedFlagParameters, src/shared/red-flags) and the method's version. */
export const redFlagSettings = pgTable('red_flag_settings', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  parameters: jsonb().$type<Record<string, unknown>>().notNull(),
  methodVersion: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid(),
});

/**
 * A flag a contract raised: its code, the facts that raised it (what the contract page's sentence
 * is made of) and the method's version that last changed them (a change of parameters rewrites only
 * the flags whose facts it changes: rewriting every row held the monitor's flags for minutes). Only
 * raised flags are kept; the ones that could not be evaluated are known from the contract's own
 * fields when it is shown.
 */
export const contractFlags = pgTable(
  'contract_flags',
  {
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    // No foreign key: the contract's own names its monitor, and a check per flag row cost seconds
    // of a million contracts' recomputation (the contract's key cascades).
    organizationId: uuid().notNull(),
    code: text().notNull(),
    evidence: jsonb().$type<Record<string, unknown>>().notNull(),
    methodVersion: integer().notNull(),
    /**
     * The contract's total_or_max_amount, the list's order: a page of one flag's contracts is read
     * along this table's index instead of walking every contract in order (a flag of small
     * contracts, such as a chain's, sits at the end of it). Kept by the write path under the
     * monitor's flags and by the refresh.
     */
    amount: numeric({ precision: 18, scale: 2, mode: 'number' }),
    /**
     * The transaction that raised the flag (decision 0053): kept while the flag stays raised (a
     * recomputation or an edit updates the evidence, never this), so the alerts tell each raised
     * flag once. Flags raised before alerts existed have none.
     */
    raisedXid: xid8().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.code] }),
    // The alerts' look at the flags a monitor raised after a follow's cursor.
    index('contract_flags_org_raised_idx')
      .on(t.organizationId, t.raisedXid)
      .where(sql`raised_xid IS NOT NULL`),
    // The list filtered by a flag and the counts per flag: a monitor's contracts with a code.
    index('contract_flags_org_code_idx').on(t.organizationId, t.code, t.contractId),
    // A page of one flag's contracts in the list's order (amount, then id, largest first).
    index('contract_flags_org_code_amount_idx').on(
      t.organizationId,
      t.code,
      t.amount.desc().nullsLast(),
      t.contractId.desc().nullsLast(),
    ),
  ],
);

/** A list of suppliers loaded into the installation ('SAT_69B', 'SANCTIONS'): what was loaded, when and from where. */
export const supplierLists = pgTable('supplier_lists', {
  kind: text().primaryKey(),
  /** The list's own date (the SAT's 'Información actualizada al …'); null when the file does not say. */
  cutOff: date({ mode: 'string' }),
  loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** 'UPLOAD' (by an administrator) or 'URL' (fetched by the weekly job). */
  source: text().notNull(),
  sha256: text().notNull(),
  /** Rows read from the file (suppressed and fine-only ones included). */
  rows: integer().notNull(),
  loadedBy: uuid(),
});

/** The SAT's art. 69-B list: one row per RFC, its most severe current situation and the publications of its stages. */
export const sat69bEntries = pgTable('sat_69b_entries', {
  rfc: text().primaryKey(),
  name: text().notNull(),
  /** PRESUNTO, DESVIRTUADO, DEFINITIVO or SENTENCIA_FAVORABLE. */
  situation: text().notNull(),
  presumptionDof: date({ mode: 'string' }),
  presumptionSat: date({ mode: 'string' }),
  definitiveDof: date({ mode: 'string' }),
  definitiveSat: date({ mode: 'string' }),
  /** The stages' oficios and dates as published (dates that could not be read are kept as text). */
  stages: jsonb().$type<Record<string, unknown>>().notNull(),
});

/** The federal directory's debarments (inhabilitaciones) with an RFC and a window; fines alone raise nothing. */
export const sanctionedSuppliers = pgTable(
  'sanctioned_suppliers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    rfc: text().notNull(),
    name: text().notNull(),
    authority: text(),
    laws: text(),
    file: text(),
    debarmentFrom: date({ mode: 'string' }).notNull(),
    debarmentTo: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('sanctioned_suppliers_rfc_idx').on(t.rfc, t.debarmentFrom)],
);

/**
 * Per flag ('ANY' for any flag) and per the dimensions of contract_cube: the contracts carrying it,
 * those counted in totals and their amount. Rebuilt by the monitor's flag refresh after its flags
 * commit, it answers the list's totals filtered by one flag only while flag_cube_state says it was
 * built at the monitor's current data version (any write moves the version on; the contracts
 * themselves answer until the next rebuild), so it is never stale.
 */
export const flagCube = pgTable(
  'flag_cube',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    administrationPeriod: text().notNull(),
    fiscalYear: text().notNull(),
    period: text().notNull(),
    procedureType: procedureTypeEnum().notNull(),
    applicantAdministrativeUnitId: uuid().notNull(),
    organizerAdministrativeUnitId: uuid().notNull(),
    contracts: integer().notNull(),
    counted: integer().notNull(),
    amount: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('flag_cube_org_code_idx').on(t.organizationId, t.code, t.administrationPeriod)],
);

/** The data version of the monitor that its flag_cube rows were built from. */
export const flagCubeState = pgTable('flag_cube_state', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  dataVersion: bigint({ mode: 'number' }).notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The contracts a write flagged since the monitor's last refresh read them: a refresh computes its
 * flags from one snapshot without holding the monitor's flags, then applies what changed under
 * them, leaving out the contracts written after its snapshot (their writes queued the next refresh).
 */
export const flagWrites = pgTable(
  'flag_writes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: uuid().notNull(),
    contractId: uuid().notNull(),
  },
  (t) => [index('flag_writes_org_idx').on(t.organizationId, t.contractId)],
);
