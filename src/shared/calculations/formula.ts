/**
 * The formula language of calculations (index-and-federation.md, 'Formula language and engine'):
 * numbers, `$VAR` (a predefined variable), `$$CALC` (another calculation by its abbreviation),
 * `+ - * /`, unary minus, parentheses and the functions min, max, avg and clamp. Parsed into a
 * syntax tree by this small parser; nothing else is accepted and nothing is ever run as code.
 * Errors carry the 1-based position of the character they point at and a Spanish message.
 */

export type FormulaNode =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'variable'; name: string; at: number }
  | { kind: 'calculation'; name: string; at: number }
  | { kind: 'negate'; operand: FormulaNode; at: number }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode; at: number }
  | { kind: 'call'; name: FunctionName; args: FormulaNode[]; at: number };

export const FUNCTION_NAMES = ['min', 'max', 'avg', 'clamp'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export class FormulaError extends Error {
  constructor(
    message: string,
    /** 1-based position in the expression. */
    readonly position: number,
  ) {
    super(message);
  }
}

type Token =
  | { type: 'number'; value: number; text: string; at: number }
  | { type: 'variable' | 'calculation'; name: string; text: string; at: number }
  | { type: 'name'; name: string; text: string; at: number }
  | { type: 'operator'; text: '+' | '-' | '*' | '/'; at: number }
  | { type: '(' | ')' | ','; text: string; at: number }
  | { type: 'end'; text: ''; at: number };

const MAX_LENGTH = 2_000;
const MAX_DEPTH = 50;

const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' });

/** The first character of a text as a reader sees it (an emoji with its modifiers and joiners). */
function firstCharacter(text: string): string {
  return graphemes.segment(text)[Symbol.iterator]().next().value?.segment ?? text.slice(0, 1);
}

function tokens(expression: string): Token[] {
  const list: Token[] = [];
  let index = 0;
  while (index < expression.length) {
    const char = expression[index]!;
    const at = index + 1;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const number = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(expression.slice(index));
    if (number) {
      const after = expression[index + number[0].length];
      if (after !== undefined && /[\d.A-Za-z_]/.test(after))
        throw new FormulaError(`Número mal escrito «${number[0]}${after}» en la posición ${at}.`, at);
      const value = Number(number[0]);
      if (!Number.isFinite(value))
        throw new FormulaError(`Número demasiado grande en la posición ${at}.`, at);
      list.push({ type: 'number', value, text: number[0], at });
      index += number[0].length;
      continue;
    }
    if (char === '$') {
      const reference = /^(\$\$?)([A-Za-z0-9_]*)/.exec(expression.slice(index))!;
      const [text, dollars, name] = reference as unknown as [string, string, string];
      const what = dollars === '$$' ? 'cálculo' : 'variable';
      if (name === '')
        throw new FormulaError(
          `Falta el nombre de ${what === 'cálculo' ? 'un cálculo' : 'una variable'} después de «${dollars}» en la posición ${at}.`,
          at,
        );
      if (!/^[A-Z0-9]+$/.test(name))
        throw new FormulaError(
          `La abreviación «${text}» en la posición ${at} debe escribirse con mayúsculas y números.`,
          at,
        );
      list.push({ type: dollars === '$$' ? 'calculation' : 'variable', name: text, text, at });
      index += text.length;
      continue;
    }
    if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expression.slice(index))![0];
      list.push({ type: 'name', name: word.toLowerCase(), text: word, at });
      index += word.length;
      continue;
    }
    if (char === '+' || char === '-' || char === '*' || char === '/') {
      list.push({ type: 'operator', text: char, at });
      index++;
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      list.push({ type: char, text: char, at });
      index++;
      continue;
    }
    // The whole character as a reader sees it (an emoji is two UTF-16 units or more): never half of it.
    const whole = firstCharacter(expression.slice(index));
    throw new FormulaError(
      `Carácter no permitido «${whole}» en la posición ${at}: usa números, variables ($), cálculos ($$), + - * /, paréntesis y min, max, avg o clamp.`,
      at,
    );
  }
  list.push({ type: 'end', text: '', at: expression.length + 1 });
  return list;
}

/** Parses an expression; throws FormulaError with the position and a Spanish message. */
export function parseFormula(expression: string): FormulaNode {
  if (expression.length > MAX_LENGTH)
    throw new FormulaError(
      `La fórmula es demasiado larga (máximo ${MAX_LENGTH} caracteres).`,
      MAX_LENGTH + 1,
    );
  const list = tokens(expression);
  if (list.length === 1) throw new FormulaError('La fórmula está vacía.', 1);
  let position = 0;
  const peek = () => list[position]!;
  const next = () => list[position++]!;
  let depth = 0;

  const describe = (token: Token) => (token.type === 'end' ? 'el final' : `«${token.text}»`);
  const missingValue = (token: Token): never => {
    throw new FormulaError(
      token.type === 'end'
        ? `La fórmula termina antes de tiempo: falta un valor en la posición ${token.at}.`
        : `Falta un valor antes de ${describe(token)} en la posición ${token.at}.`,
      token.at,
    );
  };

  function expressionNode(): FormulaNode {
    if (++depth > MAX_DEPTH)
      throw new FormulaError(`La fórmula anida demasiados niveles (máximo ${MAX_DEPTH}).`, peek().at);
    let left = term();
    while (peek().type === 'operator' && (peek().text === '+' || peek().text === '-')) {
      const operator = next() as Extract<Token, { type: 'operator' }>;
      left = { kind: 'binary', operator: operator.text, left, right: term(), at: operator.at };
    }
    depth--;
    return left;
  }

  function term(): FormulaNode {
    let left = unary();
    while (peek().type === 'operator' && (peek().text === '*' || peek().text === '/')) {
      const operator = next() as Extract<Token, { type: 'operator' }>;
      left = { kind: 'binary', operator: operator.text, left, right: unary(), at: operator.at };
    }
    return left;
  }

  function unary(): FormulaNode {
    const token = peek();
    if (token.type === 'operator' && token.text === '-') {
      next();
      if (++depth > MAX_DEPTH)
        throw new FormulaError(`La fórmula anida demasiados niveles (máximo ${MAX_DEPTH}).`, token.at);
      const operand = unary();
      depth--;
      return { kind: 'negate', operand, at: token.at };
    }
    return primary();
  }

  function primary(): FormulaNode {
    const token = next();
    switch (token.type) {
      case 'number':
        return { kind: 'number', value: token.value, at: token.at };
      case 'variable':
        return { kind: 'variable', name: token.name, at: token.at };
      case 'calculation':
        return { kind: 'calculation', name: token.name, at: token.at };
      case '(': {
        const inner = expressionNode();
        closing(token);
        return inner;
      }
      case 'name': {
        if (!(FUNCTION_NAMES as readonly string[]).includes(token.name))
          throw new FormulaError(
            `Función o nombre desconocido «${token.text}» en la posición ${token.at}: las funciones permitidas son min, max, avg y clamp; las variables empiezan con $ y los cálculos con $$.`,
            token.at,
          );
        const open = next();
        if (open.type !== '(')
          throw new FormulaError(`Falta «(» después de «${token.text}» en la posición ${open.at}.`, open.at);
        const args: FormulaNode[] = [];
        if (peek().type === ')') {
          throw new FormulaError(
            `«${token.text}» necesita al menos un valor en la posición ${peek().at}.`,
            peek().at,
          );
        }
        args.push(expressionNode());
        while (peek().type === ',') {
          next();
          args.push(expressionNode());
        }
        closing(open);
        const name = token.name as FunctionName;
        if (name === 'clamp' && args.length !== 3)
          throw new FormulaError(
            `clamp necesita 3 valores (valor, mínimo, máximo) y recibió ${args.length} en la posición ${token.at}.`,
            token.at,
          );
        return { kind: 'call', name, args, at: token.at };
      }
      default:
        return missingValue(token);
    }
  }

  function closing(open: Token) {
    const token = next();
    if (token.type === ')') return;
    if (token.type === 'end')
      throw new FormulaError(`Falta cerrar el paréntesis abierto en la posición ${open.at}.`, open.at);
    throw unexpected(token);
  }

  function unexpected(token: Token): FormulaError {
    if (token.type === ')')
      return new FormulaError(`Paréntesis de cierre sin abrir en la posición ${token.at}.`, token.at);
    if (token.type === ',')
      return new FormulaError(`Coma fuera de una función en la posición ${token.at}.`, token.at);
    return new FormulaError(
      `Falta un operador (+ - * /) antes de ${describe(token)} en la posición ${token.at}.`,
      token.at,
    );
  }

  const tree = expressionNode();
  const rest = peek();
  if (rest.type !== 'end') throw unexpected(rest);
  return tree;
}

/** Every variable ($) and calculation ($$) of a formula where it appears, in order. */
export function formulaReferenceList(
  node: FormulaNode,
): { kind: 'variable' | 'calculation'; name: string; at: number }[] {
  const found: { kind: 'variable' | 'calculation'; name: string; at: number }[] = [];
  const walk = (current: FormulaNode) => {
    switch (current.kind) {
      case 'variable':
      case 'calculation':
        found.push({ kind: current.kind, name: current.name, at: current.at });
        break;
      case 'negate':
        walk(current.operand);
        break;
      case 'binary':
        walk(current.left);
        walk(current.right);
        break;
      case 'call':
        current.args.forEach(walk);
        break;
    }
  };
  walk(node);
  return found.sort((a, b) => a.at - b.at);
}

/** The variables ($) and calculations ($$) a formula uses, each once, in order of appearance. */
export function formulaReferences(node: FormulaNode): { variables: string[]; calculations: string[] } {
  const list = formulaReferenceList(node);
  const names = (kind: 'variable' | 'calculation') => [
    ...new Set(list.filter((item) => item.kind === kind).map((item) => item.name)),
  ];
  return { variables: names('variable'), calculations: names('calculation') };
}
