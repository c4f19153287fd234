import type { ProcedureType } from '../../../shared/constants/enums';
import type { PublicFilters } from '../../../shared/schemas/filters';
import type { SupplierFigures } from './supplier-figures';

/**
 * The figures engine's questions and answers (figures.ts asks them): here, apart from the engine,
 * so that the queries answering them import their shapes without importing the engine.
 */

/** Per procedure type: contracts listed by the filters, and those counted and their amount under the one rule. */
export interface TypeFigures {
  procedureType: ProcedureType;
  listed: number;
  counted: number;
  amount: number;
}

/** The same per quarter ('1o 2022') and procedure type. */
export interface PeriodFigures extends TypeFigures {
  period: string;
}

/** A supplier's row of the ranking: its figures per procedure type. */
export type SupplierFigureRow = SupplierFigures & { supplierId: string; name: string };

export interface SupplierRanking {
  /** The window asked for, largest total first (name, then id, break ties). */
  rows: SupplierFigureRow[];
  /** How many suppliers the filtered contracts have. */
  groups: number;
  /** The figures of all of them. */
  totals: SupplierFigures;
}

export type FigureQuestion =
  | { filters: Partial<PublicFilters>; grouping: 'procedureType' }
  | { filters: Partial<PublicFilters>; grouping: 'periodAndType' }
  | {
      filters: Partial<PublicFilters>;
      grouping: 'supplier';
      window: { offset: number; limit: number };
      /** False for one-off reads (a download's windows), which would only crowd the cache. */
      cache?: boolean;
    };

export interface FigureAnswers {
  procedureType: TypeFigures[];
  periodAndType: PeriodFigures[];
  supplier: SupplierRanking;
}
