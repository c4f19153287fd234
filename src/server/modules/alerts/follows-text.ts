import { ANY_RED_FLAG, RED_FLAGS, type RedFlagCode } from '../../../shared/red-flags/definitions';
import { ANY_RED_FLAG_NAME } from '../../../shared/schemas/alerts';
import { type PublicFilters, PublicFiltersSchema } from '../../../shared/schemas/filters';
import type { AppDeps } from '../../types';
import { describeFilters, type FilterNames } from '../figures/figures';

/** What a CONTRACTS follow of no filter follows. */
export const ALL_CONTRACTS_TEXT = 'Todos los contratos nuevos del monitor';

/**
 * The filters as they are stored: only what narrows (no empty list, no false flag), so the same
 * page's filters are the same value whatever the client sent, and a supplier's page is exactly
 * `{ suppliers: [id] }`.
 */
export function compactFilters(filters: Partial<PublicFilters> | undefined): Record<string, unknown> {
  const compact: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (value === undefined || value === null || value === false || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    compact[key] = Array.isArray(value) ? [...new Set(value)].sort() : value;
  }
  return compact;
}

/** The stored filters as the list's whole PublicFilters (the defaults filled in). */
export function storedFilters(stored: Record<string, unknown> | null): PublicFilters {
  return PublicFiltersSchema.parse(stored ?? {});
}

/** The Spanish name of a followed red flag (or of any). */
export function flagName(code: string | null): string | null {
  if (!code) return null;
  if (code === ANY_RED_FLAG) return ANY_RED_FLAG_NAME;
  return RED_FLAGS[code as RedFlagCode]?.name ?? code;
}

/** A CONTRACTS follow's filters in words ('Proveedor: …; Ejercicio: 2022'), through the figures engine. */
export async function filtersText(
  deps: Pick<AppDeps, 'database'>,
  organizationId: string,
  stored: Record<string, unknown> | null,
  names?: FilterNames,
): Promise<string> {
  const lines = await describeFilters(deps.database.db, organizationId, storedFilters(stored), names);
  return lines.length === 0
    ? ALL_CONTRACTS_TEXT
    : lines.map((line) => `${line.label}: ${line.values.join(', ')}`).join('; ');
}

/** One line saying what a follow is about, for its e-mails. */
export function followSubject(follow: {
  kind: string;
  code: string | null;
  threshold: number | null;
  filtersText: string | null;
}): string {
  switch (follow.kind) {
    case 'CONTRACTS':
      return `Contratos nuevos. ${follow.filtersText ?? ALL_CONTRACTS_TEXT}`;
    case 'FLAG':
      return `Contratos con la señal de alerta «${flagName(follow.code)}»`;
    case 'INDEX':
      return `El índice de riesgo de corrupción, cuando cambie más de ${follow.threshold ?? ''} puntos`;
    default:
      return 'La publicación trimestral de los contratos, si no llega a tiempo';
  }
}
