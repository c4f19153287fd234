import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { procedureTypeEnum } from './enums';
import { organizations } from './organizations';

/**
 * Pre-aggregated contracts of a monitor, so totals, counts and charts never scan a million
 * contracts: one row per combination of the public filters except supplier and search.
 * `contracts` counts every listed contract; `counted` and `amount` apply the one rule for money.
 * Kept exact in every write by triggers on contracts (decision 0027): a row per key, added to and
 * subtracted from, deleted when it holds no contract.
 */
export const contractCube = pgTable(
  'contract_cube',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
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
  (t) => [
    uniqueIndex('contract_cube_key').on(
      t.organizationId,
      t.administrationPeriod,
      t.fiscalYear,
      t.period,
      t.procedureType,
      t.applicantAdministrativeUnitId,
      t.organizerAdministrativeUnitId,
    ),
  ],
);

/** Per supplier, administration period and procedure type: the suppliers list and supplier totals. */
export const supplierCube = pgTable(
  'supplier_cube',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    administrationPeriod: text().notNull(),
    procedureType: procedureTypeEnum().notNull(),
    supplierId: uuid().notNull(),
    contracts: integer().notNull(),
    counted: integer().notNull(),
    amount: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('supplier_cube_key').on(
      t.organizationId,
      t.administrationPeriod,
      t.procedureType,
      t.supplierId,
    ),
    index('supplier_cube_org_supplier_idx').on(t.organizationId, t.supplierId),
  ],
);

/** The figures of a suppliers-list row (and of their totals): counts and amounts per procedure type. */
const supplierFigures = () => ({
  contractsCount: integer().notNull(),
  publicCount: integer().notNull(),
  invitationCount: integer().notNull(),
  noBidCount: integer().notNull(),
  public: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
  invitation: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
  noBid: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
  total: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
});

/**
 * Suppliers with their figures, per administration period and over all periods (administration
 * period ''), for the suppliers list: a page is an ordered read of the (total DESC, name, id)
 * index with OFFSET, not an aggregation. Kept by the contracts' triggers; a supplier's rename
 * updates its copied name (trigger on suppliers).
 */
export const supplierRanking = pgTable(
  'supplier_ranking',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    administrationPeriod: text().notNull(),
    supplierId: uuid().notNull(),
    name: text().notNull(),
    ...supplierFigures(),
  },
  (t) => [
    uniqueIndex('supplier_ranking_key').on(t.organizationId, t.administrationPeriod, t.supplierId),
    index('supplier_ranking_order_idx').on(
      t.organizationId,
      t.administrationPeriod,
      t.total.desc(),
      t.name,
      t.supplierId,
    ),
    // The suppliers by their counted contracts: the writes count those above the average (migration 0026).
    index('supplier_ranking_counted_idx').on(
      t.organizationId,
      t.administrationPeriod,
      sql`(public_count + invitation_count + no_bid_count)`,
    ),
  ],
);

/**
 * Totals of supplier_ranking per administration period ('' for all), with the number of suppliers:
 * the tiles, TOTAL row and page count of the list. Also the concentration the index's supplier
 * variables read (migration 0026), over the suppliers with counted contracts: how many there are
 * ($NTP), how many reach 40% of the amount, largest first ($NPCGE; null when the amount is 0), and
 * how many are above the average amount ($NPEPE) and the average number of contracts ($NPEPCP).
 * The writes keep them like the rest, in proportion to what they change.
 */
export const supplierRankingTotals = pgTable(
  'supplier_ranking_totals',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    administrationPeriod: text().notNull(),
    suppliers: integer().notNull(),
    ...supplierFigures(),
    countedSuppliers: integer().notNull().default(0),
    leadingSuppliers: integer(),
    aboveAverageAmount: integer().notNull().default(0),
    aboveAverageContracts: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'supplier_ranking_totals_pkey', columns: [t.organizationId, t.administrationPeriod] }),
  ],
);

/**
 * What the corruption-risk index's variables count (shared/calculations/variables.ts), for the
 * concluded contracts of a monitor per administration period, quarter, procedure type and convening
 * unit (a quarter, unit and kind of procedure is one XXVIII format). Kept exact in every write by
 * triggers on contracts, like the cubes (migration 0018). `concluded` counts every concluded
 * contract (a row goes when it reaches 0); `extensions` the concluded ampliaciones; every other
 * count is of the contracts that count in the totals: without folio, over the direct-award limit,
 * with the contract, call and clarification-meeting links, with the date the data was obtained
 * (`dated`) and with that date after the format's deadline (`late`).
 */
export const indexCube = pgTable(
  'index_cube',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    administrationPeriod: text().notNull(),
    period: text().notNull(),
    procedureType: procedureTypeEnum().notNull(),
    organizerAdministrativeUnitId: uuid().notNull(),
    concluded: integer().notNull(),
    counted: integer().notNull(),
    amount: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
    withoutFolio: integer().notNull(),
    overLimit: integer().notNull(),
    extensions: integer().notNull(),
    withContractUrl: integer().notNull(),
    withAnnouncementUrl: integer().notNull(),
    withJudgmentUrl: integer().notNull(),
    dated: integer().notNull(),
    late: integer().notNull(),
  },
  (t) => [
    uniqueIndex('index_cube_key').on(
      t.organizationId,
      t.administrationPeriod,
      t.period,
      t.procedureType,
      t.organizerAdministrativeUnitId,
    ),
  ],
);

/**
 * The last full rebuild of each monitor's cubes (the repair job, decision 0027): the data version
 * it saw, when and how long it took. Nothing reads it to decide freshness any more.
 */
export const cubeVersions = pgTable('cube_versions', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  dataVersion: bigint({ mode: 'number' }).notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  milliseconds: integer().notNull(),
});

/**
 * Searches of a monitor that match many contracts, whose figures the database keeps (decision
 * 0031): a search's count and per-type sums otherwise visit every match (300 ms for a word in 1%
 * of 5,000,000 contracts). `pattern` is the search as the contract search compares it
 * (containsPattern: '%' || lower(unaccent(text)) || '%'). Added by a job after a search found many
 * matches; removed with the monitor's suppliers' names changing (they are part of what a search
 * matches) and by the repair.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pattern: text().notNull(),
    keptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'search_terms_pkey', columns: [t.organizationId, t.pattern] })],
);

/** Per kept search and procedure type: the contracts it lists, and those counted and their amount. */
export const searchFigures = pgTable(
  'search_figures',
  {
    organizationId: uuid().notNull(),
    pattern: text().notNull(),
    procedureType: procedureTypeEnum().notNull(),
    contracts: integer().notNull(),
    counted: integer().notNull(),
    amount: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'search_figures_pkey', columns: [t.organizationId, t.pattern, t.procedureType] }),
    foreignKey({
      name: 'search_figures_term_fk',
      columns: [t.organizationId, t.pattern],
      foreignColumns: [searchTerms.organizationId, searchTerms.pattern],
    }).onDelete('cascade'),
  ],
);
