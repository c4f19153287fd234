import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { procedureTypeEnum } from './enums';
import { organizations } from './organizations';

/**
 * Pre-aggregated contracts of a monitor, so totals, counts and charts never scan a million
 * contracts: one row per combination of the public filters except supplier and search.
 * `contracts` counts every listed contract; `counted` and `amount` apply the one rule for money.
 * Rebuilt from contracts when older than the monitor's data version (see cube_versions).
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
  (t) => [index('contract_cube_org_idx').on(t.organizationId, t.administrationPeriod)],
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
    index('supplier_cube_org_period_idx').on(t.organizationId, t.administrationPeriod),
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
 * Suppliers ranked by total, per administration period and over all periods (administration
 * period ''), for the suppliers list: any page is an ordered index read, not an aggregation.
 * Built from supplier_cube with the cubes; names are copied because any rename bumps the version.
 */
export const supplierRanking = pgTable(
  'supplier_ranking',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    administrationPeriod: text().notNull(),
    supplierId: uuid().notNull(),
    /** 1 for the largest total; a page of the list is a range of ranks. */
    rank: integer().notNull(),
    name: text().notNull(),
    ...supplierFigures(),
  },
  (t) => [index('supplier_ranking_rank_idx').on(t.organizationId, t.administrationPeriod, t.rank)],
);

/** Totals of supplier_ranking per administration period ('' for all): the tiles and TOTAL row of the list. */
export const supplierRankingTotals = pgTable(
  'supplier_ranking_totals',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    administrationPeriod: text().notNull(),
    suppliers: integer().notNull(),
    ...supplierFigures(),
  },
  (t) => [
    primaryKey({ name: 'supplier_ranking_totals_pkey', columns: [t.organizationId, t.administrationPeriod] }),
  ],
);

/** The data version each monitor's cubes were built from. */
export const cubeVersions = pgTable('cube_versions', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  dataVersion: bigint({ mode: 'number' }).notNull(),
  builtAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  milliseconds: integer().notNull(),
});
