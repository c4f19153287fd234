import type { FormulaNode } from './formula';

/**
 * Evaluation of a parsed formula. A value is a number or null, 'sin datos': a variable without
 * data, a division by zero, or a calculation that has none. No data propagates through arithmetic
 * and through min, max and clamp; avg skips the values without data (and has none when all lack it).
 * Never Infinity or NaN.
 */

export type Value = number | null;

export interface Lookup {
  variable(name: string): Value;
  calculation(name: string): Value;
}

const finite = (value: number): Value => (Number.isFinite(value) ? value : null);

export function evaluateFormula(node: FormulaNode, lookup: Lookup): Value {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'variable':
      return lookup.variable(node.name);
    case 'calculation':
      return lookup.calculation(node.name);
    case 'negate': {
      const value = evaluateFormula(node.operand, lookup);
      return value === null ? null : -value;
    }
    case 'binary':
      return arithmetic(
        node.operator,
        evaluateFormula(node.left, lookup),
        evaluateFormula(node.right, lookup),
      );
    case 'call':
      return call(
        node.name,
        node.args.map((arg) => evaluateFormula(arg, lookup)),
      );
  }
}

function arithmetic(operator: '+' | '-' | '*' | '/', left: Value, right: Value): Value {
  if (left === null || right === null) return null;
  switch (operator) {
    case '+':
      return finite(left + right);
    case '-':
      return finite(left - right);
    case '*':
      return finite(left * right);
    case '/':
      return right === 0 ? null : finite(left / right);
  }
}

function call(name: 'min' | 'max' | 'avg' | 'clamp', values: Value[]): Value {
  switch (name) {
    case 'avg': {
      const present = values.filter((value): value is number => value !== null);
      return present.length === 0
        ? null
        : finite(present.reduce((sum, value) => sum + value, 0) / present.length);
    }
    case 'min':
      return values.includes(null) ? null : Math.min(...(values as number[]));
    case 'max':
      return values.includes(null) ? null : Math.max(...(values as number[]));
    case 'clamp': {
      const [value, low, high] = values;
      if (value == null || low == null || high == null || low > high) return null;
      return Math.min(high, Math.max(low, value));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Percent scale

export interface ScaleRow {
  min: number;
  max: number;
  value: number;
}

/** The form's default scale: thirds of 8 points. */
export const DEFAULT_SCALE: readonly ScaleRow[] = [
  { min: 0, max: 33.33, value: 2.67 },
  { min: 33.33, max: 66.67, value: 5.33 },
  { min: 66.67, max: 100, value: 8 },
];

/** Hundredths, the scale's step: 33.33 and 33.330000001 are the same boundary. */
const cents = (value: number) => Math.round(value * 100);

/**
 * Why a scale cannot be saved, in Spanish, or null when it is valid: every row with min < max,
 * and the rows, ordered by min, contiguous (each ends where the next begins; no overlap, no gap).
 */
export function scaleProblem(rows: readonly ScaleRow[]): string | null {
  if (rows.length === 0) return 'La escala necesita al menos un rango.';
  for (const [index, row] of rows.entries()) {
    if (![row.min, row.max, row.value].every(Number.isFinite))
      return `El rango ${index + 1} de la escala necesita mínimo, máximo y valor numéricos.`;
    if (cents(row.min) >= cents(row.max))
      return `En el rango ${index + 1} de la escala el valor mínimo (${row.min}) debe ser menor que el máximo (${row.max}).`;
  }
  const sorted = [...rows].sort((a, b) => a.min - b.min);
  for (let index = 1; index < sorted.length; index++) {
    const before = sorted[index - 1]!;
    const row = sorted[index]!;
    if (cents(row.min) < cents(before.max))
      return `Los rangos de la escala se traslapan: ${before.min}–${before.max} y ${row.min}–${row.max}.`;
    if (cents(row.min) > cents(before.max))
      return `La escala tiene un hueco entre ${before.max} y ${row.min}: cada rango debe empezar donde termina el anterior.`;
  }
  return null;
}

/**
 * A value through a valid scale: the row with min ≤ value < max (the last row also takes its max).
 * A value outside every row has no data, with the reason.
 */
export function applyScale(value: Value, rows: readonly ScaleRow[]): { value: Value; message?: string } {
  if (value === null) return { value: null };
  const sorted = [...rows].sort((a, b) => a.min - b.min);
  for (const [index, row] of sorted.entries()) {
    const last = index === sorted.length - 1;
    if (value >= row.min && (value < row.max || (last && value === row.max))) return { value: row.value };
  }
  return {
    value: null,
    message: `El resultado ${value} queda fuera de la escala (${sorted[0]?.min} a ${sorted.at(-1)?.max}).`,
  };
}
