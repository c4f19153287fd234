import { z } from 'zod';
import {
  ADMINISTRATIVE_UNIT_TYPES,
  CONTRACT_CATEGORIES,
  CONTRACT_TYPES,
  PROCEDURE_STATES,
  PROCEDURE_TYPES,
  RESOURCE_CLASSIFICATIONS,
} from '../constants/enums';
import { LIMITS, PATTERNS } from '../constants/limits';
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
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres.`)
    .regex(NoControlCharacters, 'El texto contiene caracteres no válidos.')
    .nullish()
    .transform((value) => value || null);

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
  nameFormat: 'El nombre debe estar en mayúsculas y no debe contener tildes ni caracteres especiales',
  nameTaken: 'Ya existe un proveedor con ese nombre en esta organización.',
  rfcTaken: 'Ya existe un proveedor con ese RFC en esta organización.',
  created: 'El proveedor fue creado correctamente',
  updated: 'El proveedor fue actualizado correctamente',
  deleted: 'El proveedor fue eliminado correctamente',
  notFound: 'El proveedor no existe o fue eliminado.',
} as const;

export const SupplierInputSchema = z.object({
  name: z
    .string({ message: SUPPLIER_MESSAGES.nameRequired })
    .trim()
    .min(1, SUPPLIER_MESSAGES.nameRequired)
    .min(LIMITS.supplierName.min, SUPPLIER_MESSAGES.nameMin)
    .max(LIMITS.supplierName.max, SUPPLIER_MESSAGES.nameMax)
    .regex(/^[A-ZÑ ]+$/, SUPPLIER_MESSAGES.nameFormat),
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

/** Field labels of the contract form: required and format messages name the field by them. */
export const CONTRACT_LABELS = {
  supplier: 'Proveedor',
  procedureType: 'Tipo de procedimiento',
  category: 'Materia',
  administrationPeriod: 'Administración',
  fiscalYear: 'Ejercicio',
  period: 'Periodo',
  contractId: 'ID',
  partida: 'Partida',
  procedureState: 'Estado del procedimiento',
  announcementUrl: 'Hipervínculo a la convocatoria',
  announcementDate: 'Fecha de la convocatoria',
  servicesDescription: 'Descripción de las obras, bienes o servicios',
  clarificationMeetingDate: 'Fecha de la junta de aclaraciones',
  clarificationMeetingJudgmentUrl: 'Hipervínculo al fallo de la junta de aclaraciones',
  presentationProposalsDocUrl: 'Hipervínculo a la presentación de propuestas',
  organizerAdministrativeUnit: 'Unidad administrativa convocante',
  applicantAdministrativeUnit: 'Unidad administrativa solicitante',
  administrativeUnitType: 'Tipo de unidad administrativa',
  contractNumber: 'Número de contrato',
  contractDate: 'Fecha del contrato',
  contractType: 'Tipo de contrato',
  totalAmount: 'Monto total',
  minAmount: 'Monto mínimo',
  maxAmount: 'Monto máximo',
  totalOrMaxAmount: 'Monto total o máximo',
  contractUrl: 'Hipervínculo al contrato',
  areaInCharge: 'Área responsable',
  updateDate: 'Fecha de actualización',
  notes: 'Notas',
  karewaNotes: 'Notas de la asociación',
  informationDate: 'Fecha de obtención de la información',
  limitExceeded: 'Excede el límite de la adjudicación directa',
  amountExceeded: 'Monto que excede el límite',
  isEmpty: 'Sin procedimientos en el periodo',
} as const;
type ContractField = keyof typeof CONTRACT_LABELS;

/** Examples shown in the format messages. */
export const CONTRACT_EXAMPLES = {
  administrationPeriod: '2019-2021',
  fiscalYear: '2019',
  period: '1o 2019',
  contractId: 'XX000/00',
  url: 'https://www.ejemplo.gob.mx/documento.pdf',
} as const;

export const contractRequired = (field: ContractField) => `El campo ${CONTRACT_LABELS[field]} es requerido`;
export const contractFormat = (field: ContractField, example: string) =>
  `El campo ${CONTRACT_LABELS[field]} no tiene el formato correcto.\nEjemplo: ${example}`;

export const CONTRACT_MESSAGES = {
  numberTaken: 'Ya existe un Contrato registrado con este número.',
  decentralized:
    'Si el Tipo de U. administrativa es DESCENTRALIZADA la U. administrativa solicitante y convocante deben ser la misma',
  totalMatchesTotal: 'El Monto total o máximo debe coincidir con el monto total debido al tipo de contrato.',
  totalMatchesMax: 'El Monto total o máximo debe coincidir con el monto máximo debido al tipo de contrato.',
  minAboveMax: 'El Monto mínimo no puede ser mayor que el Monto máximo.',
  amount: 'El monto debe ser un número positivo con hasta dos decimales.',
  date: 'La fecha no es válida (dd/mm/aaaa).',
  supplierUnknown: 'El proveedor no existe en esta organización.',
  unitUnknown: 'La unidad administrativa no existe en esta organización.',
  created: 'El contrato fue creado correctamente',
  updated: 'El contrato fue actualizado correctamente',
  deleted: 'El contrato fue eliminado correctamente',
  notFound: 'El contrato no existe o fue eliminado.',
} as const;

/** Process ids vary by government body; they need a digit and only letters, digits and - / _ . */
const CONTRACT_ID = /^(?=.*[0-9])[A-Za-z0-9ÑñÁÉÍÓÚáéíóú][A-Za-z0-9ÑñÁÉÍÓÚáéíóú\-/_. ]*$/;
/** The four document links: a web address (http, https or www), or nothing. */
const WEB_URL = /^(https?:\/\/|www\.)[^\s.]+\.[^\s]+$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Ten trillion pesos: far above any contract, well inside numeric(16,2). */
const MAX_AMOUNT = 9_999_999_999_999;

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const optionalFormatted = (field: ContractField, pattern: RegExp, example: string, max = 300) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `Máximo ${max} caracteres.`)
      .regex(pattern, contractFormat(field, example))
      .nullable(),
  );

const contractUrl = (field: ContractField) => optionalFormatted(field, WEB_URL, CONTRACT_EXAMPLES.url, 2_000);

const contractDate = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(ISO_DATE, CONTRACT_MESSAGES.date)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, CONTRACT_MESSAGES.date)
    .nullable(),
);

const amount = z.preprocess(
  (value) => {
    const blank = blankToNull(value);
    return typeof blank === 'string' ? Number(blank.replace(/[$,\s]/g, '')) : blank;
  },
  z
    .number({ message: CONTRACT_MESSAGES.amount })
    .min(0, CONTRACT_MESSAGES.amount)
    .max(MAX_AMOUNT, CONTRACT_MESSAGES.amount)
    // Cents only: compared on the decimal text, since value * 100 drifts for hundreds of millions.
    .refine((value) => Number(value.toFixed(2)) === value, CONTRACT_MESSAGES.amount)
    .nullable(),
);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, field: ContractField) =>
  z.preprocess(
    blankToNull,
    z.enum(values, { message: `El valor para ${CONTRACT_LABELS[field]} no es válido` }).nullable(),
  );

const requiredEnum = <T extends readonly [string, ...string[]]>(values: T, field: ContractField) =>
  z.preprocess(blankToNull, z.enum(values, { message: contractRequired(field) }));

const requiredFormatted = (field: ContractField, pattern: RegExp, example: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ message: contractRequired(field) })
      .trim()
      .regex(pattern, contractFormat(field, example)),
  );

const reference = (field: ContractField) =>
  z.preprocess(blankToNull, z.uuid({ message: contractRequired(field) }));

/**
 * A contract entered by hand (spec: admin area, sections 3 and 5). Always required: procedure
 * type, category, the three periods, both administrative units and the area in charge; the
 * description, unit type, contract type, date, number and amount only when the row is not an
 * "no procedures held" placeholder (isEmpty). The limit fields belong to direct awards only, and
 * `totalOrMaxAmount` is derived: the total of a NORMAL contract, the maximum of an OPEN one.
 */
export const ContractFieldsSchema = z.object({
  supplier: z.preprocess(blankToNull, z.uuid({ message: CONTRACT_MESSAGES.supplierUnknown }).nullable()),
  procedureType: requiredEnum(PROCEDURE_TYPES, 'procedureType'),
  category: requiredEnum(CONTRACT_CATEGORIES, 'category'),
  administrationPeriod: requiredFormatted(
    'administrationPeriod',
    PATTERNS.administrationPeriod,
    CONTRACT_EXAMPLES.administrationPeriod,
  ),
  fiscalYear: requiredFormatted('fiscalYear', PATTERNS.fiscalYear, CONTRACT_EXAMPLES.fiscalYear),
  period: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value),
    requiredFormatted('period', PATTERNS.quarter, CONTRACT_EXAMPLES.period),
  ),
  contractId: optionalFormatted('contractId', CONTRACT_ID, CONTRACT_EXAMPLES.contractId, 100),
  partida: optionalText(100),
  procedureState: optionalEnum(PROCEDURE_STATES, 'procedureState'),
  announcementUrl: contractUrl('announcementUrl'),
  announcementDate: contractDate,
  servicesDescription: optionalText(5_000),
  clarificationMeetingDate: contractDate,
  clarificationMeetingJudgmentUrl: contractUrl('clarificationMeetingJudgmentUrl'),
  presentationProposalsDocUrl: contractUrl('presentationProposalsDocUrl'),
  organizerAdministrativeUnit: reference('organizerAdministrativeUnit'),
  applicantAdministrativeUnit: reference('applicantAdministrativeUnit'),
  administrativeUnitType: optionalEnum(ADMINISTRATIVE_UNIT_TYPES, 'administrativeUnitType'),
  contractNumber: optionalText(200),
  contractDate,
  contractType: optionalEnum(CONTRACT_TYPES, 'contractType'),
  totalAmount: amount,
  minAmount: amount,
  maxAmount: amount,
  /** Optional: derived from the contract type; when sent it must agree. */
  totalOrMaxAmount: amount.optional(),
  contractUrl: contractUrl('contractUrl'),
  areaInCharge: z.preprocess(
    blankToNull,
    z
      .string({ message: contractRequired('areaInCharge') })
      .trim()
      .max(300, 'Máximo 300 caracteres.')
      .regex(NoControlCharacters, 'El texto contiene caracteres no válidos.'),
  ),
  updateDate: contractDate,
  notes: optionalText(5_000),
  karewaNotes: optionalText(5_000),
  informationDate: contractDate,
  limitExceeded: z.preprocess(blankToNull, z.boolean().nullable()).optional(),
  amountExceeded: amount.optional(),
  isEmpty: z.boolean().default(false),
});
type ContractFields = z.output<typeof ContractFieldsSchema>;

/** The rules between fields, and the derived values, of a contract (also of an inline-edited row). */
export function withContractRules<T extends z.ZodType<ContractFields>>(schema: T) {
  return schema
    .superRefine((input, context) => {
      const issue = (field: ContractField, message: string) =>
        context.addIssue({ code: 'custom', path: [field], message });
      if (!input.isEmpty) {
        for (const field of [
          'servicesDescription',
          'administrativeUnitType',
          'contractType',
          'contractDate',
          'contractNumber',
        ] as const) {
          if (input[field] === null || input[field] === undefined) issue(field, contractRequired(field));
        }
        if (input.contractType === 'OPEN' && input.maxAmount === null)
          issue('maxAmount', contractRequired('maxAmount'));
        if (input.contractType === 'OPEN' && input.minAmount === null)
          issue('minAmount', contractRequired('minAmount'));
        if (input.contractType !== 'OPEN' && input.totalAmount === null)
          issue('totalAmount', contractRequired('totalAmount'));
      }
      if (input.minAmount !== null && input.maxAmount !== null && input.minAmount > input.maxAmount)
        issue('minAmount', CONTRACT_MESSAGES.minAboveMax);
      const derived = input.contractType === 'OPEN' ? input.maxAmount : input.totalAmount;
      if (input.totalOrMaxAmount !== undefined && input.totalOrMaxAmount !== null && derived !== null) {
        if (Math.abs(input.totalOrMaxAmount - derived) > 0.001)
          issue(
            'totalOrMaxAmount',
            input.contractType === 'OPEN'
              ? CONTRACT_MESSAGES.totalMatchesMax
              : CONTRACT_MESSAGES.totalMatchesTotal,
          );
      }
      if (
        input.administrativeUnitType === 'DESCENTRALIZED' &&
        input.organizerAdministrativeUnit !== input.applicantAdministrativeUnit
      )
        issue('applicantAdministrativeUnit', CONTRACT_MESSAGES.decentralized);
    })
    .transform((input) => {
      const directAward = input.procedureType === 'NO_BID';
      return {
        ...input,
        totalOrMaxAmount: input.contractType === 'OPEN' ? input.maxAmount : input.totalAmount,
        limitExceeded: directAward ? (input.limitExceeded ?? false) : null,
        amountExceeded: directAward ? (input.amountExceeded ?? 0) : null,
      };
    });
}

export const ContractInputSchema = withContractRules(ContractFieldsSchema);
export type ContractInput = z.input<typeof ContractInputSchema>;

const reference_ = z.object({ _id: z.string(), name: z.string() }).nullable();

export const ContractDocSchema = z.object({
  _id: z.string(),
  supplier: reference_,
  procedureType: z.enum(PROCEDURE_TYPES),
  category: z.enum(CONTRACT_CATEGORIES).nullable(),
  administrationPeriod: z.string(),
  fiscalYear: z.string(),
  period: z.string(),
  contractId: z.string().nullable(),
  partida: z.string().nullable(),
  procedureState: z.enum(PROCEDURE_STATES).nullable(),
  announcementUrl: z.string().nullable(),
  announcementDate: z.string().nullable(),
  servicesDescription: z.string().nullable(),
  clarificationMeetingDate: z.string().nullable(),
  clarificationMeetingJudgmentUrl: z.string().nullable(),
  presentationProposalsDocUrl: z.string().nullable(),
  organizerAdministrativeUnit: reference_,
  applicantAdministrativeUnit: reference_,
  administrativeUnitType: z.enum(ADMINISTRATIVE_UNIT_TYPES).nullable(),
  contractNumber: z.string().nullable(),
  contractDate: z.string().nullable(),
  contractType: z.enum(CONTRACT_TYPES).nullable(),
  totalAmount: z.number().nullable(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  totalOrMaxAmount: z.number().nullable(),
  contractUrl: z.string().nullable(),
  areaInCharge: z.string().nullable(),
  updateDate: z.string().nullable(),
  notes: z.string().nullable(),
  karewaNotes: z.string().nullable(),
  informationDate: z.string().nullable(),
  limitExceeded: z.boolean().nullable(),
  amountExceeded: z.number().nullable(),
  isEmpty: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractDoc = z.infer<typeof ContractDocSchema>;

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
