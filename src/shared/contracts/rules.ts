import { z } from 'zod';
import { NoControlCharacters } from '../schemas/common';

/**
 * The building blocks of the contract fields' zod rules, each with its Spanish message. A field's
 * label goes into its messages, so each builder takes it (fields.ts holds one rule per field).
 */

export const contractRequiredMessage = (label: string) => `El campo ${label} es requerido`;
export const contractFormatMessage = (label: string, example: string) =>
  `El campo ${label} no tiene el formato correcto.\nEjemplo: ${example}`;
export const contractChoiceMessage = (label: string) => `El valor para ${label} no es válido`;

/** A text with a control character or half of a character (a lone surrogate): shared/schemas/common.ts. */
export const INVALID_TEXT_MESSAGE = 'El texto contiene caracteres no válidos.';
export const DATE_MESSAGE = 'La fecha no es válida (dd/mm/aaaa).';
export const AMOUNT_MESSAGE = 'El monto debe ser un número positivo con hasta dos decimales.';

/** Process ids vary by government body; they need a digit and only letters, digits and - / _ . */
export const CONTRACT_ID = /^(?=.*[0-9])[A-Za-z0-9ÑñÁÉÍÓÚáéíóú][A-Za-z0-9ÑñÁÉÍÓÚáéíóú\-/_. ]*$/;
/** The four document links: a web address (http, https or www), or nothing. */
export const WEB_URL = /^(https?:\/\/|www\.)[^\s.]+\.[^\s]+$/i;
export const URL_EXAMPLE = 'https://www.ejemplo.gob.mx/documento.pdf';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Ten trillion pesos: far above any contract, well inside numeric(16,2). */
const MAX_AMOUNT = 9_999_999_999_999;

export const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Optional free text: trimmed, bounded, empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .regex(NoControlCharacters, INVALID_TEXT_MESSAGE)
    .nullish()
    .transform((value) => value || null);

/** Free text the row always has (the area in charge). */
export const requiredText = (label: string, max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: contractRequiredMessage(label) })
      .trim()
      .max(max, `Máximo ${max} caracteres.`)
      .regex(NoControlCharacters, INVALID_TEXT_MESSAGE),
  );

export const optionalFormatted = (label: string, pattern: RegExp, example: string, max = 300) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `Máximo ${max} caracteres.`)
      .regex(pattern, contractFormatMessage(label, example))
      .nullable(),
  );

export const requiredFormatted = (label: string, pattern: RegExp, example: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: contractRequiredMessage(label) })
      .trim()
      .regex(pattern, contractFormatMessage(label, example)),
  );

export const webUrl = (label: string) => optionalFormatted(label, WEB_URL, URL_EXAMPLE, 2_000);

export const calendarDate = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(ISO_DATE, DATE_MESSAGE)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, DATE_MESSAGE)
    .nullable(),
);

export const amount = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? Number(blank.replace(/[$,\s]/g, '')) : blank;
  },
  z
    .number({ message: AMOUNT_MESSAGE })
    .min(0, AMOUNT_MESSAGE)
    .max(MAX_AMOUNT, AMOUNT_MESSAGE)
    // Cents only: compared on the decimal text, since value * 100 drifts for hundreds of millions.
    .refine((value) => Number(value.toFixed(2)) === value, AMOUNT_MESSAGE)
    .nullable(),
);

export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToNull, z.enum(values, { message: contractChoiceMessage(label) }).nullable());

export const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToNull, z.enum(values, { message: contractRequiredMessage(label) }));

/** A row of the monitor (supplier, unit) named by its id. */
export const requiredReference = (label: string) =>
  z.preprocess(blankToNull, z.uuid({ message: contractRequiredMessage(label) }));

export const SUPPLIER_UNKNOWN = 'El proveedor no existe en esta organización.';

/** The supplier: a supplier of the monitor by id, or none. */
export const supplierReference = z.preprocess(blankToNull, z.uuid({ message: SUPPLIER_UNKNOWN }).nullable());

/** The quarter `1o 2019`, inner spaces collapsed. */
export const requiredQuarter = (label: string, pattern: RegExp, example: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value),
    requiredFormatted(label, pattern, example),
  );

/** Yes, no or none (the limit of a direct award). */
export const nullableFlag = z.preprocess(blankToNull, z.boolean().nullable()).optional();

/** The "no procedures held" switch: no by default. */
export const emptyFlag = z.boolean().default(false);
