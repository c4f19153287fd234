import { z } from 'zod';
import { RESOURCE_CLASSIFICATIONS } from '../constants/enums';
import { LIMITS, PATTERNS } from '../constants/limits';
import { optionalText } from '../contracts/rules';
import {
  CataloguePageSizeSchema,
  NoControlCharacters,
  PaginationSchema,
  SearchTextSchema,
  successEnvelope,
  UuidSchema,
} from './common';

/**
 * The catalogues administrators keep by hand (suppliers, administrative units, organizations):
 * one list query, one response shape and, per catalogue, the fields and the Spanish rules of the
 * spec (admin area, section 5). Forms and server validate with these same schemas.
 */
export const CatalogueListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: CataloguePageSizeSchema,
  search: SearchTextSchema.optional(),
  sort: z
    .string()
    .max(60)
    .regex(/^[A-Za-z.]+$/, 'El orden solicitado no es válido.')
    .optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type CatalogueListQuery = z.infer<typeof CatalogueListQuerySchema>;

export function catalogueListResponse<T extends z.ZodType>(doc: T) {
  return successEnvelope(PaginationSchema.extend({ docs: z.array(doc) })).extend({
    lastUpdate: z.string().optional().describe('When the catalogue last changed'),
    totalIsLowerBound: z
      .literal(true)
      .optional()
      .describe('The search matched more rows than it counts (1,000): total is a lower bound'),
  });
}

/** Optional free text: trimmed, bounded, empty becomes null. */
export { optionalText };

const requiredText = (required: string, max: number, tooLong = `Máximo ${max} caracteres.`) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .regex(NoControlCharacters, 'El texto contiene caracteres no válidos.');

// --- Suppliers -------------------------------------------------------------------------------

export const SUPPLIER_MESSAGES = {
  nameRequired: 'El nombre del Proveedor es requerido',
  nameMin: `La longitud mínima es ${LIMITS.supplierName.min} caracteres`,
  nameMax: `La longitud máxima es ${LIMITS.supplierName.max} caracteres`,
  nameFormat: 'El nombre del Proveedor no puede empezar con =, +, - ni @.',
  nameCharacters: 'El nombre del Proveedor contiene caracteres no válidos.',
  nameTaken: 'Ya existe un proveedor con ese nombre en esta organización.',
  rfcTaken: 'Ya existe un proveedor con ese RFC en esta organización.',
  created: 'El proveedor fue creado correctamente',
  updated: 'El proveedor fue actualizado correctamente',
  deleted: 'El proveedor fue eliminado correctamente',
  notFound: 'El proveedor no existe o fue eliminado.',
} as const;

/**
 * A supplier's name: one rule for the catalogue form and the spreadsheet import (decision 0042).
 * Written as the company writes it (digits, punctuation, any case: `3M MEXICO`, `GRUPO 2000, S.A.
 * DE C.V.`), 2 to 100 characters, no control characters, and never starting with what a
 * spreadsheet runs as a formula (`=`, `+`, `-`, `@`).
 */
export const SupplierNameSchema = z
  .string({ message: SUPPLIER_MESSAGES.nameRequired })
  .trim()
  .min(1, SUPPLIER_MESSAGES.nameRequired)
  .min(LIMITS.supplierName.min, SUPPLIER_MESSAGES.nameMin)
  .max(LIMITS.supplierName.max, SUPPLIER_MESSAGES.nameMax)
  .regex(NoControlCharacters, SUPPLIER_MESSAGES.nameCharacters)
  .refine((name) => !PATTERNS.formulaStart.test(name), SUPPLIER_MESSAGES.nameFormat);

export const SupplierInputSchema = z.object({
  name: SupplierNameSchema,
  // Spec: the RFC is always accepted as typed (its format message never triggers).
  rfc: optionalText(20).transform((value) => value?.toUpperCase() ?? null),
  notes: optionalText(1_000),
});
export type SupplierInput = z.input<typeof SupplierInputSchema>;

export const SupplierDocSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rfc: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupplierDoc = z.infer<typeof SupplierDocSchema>;

// --- Administrative units --------------------------------------------------------------------

export const UNIT_MESSAGES = {
  nameRequired: 'El nombre de la Unidad Administrativa es requerido',
  nameTaken: 'Ya existe una unidad administrativa con ese nombre en esta organización.',
  created: 'La unidad administrativa fue creada correctamente',
  updated: 'La unidad administrativa fue actualizada correctamente',
  deleted: 'La unidad administrativa fue eliminada correctamente',
  notFound: 'La unidad administrativa no existe o fue eliminada.',
} as const;

export const UnitInputSchema = z.object({
  name: requiredText(UNIT_MESSAGES.nameRequired, 200),
  notes: optionalText(1_000),
});
export type UnitInput = z.input<typeof UnitInputSchema>;

export const UnitDocSchema = z.object({
  _id: z.string(),
  name: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UnitDoc = z.infer<typeof UnitDocSchema>;

// --- Organizations ---------------------------------------------------------------------------

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'El campo Nombre de la Organización es requerido',
  nameMax: `El nombre excede los ${LIMITS.organizationName.max} caracteres permitidos`,
  shortNameRequired: 'El campo Nombre corto de la Organización es requerido',
  shortNameMin: `El nombre corto no cumple con los ${LIMITS.organizationShortName.min} caracteres mínimos`,
  shortNameMax: `El nombre corto excede los ${LIMITS.organizationShortName.max} caracteres permitidos`,
  colorFormat: 'El color debe tener el formato #RRGGBB.',
  nameTaken: 'Ya existe una organización con ese nombre.',
  lastOne: 'No es posible eliminar la última organización: el sitio necesita al menos un monitor.',
  created: 'La organización fue creada correctamente',
  updated: 'La organización fue actualizada correctamente',
  deleted: 'La organización fue eliminada correctamente',
  notFound: 'La organización no existe o fue eliminada.',
} as const;

export const OrganizationInputSchema = z.object({
  name: requiredText(
    ORGANIZATION_MESSAGES.nameRequired,
    LIMITS.organizationName.max,
    ORGANIZATION_MESSAGES.nameMax,
  ),
  shortName: z
    .string({ message: ORGANIZATION_MESSAGES.shortNameRequired })
    .trim()
    .min(1, ORGANIZATION_MESSAGES.shortNameRequired)
    .min(LIMITS.organizationShortName.min, ORGANIZATION_MESSAGES.shortNameMin)
    .max(LIMITS.organizationShortName.max, ORGANIZATION_MESSAGES.shortNameMax)
    .regex(NoControlCharacters, 'El texto contiene caracteres no válidos.'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, ORGANIZATION_MESSAGES.colorFormat)
    .optional()
    .transform((value) => value?.toLowerCase()),
});
export type OrganizationInput = z.input<typeof OrganizationInputSchema>;

export const OrganizationDocSchema = z.object({
  _id: z.string(),
  name: z.string(),
  shortName: z.string(),
  color: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrganizationDoc = z.infer<typeof OrganizationDocSchema>;

// --- Resources -------------------------------------------------------------------------------

export const RESOURCE_MESSAGES = {
  titleRequired: 'El título del Recurso es requerido',
  classification: 'El valor para la Clasificación del Recurso no es válido',
  urlRequired: 'La Url del Recurso es requerida',
  url: 'La Url no tiene el formato correcto',
  titleTaken: 'Ya existe un recurso con ese título en esa clasificación.',
  created: 'El recurso fue creado correctamente',
  updated: 'El recurso fue actualizado correctamente',
  deleted: 'El recurso fue eliminado correctamente',
  notFound: 'El recurso no existe o fue eliminado.',
} as const;

export const ResourceInputSchema = z.object({
  title: requiredText(RESOURCE_MESSAGES.titleRequired, 300),
  url: z
    .string({ message: RESOURCE_MESSAGES.urlRequired })
    .trim()
    .min(1, RESOURCE_MESSAGES.urlRequired)
    .max(2_000, RESOURCE_MESSAGES.url)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, RESOURCE_MESSAGES.url),
  classification: z.enum(RESOURCE_CLASSIFICATIONS, { message: RESOURCE_MESSAGES.classification }),
});
export type ResourceInput = z.input<typeof ResourceInputSchema>;

export const ResourceDocSchema = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  classification: z.enum(RESOURCE_CLASSIFICATIONS),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResourceDoc = z.infer<typeof ResourceDocSchema>;

/** A save: without `_id` the entry is created, with it updated (spec: admin area, section 4). */
export function saveBody<T extends z.ZodObject>(
  input: T,
  rules: (schema: z.ZodObject) => z.ZodType = (x) => x,
) {
  return rules(input.extend({ _id: UuidSchema.optional() }));
}

/** The rows changed in the inline edit mode: all saved or none. */
export function updatedDocsBody<T extends z.ZodObject>(
  input: T,
  rules: (schema: z.ZodObject) => z.ZodType = (x) => x,
) {
  return z.object({
    docs: z
      .array(rules(input.extend({ _id: UuidSchema })))
      .min(1, 'No hay cambios que guardar.')
      .max(100, 'Guarda como máximo 100 registros a la vez.'),
  });
}

export const DeleteBodySchema = z.object({ _id: UuidSchema });

// --- Contracts -------------------------------------------------------------------------------

// Defined once per field in shared/contracts (fields.ts) and derived there (schema.ts).
export {
  CONTRACT_EXAMPLES,
  CONTRACT_LABELS,
  CONTRACT_MESSAGES,
  type ContractDoc,
  ContractDocSchema,
  ContractFieldsSchema,
  type ContractInput,
  ContractInputSchema,
  contractFormat,
  contractRequired,
  withContractRules,
} from '../contracts/schema';

/** Choices of the contract form's supplier and unit pickers (GET /api/contracts/retrieve/…). */
export const RetrieveQuerySchema = z.object({
  search: SearchTextSchema.optional(),
  /** An id to include even when it does not match (the value already chosen). */
  include: UuidSchema.optional(),
});
export const RetrieveResponseSchema = successEnvelope(
  z.object({
    docs: z.array(z.object({ _id: z.string(), name: z.string(), rfc: z.string().nullable().optional() })),
  }),
);
export type RetrieveResponse = z.infer<typeof RetrieveResponseSchema>;
