import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DataLoadField,
  DataLoadSummary,
  StagedContract,
  StagedExtra,
} from '../../../shared/schemas/data-load';
import { createdAt, id, updatedAt } from './columns';
import { dataLoadRowStatusEnum, dataLoadStatusEnum } from './enums';
import { files, organizations } from './organizations';
import { users } from './users';

/** A spreadsheet upload of contracts: at most one in progress (UPLOADING or CURRENT) per monitor. */
export const dataLoads = pgTable(
  'data_loads',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    fileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /**
     * Every file of the upload in order, when it had several (format-28 workbooks of several
     * quarters or areas, issue 30): the first is `fileId` too. Empty for one file.
     */
    files: jsonb().$type<{ fileId: string; fileName: string }[]>().notNull().default([]),
    /**
     * The administration period chosen at the upload (YYYY-YYYY), applied to every row of a
     * format-28 workbook (which has none); null: each row takes the monitor's period of its year.
     */
    administrationPeriod: text(),
    status: dataLoadStatusEnum().notNull().default('UPLOADING'),
    summary: jsonb().$type<DataLoadSummary>(),
    /** Progress of reading and checking the sheet, shown while it is UPLOADING. */
    rowsTotal: integer(),
    rowsProcessed: integer().notNull().default(0),
    /** Why the sheet could not be read (status FAILED), in Spanish. */
    failureMessage: text(),
    /** What the load says about the whole file (columns it ignored, say), in Spanish. */
    messages: jsonb().$type<string[]>().notNull().default([]),
    confirmedAt: timestamp({ withTimezone: true }),
    confirmedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('data_loads_one_open_key')
      .on(t.organizationId)
      .where(sql`status IN ('UPLOADING', 'CURRENT')`),
    index('data_loads_org_confirmed_idx').on(t.organizationId, t.confirmedAt),
  ],
);

/** One row of an uploaded sheet with the result of validating every field. */
export const dataLoadRows = pgTable(
  'data_load_rows',
  {
    id: id(),
    dataLoadId: uuid()
      .notNull()
      .references(() => dataLoads.id, { onDelete: 'cascade' }),
    /** The spreadsheet row number as Excel shows it. */
    rowIndex: integer().notNull(),
    /**
     * The row's place in the load: its row number, after the rows of the files before its own
     * (10,000,000 per file). Pages and confirm go by it.
     */
    position: integer().notNull().default(0),
    /** The file the row came from, when the upload had several. */
    fileName: text(),
    /** Why a row is not a contract (status NOT_CONTRACT), in Spanish. */
    reason: text(),
    data: jsonb().$type<Record<string, DataLoadField>>().notNull(),
    hasErrors: boolean().notNull().default(false),
    hasInfos: boolean().notNull().default(false),
    skipRow: boolean().notNull().default(false),
    willCreateDoc: boolean().notNull().default(false),
    status: dataLoadRowStatusEnum().notNull(),
    /** The contract's identity in the monitor: 'n:' + its number, or 'f:' + its fingerprint. */
    identity: text(),
    /** What confirm writes (rows without errors): the checked values and the names they refer to. */
    contract: jsonb().$type<StagedContract>(),
    /**
     * What the row's sheet profile keeps beside its cells, with or without errors (format 28: its
     * sub-tables, executing area and contract type), so the validations download carries it and
     * loads back whole.
     */
    extra: jsonb().$type<StagedExtra>(),
    /** Lower-cased, accent-free text of the row for the review search. */
    searchText: text(),
  },
  (t) => [index('data_load_rows_load_idx').on(t.dataLoadId, t.position)],
);
