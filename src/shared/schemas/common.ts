import { z } from 'zod';
import { LIMITS } from '../constants/limits';

/** Opaque record id as exposed by the API (`_id`). Ours are UUIDs; other monitors' may not be. */
export const IdSchema = z.string().min(1).max(64);

/** Our own ids: anything that is not a UUID cannot name one of our rows. */
export const UuidSchema = z.uuid({ message: 'El identificador no es válido.' });

export const PageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'La página debe ser un número.' })
    .int('La página debe ser un número entero.')
    .min(1, 'La página debe ser 1 o mayor.')
    .max(1_000_000, 'La página solicitada no existe.')
    .default(1),
});

/** Rows per page of an administration catalogue: one of the sizes the screen offers, 10 by default. */
export const CataloguePageSizeSchema = z.coerce
  .number({ message: 'El tamaño de página debe ser un número.' })
  .refine((size) => (LIMITS.cataloguePageSizes as readonly number[]).includes(size), {
    message: `El tamaño de página debe ser ${LIMITS.cataloguePageSizes.slice(0, -1).join(', ')} o ${LIMITS.cataloguePageSizes.at(-1)}.`,
  })
  .default(LIMITS.cataloguePageSizes[0]);

/** Pagination block of list responses (`data.total`, `data.page`, `data.pages`). */
export const PaginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

/** The monitor a public call is about (spec: X-CURRENT-ORGANIZATION-ID), documented on every route that reads it. */
export const OrganizationHeaderSchema = z.object({
  'x-current-organization-id': z
    .string()
    .max(64)
    .optional()
    .describe('Id of the monitor (organization) the call is about; it must exist and not be deleted')
    .meta({ examples: ['0190a1b2-0000-7000-8000-000000000001'] }),
});

/** Wraps the `data` of a successful response in the envelope every endpoint uses. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ error: z.literal(false), message: z.string(), data });
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The one rule for user text: no control characters (PostgreSQL refuses NUL) and no lone UTF-16
 * surrogates (`\ud800` in a JSON body: half of a character, which PostgreSQL refuses in JSON and
 * turns into U+FFFD in text). `\p{Cs}` matches a surrogate only when it is not half of a pair.
 */
export const NoControlCharacters = /^[^\p{Cc}\p{Cs}]*$/u;

/** Line breaks are allowed in texts; other control characters and lone surrogates are not. */
export const NoControlExceptLineBreaks = /^(?:[^\p{Cc}\p{Cs}]|[\n\r\t])*$/u;

/** Text that can be stored and sent as it is: no lone surrogate (every text field's rule says so too). */
export const isWellFormedText = (text: string): boolean => !/\p{Cs}/u.test(text);

/** What the server answers for a text that no field rule checked and that holds a lone surrogate. */
export const ILL_FORMED_TEXT_MESSAGE = 'El texto enviado contiene caracteres no válidos.';

/**
 * A plain text typed by an administrator: trimmed, at most `max` characters, no control characters
 * (line breaks allowed when multi-line); the messages name the field by its label.
 */
export function boundedText({ label, max }: { label: string; max: number }, multiline = false) {
  return z
    .string({ message: `${label}: el valor debe ser texto.` })
    .trim()
    .max(max, `${label}: máximo ${max} caracteres.`)
    .regex(
      multiline ? NoControlExceptLineBreaks : NoControlCharacters,
      `${label}: el texto contiene caracteres no válidos.`,
    );
}

export const SearchTextSchema = z
  .string()
  .trim()
  .max(LIMITS.searchText, `La búsqueda no puede exceder ${LIMITS.searchText} caracteres.`)
  .regex(NoControlCharacters, 'La búsqueda contiene caracteres no válidos.');
