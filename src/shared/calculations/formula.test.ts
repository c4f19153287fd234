import { describe, expect, it } from 'vitest';
import { displayResult, riskLevel } from './display';
import {
  applyScale,
  DEFAULT_SCALE,
  evaluateFormula,
  type Lookup,
  scaleProblem,
  type Value,
} from './evaluate';
import { FormulaError, formulaReferences, parseFormula } from './formula';

const VALUES: Record<string, Value> = { $NTC: 40, $NCSF: 10, $MTG: 1_000, $MGLP: 250, $ZERO: 0, $NONE: null };
const lookup = (calculations: Record<string, Value> = {}): Lookup => ({
  variable: (name) => VALUES[name] ?? null,
  calculation: (name) => calculations[name] ?? null,
});
const run = (expression: string, calculations?: Record<string, Value>) =>
  evaluateFormula(parseFormula(expression), lookup(calculations));

function failure(expression: string): { message: string; position: number } {
  try {
    parseFormula(expression);
  } catch (error) {
    if (error instanceof FormulaError) return { message: error.message, position: error.position };
    throw error;
  }
  throw new Error(`${expression} parsed`);
}

describe('the formula parser', () => {
  it('follows the usual precedence, left to right, with unary minus and parentheses', () => {
    expect(run('1 + 2 * 3')).toBe(7);
    expect(run('(1 + 2) * 3')).toBe(9);
    expect(run('8 / 4 / 2')).toBe(1);
    expect(run('10 - 4 - 3')).toBe(3);
    expect(run('-2 * -3')).toBe(6);
    expect(run('- (2 + 3)')).toBe(-5);
    expect(run('--4')).toBe(4);
    expect(run('.5 + 1.25')).toBe(1.75);
  });

  it('reads variables, calculations and the four functions', () => {
    expect(run('100 - $NCSF / $NTC * 100')).toBe(75);
    expect(run('$MGLP / $MTG * 100')).toBe(25);
    expect(run('$$I1 + $$I2', { $$I1: 10, $$I2: 5 })).toBe(15);
    expect(run('min(100, 250)')).toBe(100);
    expect(run('max(1, 7, 3)')).toBe(7);
    expect(run('avg(10, 20, 60)')).toBe(30);
    expect(run('clamp(120, 0, 100)')).toBe(100);
    expect(run('clamp(-5, 0, 100)')).toBe(0);
    expect(run('MIN(2, 3)')).toBe(2);
    expect(formulaReferences(parseFormula('$NTC + $$A * $NTC - $$B + $NTCLP'))).toEqual({
      variables: ['$NTC', '$NTCLP'],
      calculations: ['$$A', '$$B'],
    });
  });

  it('says what is wrong and where, in Spanish', () => {
    expect(failure('')).toEqual({ message: 'La fórmula está vacía.', position: 1 });
    expect(failure('1 +')).toEqual({
      message: 'La fórmula termina antes de tiempo: falta un valor en la posición 4.',
      position: 4,
    });
    expect(failure('(1 + 2')).toEqual({
      message: 'Falta cerrar el paréntesis abierto en la posición 1.',
      position: 1,
    });
    expect(failure('1 + 2)')).toEqual({
      message: 'Paréntesis de cierre sin abrir en la posición 6.',
      position: 6,
    });
    expect(failure('$NTC $NCSF')).toEqual({
      message: 'Falta un operador (+ - * /) antes de «$NCSF» en la posición 6.',
      position: 6,
    });
    expect(failure('* 2')).toEqual({ message: 'Falta un valor antes de «*» en la posición 1.', position: 1 });
    expect(failure('2 ^ 3').position).toBe(3);
    expect(failure('2 ^ 3').message).toMatch(/^Carácter no permitido «\^» en la posición 3/);
    // An emoji (two UTF-16 units) is quoted whole, never half of it (a lone surrogate).
    const emoji = failure('$NTC * 📈 + 1');
    expect(emoji.position).toBe(8);
    expect(emoji.message).toMatch(/^Carácter no permitido «📈» en la posición 8/);
    expect(emoji.message).not.toMatch(/\p{Cs}/u);
    expect(failure('1 + 👍🏽').message).toMatch(/^Carácter no permitido «👍🏽» en la posición 5/);
    expect(failure('👨‍👩‍👧 * 2').message).toMatch(/^Carácter no permitido «👨‍👩‍👧» en la posición 1/);
    expect(failure('$ntc').message).toBe(
      'La abreviación «$ntc» en la posición 1 debe escribirse con mayúsculas y números.',
    );
    expect(failure('1 + $').message).toBe('Falta el nombre de una variable después de «$» en la posición 5.');
    expect(failure('clamp(1, 2)')).toEqual({
      message: 'clamp necesita 3 valores (valor, mínimo, máximo) y recibió 2 en la posición 1.',
      position: 1,
    });
    expect(failure('avg()').message).toBe('«avg» necesita al menos un valor en la posición 5.');
    expect(failure('1, 2').message).toBe('Coma fuera de una función en la posición 2.');
    expect(failure('2x').message).toBe('Número mal escrito «2x» en la posición 1.');
  });

  it('refuses every construct of a general math language', () => {
    for (const expression of [
      'pi',
      'eval(1)',
      'sqrt(4)',
      'x = 1',
      '"texto"',
      '1 % 2',
      '[1, 2]',
      'a.b',
      '2 ** 3',
      '1e3',
      'Infinity',
      'NaN',
    ])
      expect(() => parseFormula(expression), expression).toThrow(FormulaError);
    expect(failure('pi').message).toMatch(/^Función o nombre desconocido «pi» en la posición 1/);
    expect(() => parseFormula(`${'('.repeat(60)}1${')'.repeat(60)}`)).toThrow(/demasiados niveles/);
    expect(() => parseFormula(`${'1+'.repeat(1_100)}1`)).toThrow(/demasiado larga/);
  });
});

describe('evaluation without data', () => {
  it("propagates 'sin datos' and never gives Infinity or NaN", () => {
    expect(run('$NONE + 1')).toBeNull();
    expect(run('$NTC / $ZERO')).toBeNull();
    expect(run('0 / 0')).toBeNull();
    expect(run('-(1 / 0)')).toBeNull();
    expect(run('min(100, $NONE)')).toBeNull();
    expect(run('clamp($NONE, 0, 100)')).toBeNull();
    expect(run('clamp(5, 10, 0)')).toBeNull();
    expect(run('avg(10, $NONE, 30)')).toBe(20);
    expect(run('avg($NONE, $NONE)')).toBeNull();
    expect(run('$$MISSING * 2')).toBeNull();
    expect(run(`${'9'.repeat(308)} * 10`)).toBeNull();
    expect(() => parseFormula('9'.repeat(309))).toThrow('Número demasiado grande en la posición 1.');
  });
});

describe('the percent scale', () => {
  it('refuses overlaps, gaps and empty ranges before saving', () => {
    expect(scaleProblem(DEFAULT_SCALE)).toBeNull();
    expect(scaleProblem([])).toBe('La escala necesita al menos un rango.');
    expect(scaleProblem([{ min: 10, max: 10, value: 1 }])).toBe(
      'En el rango 1 de la escala el valor mínimo (10) debe ser menor que el máximo (10).',
    );
    expect(
      scaleProblem([
        { min: 0, max: 50, value: 1 },
        { min: 40, max: 100, value: 2 },
      ]),
    ).toBe('Los rangos de la escala se traslapan: 0–50 y 40–100.');
    expect(
      scaleProblem([
        { min: 50.01, max: 100, value: 2 },
        { min: 0, max: 50, value: 1 },
      ]),
    ).toBe('La escala tiene un hueco entre 50 y 50.01: cada rango debe empezar donde termina el anterior.');
  });

  it('maps half-open ranges, the last one closed, and says when a value is outside', () => {
    expect(applyScale(0, DEFAULT_SCALE)).toEqual({ value: 2.67 });
    expect(applyScale(33.329, DEFAULT_SCALE)).toEqual({ value: 2.67 });
    expect(applyScale(33.33, DEFAULT_SCALE)).toEqual({ value: 5.33 });
    expect(applyScale(66.67, DEFAULT_SCALE)).toEqual({ value: 8 });
    expect(applyScale(100, DEFAULT_SCALE)).toEqual({ value: 8 });
    expect(applyScale(null, DEFAULT_SCALE)).toEqual({ value: null });
    expect(applyScale(100.5, DEFAULT_SCALE)).toEqual({
      value: null,
      message: 'El resultado 100.5 queda fuera de la escala (0 a 100).',
    });
    expect(applyScale(-1, DEFAULT_SCALE).value).toBeNull();
  });
});

describe('results as visitors read them', () => {
  it("follows the spec's display rules", () => {
    expect(displayResult(null, 'AMOUNT')).toBe('---');
    expect(displayResult(undefined, 'NORMAL')).toBe('---');
    expect(displayResult(1_234_567.891, 'AMOUNT')).toBe('$1,234,567.89');
    expect(displayResult(56.5, 'PERCENTAGE')).toBe('56.50%');
    expect(displayResult(57, 'PERCENTAGE')).toBe('57.00%');
    expect(displayResult(33.33333, 'PERCENTAGE')).toBe('33.3333%');
    expect(displayResult(12.345, 'PERCENTAGE')).toBe('12.345%');
    expect(displayResult(2.5, 'NORMAL')).toBe('2.5');
    expect(displayResult(2 / 3, 'NORMAL')).toBe('0.6667');
  });

  it('gives the level of an index at the boundaries', () => {
    expect([0, 50, 50.01, 75, 75.5, 100].map((value) => riskLevel(value).level)).toEqual([
      'ALTO',
      'ALTO',
      'MEDIO',
      'MEDIO',
      'BAJO',
      'BAJO',
    ]);
    expect(riskLevel(60).probability).toBe('MEDIA');
  });
});
