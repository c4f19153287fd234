import type { FastifyInstance } from 'fastify';
import { DEFAULT_ERROR_MESSAGES } from '../../shared/errors';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from '../../shared/schemas/common';
import { AppError } from '../lib/errors';

/** Where the first text holding a lone surrogate is, as a field path (`filters.0.value`), or null. */
export function illFormedTextPath(input: unknown): string | null {
  // A loop, not recursion: a JSON body of 1 MB can nest deeper than the stack.
  const pending: [unknown, string][] = [[input, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return path;
    } else if (Array.isArray(value) || isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (!isWellFormedText(key)) return path;
        pending.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** Parsed JSON and query objects; not a Buffer, a stream or a Date. */
const isPlainObject = (value: unknown): value is object =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The one rule for texts, applied to every request: a body, query or path text that holds a lone
 * UTF-16 surrogate is refused with a Spanish 400 before the handler runs. Field rules
 * (shared/schemas/common.ts) refuse it first, with the field's label; this catches every text
 * that no field rule checks (passwords, formulas, filters, …), so no such text reaches PostgreSQL,
 * which refuses it inside JSON (a 500) and turns it into U+FFFD in text.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [part, input] of Object.entries(parts)) {
      const path = illFormedTextPath(input);
      if (path !== null)
        // Worded as a field rule's refusal (plugins/errors.ts), which it stands in for.
        throw new AppError('VALIDATION', `${DEFAULT_ERROR_MESSAGES.VALIDATION} ${ILL_FORMED_TEXT_MESSAGE}`, {
          errors: [{ path: path ? `${part}.${path}` : part, message: ILL_FORMED_TEXT_MESSAGE }],
        });
    }
  });
}
