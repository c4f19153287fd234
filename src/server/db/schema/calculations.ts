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
import type { ScaleRow } from '../../../shared/calculations/evaluate';
import type { CalculationFilter } from '../../../shared/calculations/filters';
import { createdAt, id, softDelete, updatedAt } from './columns';
import { calculationTypeEnum, displayFormEnum } from './enums';
import { organizations } from './organizations';

export type { CalculationFilter, ScaleRow };

export interface Formula {
  expression: string;
  /** `$VAR` abbreviations found in the expression. */
  variables: string[];
  /** Ids of the calculations referenced as `$$ABBR`. */
  calculations: string[];
}

/**
 * Index formulas. The locked calculation of a monitor is its Corruption Risk Index; enabled ones
 * are shown to visitors as general data.
 */
export const calculations = pgTable(
  'calculations',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull(),
    abbreviation: text().notNull(),
    type: calculationTypeEnum().notNull(),
    enabled: boolean().notNull().default(false),
    locked: boolean().notNull().default(false),
    administrationPeriod: text(),
    hasPercentScale: boolean().notNull().default(false),
    scale: jsonb().$type<ScaleRow[]>().notNull().default([]),
    filters: jsonb().$type<CalculationFilter[]>().notNull().default([]),
    formula: jsonb().$type<Formula>().notNull(),
    displayForm: displayFormEnum().notNull().default('NORMAL'),
    notes: text(),
    /** Pairs equal calculations across monitors in comparisons. */
    hash: text().notNull().default(''),
    /** 1 when created; each saved change of its definition adds one (calculation_versions keeps each). */
    version: integer().notNull().default(1),
    createdBy: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('calculations_abbreviation_key')
      .on(t.organizationId, t.abbreviation)
      .where(sql`deleted_at IS NULL`),
    uniqueIndex('calculations_name_key').on(t.organizationId, t.name).where(sql`deleted_at IS NULL`),
    uniqueIndex('calculations_locked_key').on(t.organizationId).where(sql`deleted_at IS NULL AND locked`),
    index('calculations_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * Every saved definition of a calculation (the method's history): what it was at each version,
 * when and by whom. The index page names the version it shows.
 */
export const calculationVersions = pgTable(
  'calculation_versions',
  {
    id: id(),
    calculationId: uuid()
      .notNull()
      .references(() => calculations.id, { onDelete: 'cascade' }),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** The definition as saved: name, abbreviation, type, formula, scale, filters, display form. */
    definition: jsonb().notNull(),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    savedBy: uuid(),
  },
  (t) => [uniqueIndex('calculation_versions_key').on(t.calculationId, t.version)],
);

/** Recent comparisons of a monitor with another one (local, or on another server). */
export const comparisons = pgTable(
  'comparisons',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    /** Id of the compared monitor; opaque because other servers' ids need not look like ours. */
    targetId: text().notNull(),
    targetName: text().notNull(),
    color: text().notNull(),
    /** Base address of the other server, or null for a monitor of this installation. */
    remoteUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('comparisons_target_key').on(t.organizationId, t.targetId, sql`coalesce(remote_url, '')`),
    index('comparisons_org_updated_idx').on(t.organizationId, t.updatedAt),
  ],
);
