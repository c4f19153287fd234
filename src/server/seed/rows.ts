import type { ContractCategory } from '../../shared/constants/enums';
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
}

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
