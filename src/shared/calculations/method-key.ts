import type { ScaleRow } from './evaluate';
import { type CalculationFilter, FILTER_PROPERTIES } from './filters';
import { type FormulaNode, parseFormula } from './formula';

/**
 * The stable key of a calculation's method (decisions 0035, 0036, 0040): what pairs calculations
 * across monitors and servers and says 'misma metodología'. It covers the whole method the value
 * depends on: the formula written one canonical way, with every `$$` reference replaced by the key
 * of the calculation it names (so transitively every axis and indicator, whatever its abbreviation
 * or id), the type, the calculation's own period, its scale and its filters. It leaves out what
 * does not change the value (name, description, display form, notes, ids, abbreviations) and the
 * order of what is unordered: the operands of + and *, the values of min, max and avg, the scale's
 * rows and the filters. A filter's supplier or unit is named by what another server also has
 * (the supplier's RFC, else its name; the unit's name), never by our id.
 */

/** What of a calculation its method key reads. */
export interface MethodPart {
  abbreviation: string;
  type: string;
  administrationPeriod: string | null;
  expression: string;
  hasPercentScale: boolean;
  scale: readonly ScaleRow[];
  filters: readonly CalculationFilter[];
}

export interface MethodKeyOptions {
  /** The hash of a canonical text (on the server: SHA-256, the first 16 hex digits). */
  hash(text: string): string;
  /** A REF filter's supplier or unit as another server names it; undefined when unknown. */
  referenceName(reference: string): string | undefined;
}

/** Bumped when the canonical text changes, so keys of different rules never meet. */
const KEY_FORMAT = 'vigia-method/2';

/** A supplier's or unit's name as two servers would both write it: no accents, case or extra spaces. */
export function normalName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const number = (value: unknown) => String(Number(value));

/** The filters that act on the formula's variables, each as a text, sorted and each once. */
function filterTexts(part: MethodPart, variables: Set<string>, options: MethodKeyOptions): string[] {
  const texts = part.filters.flatMap((filter) => {
    const property = FILTER_PROPERTIES[filter.propertyName as keyof typeof FILTER_PROPERTIES];
    if (!property || !variables.has(filter.variableAbbreviation)) return [];
    if (property.type === 'REF') {
      // A reference compares equal unless NOT_EQUAL (the variables' queries read it so).
      const operator = filter.operator === 'NOT_EQUAL' ? 'NOT_EQUAL' : 'EQUAL';
      const reference = filter.reference ?? '';
      const name = options.referenceName(reference) ?? `id:${reference}`;
      return [`${filter.variableAbbreviation}|${filter.propertyName}|${operator}|${name}`];
    }
    return [
      `${filter.variableAbbreviation}|${filter.propertyName}|${filter.operator}|${number(filter.value)}`,
    ];
  });
  return [...new Set(texts)].sort();
}

function scaleTexts(part: MethodPart): string[] {
  if (!part.hasPercentScale) return [];
  return part.scale
    .map((row) => ({ min: Number(row.min), max: Number(row.max), value: Number(row.value) }))
    .sort((a, b) => a.min - b.min || a.max - b.max || a.value - b.value)
    .map((row) => `${row.min}:${row.max}:${row.value}`);
}

/**
 * Every calculation's method key by abbreviation. A reference to a calculation that is missing
 * or in a cycle (both refused at save) is written as such, so the key is still defined.
 */
export function methodKeys(parts: readonly MethodPart[], options: MethodKeyOptions): Map<string, string> {
  const byAbbreviation = new Map(parts.map((part) => [part.abbreviation, part]));
  const keys = new Map<string, string>();
  const visiting = new Set<string>();

  const keyOf = (abbreviation: string): string => {
    const known = keys.get(abbreviation);
    if (known) return known;
    const part = byAbbreviation.get(abbreviation)!;
    visiting.add(abbreviation);
    const variables = new Set<string>();
    let formula: string;
    try {
      formula = write(parseFormula(part.expression), variables);
    } catch {
      formula = `error:${part.expression.replace(/\s+/g, '')}`;
    }
    visiting.delete(abbreviation);
    const text = JSON.stringify([
      KEY_FORMAT,
      part.type,
      part.administrationPeriod ?? '',
      formula,
      scaleTexts(part),
      filterTexts(part, variables, options),
    ]);
    const key = options.hash(text);
    keys.set(abbreviation, key);
    return key;
  };

  const write = (node: FormulaNode, variables: Set<string>): string => {
    switch (node.kind) {
      case 'number':
        return String(node.value);
      case 'variable':
        variables.add(node.name);
        return node.name;
      case 'calculation':
        if (!byAbbreviation.has(node.name)) return `?${node.name}`;
        if (visiting.has(node.name)) return `!${node.name}`;
        return `#${keyOf(node.name)}`;
      case 'negate':
        return `-(${write(node.operand, variables)})`;
      case 'binary': {
        const sides = [write(node.left, variables), write(node.right, variables)];
        if (node.operator === '+' || node.operator === '*') sides.sort();
        return `(${sides[0]}${node.operator}${sides[1]})`;
      }
      case 'call': {
        const args = node.args.map((arg) => write(arg, variables));
        if (node.name !== 'clamp') args.sort();
        return `${node.name}(${args.join(',')})`;
      }
    }
  };

  for (const part of parts) keyOf(part.abbreviation);
  return keys;
}
