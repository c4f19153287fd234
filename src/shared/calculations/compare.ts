import { PROCEDURE_TYPE_LABELS } from '../constants/enums';
import { displayIndex, displayResult, riskLevel } from './display';

/**
 * What two monitors' pages put side by side (public spec, /comparations/{id}; decision 0036): the
 * calculations of the general-data panel paired by their stable key (their whole method: formula,
 * the calculations it uses, filters and scales, method-key.ts; never the name or a version number,
 * which mean nothing on another server), and whether both indexes are the same method. The
 * comparison page and its downloads read the same pairs.
 */

export interface ComparableItem {
  name: string;
  description: string;
  displayForm: 'NORMAL' | 'AMOUNT' | 'PERCENTAGE';
  result: number | null;
  hash: string;
}

export interface PairedItem {
  hash: string;
  name: string;
  description: string;
  /** Null when the calculation is on the other side only (shown '---'). */
  left: ComparableItem | null;
  right: ComparableItem | null;
}

/**
 * Left items in their order, each with its right counterpart; then the right items without one.
 * A key repeated on one side pairs once (the first); the rest are kept on their own rows.
 */
export function pairCalculations(left: ComparableItem[], right: ComparableItem[]): PairedItem[] {
  const rightByHash = new Map<string, ComparableItem>();
  for (const item of right) if (!rightByHash.has(item.hash)) rightByHash.set(item.hash, item);
  const used = new Set<ComparableItem>();
  const pairs: PairedItem[] = left.map((item) => {
    const match = rightByHash.get(item.hash);
    if (match && !used.has(match)) {
      used.add(match);
      return { hash: item.hash, name: item.name, description: item.description, left: item, right: match };
    }
    return { hash: item.hash, name: item.name, description: item.description, left: item, right: null };
  });
  for (const item of right)
    if (!used.has(item))
      pairs.push({
        hash: item.hash,
        name: item.name,
        description: item.description,
        left: null,
        right: item,
      });
  return pairs;
}

/** A side's value in its display form; '---' when the side has no such calculation or no value. */
export function pairedValue(item: ComparableItem | null): string {
  return item ? displayResult(item.result, item.displayForm) : '---';
}

/** Both indexes are the same method (every axis, indicator, filter and scale): the same stable key, not merely the same name or version. */
export function sameMethod(left: string | null | undefined, right: string | null | undefined): boolean {
  return Boolean(left && right && left === right);
}

/**
 * What the comparison page, its '¿Cómo se calcula?' window and its downloads say of the two
 * indexes' methods (sameMethod decides which): one wording everywhere. The web shows them with
 * t(…), so they are also the keys of its translation catalogues.
 */
export const METHOD_WORDING = {
  /** The page's badge when both are one method. */
  label: 'misma metodología',
  same: 'Ambos índices usan la misma metodología: las mismas fórmulas, escalas y filtros en el índice, sus ejes e indicadores.',
  different: 'Los índices no usan la misma metodología: compáralos con cautela.',
} as const;

/** A share as the comparison shows it (public spec: value times 100, two decimals): '45.12%'; '---' without one. */
export function comparisonPercent(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '---';
  return `${(Math.round(share * 10_000) / 100).toFixed(2)}%`;
}

/** The procedure types of a comparison's money and counts, in the spec's order, with their labels. */
export const COMPARED_TYPES = [
  { key: 'public', label: PROCEDURE_TYPE_LABELS.PUBLIC },
  { key: 'invitation', label: PROCEDURE_TYPE_LABELS.INVITATION },
  { key: 'noBid', label: PROCEDURE_TYPE_LABELS.NO_BID },
] as const;

interface ComparedSide {
  organization: { name: string; shortName: string };
  corruptionIndex: { result: number | null } | null;
}

/** How a side is named in headers and columns: its short name, else its name. */
export function sideName(side: ComparedSide): string {
  return side.organization.shortName || side.organization.name;
}

/** A side's index: its value, or 'Datos insuficientes'. */
export function indexText(side: ComparedSide): string {
  const result = side.corruptionIndex?.result;
  return result === null || result === undefined ? 'Datos insuficientes' : displayIndex(result);
}

/** A side's level ('ALTO'…) from its value (another server may not send one); null without a value. */
export function levelOf(side: ComparedSide): 'ALTO' | 'MEDIO' | 'BAJO' | null {
  const result = side.corruptionIndex?.result;
  return result === null || result === undefined ? null : riskLevel(result).level;
}
