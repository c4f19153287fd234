/**
 * The figures of a row of the suppliers list (and of their totals): every listed contract, and the
 * counts and amounts per procedure type under the one rule for money. Computed from the contracts
 * or from the supplier cube, read from the ranking: one shape for all three.
 */
export interface SupplierFigures {
  contractsCount: number;
  publicCount: number;
  invitationCount: number;
  noBidCount: number;
  public: number;
  invitation: number;
  noBid: number;
  total: number;
}

export const FIGURE_KEYS = [
  'contractsCount',
  'publicCount',
  'invitationCount',
  'noBidCount',
  'public',
  'invitation',
  'noBid',
  'total',
] as const satisfies readonly (keyof SupplierFigures)[];

/** Aggregates come back as text or numbers depending on the driver (and zero rows as nothing): numbers. */
export function toFigures(row: Partial<Record<keyof SupplierFigures, unknown>> | undefined): SupplierFigures {
  return Object.fromEntries(
    FIGURE_KEYS.map((key) => [key, Number(row?.[key] ?? 0)]),
  ) as unknown as SupplierFigures;
}

/** The figure columns of a subquery or table, by name. */
export function pick<T extends Record<keyof SupplierFigures, unknown>>(source: T) {
  return Object.fromEntries(FIGURE_KEYS.map((key) => [key, source[key]])) as Pick<T, keyof SupplierFigures>;
}
