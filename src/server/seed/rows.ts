import type { ContractCategory, ProcedureType } from '../../shared/constants/enums';
import type { ContractColumn } from '../../shared/contracts/fields';
import { quarterLabel } from '../../shared/format/dates';
import type { contracts } from '../db/schema';

/** What the generator needs to know about one monitor to make its data. */
export interface GeneratorSpec {
  organizationId: string;
  /** Short code used in contract numbers and document addresses. */
  code: string;
  slug: string;
  units: readonly string[];
  /** Units that run procurement procedures (the convening units). */
  purchasingUnits: readonly string[];
  /** Convening unit of public works. */
  worksUnit: string;
  administrationPeriods: readonly string[];
  /** Last quarter with data (the generator never writes dates after its end). */
  lastQuarter: { quarter: number; year: number };
  supplierCount: number;
  /** Multiplies every amount: a state spends more than a municipality. */
  amountScale: number;
  /** How the body reports and awards (DEFAULT_PRACTICE unless said): what the index measures. */
  practice?: Practice;
}

/**
 * The chances behind the corruption-risk index's indicators, per monitor, so the demonstration
 * monitors score visibly differently (issue 13). Only chances and ranges change between
 * profiles, never how many random draws a contract takes, so each monitor's data stays
 * deterministic.
 */
export interface Practice {
  /** A contract without folio (process id). */
  withoutFolio: number;
  /** An awarded contract with its contract's link. */
  contractLink: number;
  /** A call or invitation published: competitive procedures, direct awards. */
  announcement: { competitive: number; noBid: number };
  /** A public tender with the clarification meeting's judgment published. */
  judgment: number;
  /** An awarded direct award over the approved maximum. */
  overLimit: number;
  /** Days after the quarter ends when the data was obtained (a format is late after 30). */
  reportingDays: readonly [number, number];
  /** How much a few suppliers win (Zipf exponent: higher, more concentrated). */
  supplierSkew: number;
  /** How many procedures of each type, by weight (a body that tenders more spreads its money wider). */
  procedureMix: Readonly<Record<ProcedureType, number>>;
  /** How unequal contract amounts are within a procedure type (multiplies the spread; 1 as usual). */
  amountSpread: number;
}

export const DEFAULT_PRACTICE: Practice = {
  withoutFolio: 0.08,
  contractLink: 0.85,
  announcement: { competitive: 0.9, noBid: 0.1 },
  judgment: 0.8,
  overLimit: 0.04,
  reportingDays: [10, 30],
  supplierSkew: 1.05,
  procedureMix: { NO_BID: 72, INVITATION: 16, PUBLIC: 12 },
  amountSpread: 1,
};

export interface UnitRow {
  id: string;
  organizationId: string;
  name: string;
  createdAt: Date;
}

export interface SupplierRow {
  id: string;
  organizationId: string;
  name: string;
  rfc: string;
  categories: readonly ContractCategory[];
  createdAt: Date;
}

/** A generated contract: its id, monitor and times, and a value for each field (shared/contracts/fields.ts). */
export type ContractRow = {
  id: string;
  organizationId: string;
  createdAt: Date;
  updatedAt: Date;
} & Pick<typeof contracts.$inferSelect, ContractColumn>;

export interface Quarter {
  quarter: number;
  year: number;
  label: string;
  administrationPeriod: string;
  start: number;
  end: number;
}

export const DAY = 86_400_000;

/**
 * The quarters of the administration periods, up to the spec's last quarter. An administration
 * `2018-2021` governs from the fourth quarter of 2018 to the third quarter of 2021.
 */
export function quartersOf(spec: Pick<GeneratorSpec, 'administrationPeriods' | 'lastQuarter'>): Quarter[] {
  const quarters: Quarter[] = [];
  const last = spec.lastQuarter.year * 4 + spec.lastQuarter.quarter;
  for (const period of spec.administrationPeriods) {
    const [from, to] = period.split('-').map(Number) as [number, number];
    for (let index = from * 4 + 4; index <= to * 4 + 3 && index <= last; index++) {
      const year = Math.floor((index - 1) / 4);
      const quarter = index - year * 4;
      quarters.push({
        quarter,
        year,
        label: quarterLabel(quarter, year),
        administrationPeriod: period,
        start: Date.UTC(year, (quarter - 1) * 3, 1),
        end: Date.UTC(year, quarter * 3, 1) - DAY,
      });
    }
  }
  return quarters;
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const cents = (value: number) => Math.round(value * 100) / 100;
