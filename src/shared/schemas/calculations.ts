import { z } from 'zod';
import { scaleProblem } from '../calculations/evaluate';
import {
  type CalculationFilter,
  FILTER_PROPERTIES,
  FILTER_PROPERTY_NAMES,
  type FilterProperty,
} from '../calculations/filters';
import {
  FormulaError,
  type FormulaNode,
  formulaReferenceList,
  formulaReferences,
  parseFormula,
} from '../calculations/formula';
import { VARIABLE_BY_ABBREVIATION } from '../calculations/variables';
import { CALCULATION_TYPES, DISPLAY_FORMS, FILTER_OPERATORS } from '../constants/enums';
import { IdSchema, NoControlCharacters, NoControlExceptLineBreaks, successEnvelope } from './common';
import { DownloadQuerySchema } from './filters';

/** The public corruption-risk index (GET /public-api/comparations/corruption-index). */

export const AdministrationPeriodSchema = z
  .string()
  .regex(
    /^[12][0-9]{3}-[12][0-9]{3}$/,
    'El campo Administración no cumple con el formato esperado. Ejemplo: 2017-2019',
  );

export const CorruptionIndexQuerySchema = z.object({
  /** The monitor (the original's parameter); the organization header when absent. */
  id: IdSchema.optional(),
  administrationPeriod: AdministrationPeriodSchema.optional(),
});

/** The index page's download: the monitor and the period as the page's, and the page's download signal. */
export const CorruptionIndexDownloadQuerySchema = DownloadQuerySchema.pick({
  organization: true,
  signal: true,
}).extend({ administrationPeriod: AdministrationPeriodSchema.optional() });

const Result = z.number().nullable();

const VariableItem = z.object({
  abbreviation: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.enum(['AMOUNT', 'COUNT']),
  value: Result,
});

const CalculationItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  abbreviation: z.string(),
  expression: z.string(),
  displayForm: z.enum(DISPLAY_FORMS),
  result: Result,
  /** Why there is no result, when it is not missing data. */
  message: z.string().optional(),
  /**
   * Stable key of the whole method (formula, the calculations it uses, filters, scales;
   * shared/calculations/method-key.ts): pairs calculations across monitors.
   */
  hash: z.string(),
  version: z.number().int(),
});

/** Where a reader checks a variable: the contracts list or supplier ranking filtered to it (shared/calculations/links). */
const LinkItem = z.object({
  abbreviation: z.string(),
  list: z.enum(['contracts', 'suppliers']),
  text: z.string(),
  /** The list's filters, the period included (PublicFilters). */
  filters: z.record(z.string(), z.unknown()),
  /** How many the list shows; null when it cannot be said. */
  count: z.number().nullable(),
});

const FormatQuarterItem = z.object({
  period: z.string(),
  formats: z.number().int(),
  onTime: z.number().int(),
  deadline: z.string().nullable(),
});

export const IndicatorSchema = CalculationItem.extend({
  variables: z.array(VariableItem),
  /** Links to the lists behind the variables (none for a calculation with filters of its own). */
  links: z.array(LinkItem),
  /** The XXVIII formats by quarter, for an indicator that counts them. */
  formats: z.array(FormatQuarterItem).optional(),
});
export const AxisSchema = CalculationItem.extend({ indicators: z.array(IndicatorSchema) });

export const CorruptionIndexSchema = CalculationItem.extend({
  administrationPeriod: z.string(),
  /** 'ALTO' | 'MEDIO' | 'BAJO', null without a result. */
  level: z.enum(['ALTO', 'MEDIO', 'BAJO']).nullable(),
  probability: z.enum(['ALTA', 'MEDIA', 'BAJA']).nullable(),
});

export const CorruptionIndexDataSchema = z.object({
  corruptionIndex: CorruptionIndexSchema.nullable(),
  calculationsInfo: z.array(CalculationItem),
  axes: z.array(AxisSchema),
  administrationPeriod: z.string().nullable(),
  administrationPeriods: z.array(z.string()),
  /** Fewer concluded contracts than the minimum sample: the page says 'Datos insuficientes'. */
  insufficientData: z.boolean(),
  concludedContracts: z.number().int(),
  minimumContracts: z.number().int(),
  /**
   * The index's method version: each change of what the index computes (its axes, indicators,
   * their filters and scales) adds one; other calculations do not (decision 0040).
   */
  methodVersion: z.number().int(),
});
export type CorruptionIndexData = z.infer<typeof CorruptionIndexDataSchema>;

export const CorruptionIndexResponseSchema = z.object({
  error: z.literal(false),
  message: z.string(),
  data: CorruptionIndexDataSchema,
  lastUpdate: z.string().optional(),
});

// --- The calculations catalogue (admin: /api/calculations) ------------------------------------

export const CALCULATION_MESSAGES = {
  nameRequired: 'El nombre del Cálculo es requerido',
  descriptionRequired: 'La descripción del Cálculo es requerida',
  type: 'El tipo del Cálculo debe ser GENERAL o CONTRATO',
  abbreviationRequired: 'La abreviación del Cálculo es requerida',
  abbreviation:
    'La abreviación debe empezar con $$ seguida de 1 a 7 letras mayúsculas o dígitos. Ejemplo: $$IRC',
  displayForm: 'La forma de mostrar el resultado no es válida',
  formulaRequired: 'La fórmula del Cálculo es requerida',
  scaleStep: 'Los valores de la escala admiten como máximo dos decimales.',
  filterValue: 'El filtro necesita un valor numérico.',
  filterReference: 'El filtro necesita elegir un registro.',
  filterProperty: 'La propiedad del filtro no es válida.',
  filterOperator: 'El operador del filtro no es válido.',
  filterVariable: 'El filtro debe aplicarse a una variable de la fórmula.',
  nameTaken: 'Ya existe un cálculo con ese nombre en esta organización.',
  abbreviationTaken: 'Ya existe un cálculo con esa abreviación en esta organización.',
  lockedTaken:
    'Ya hay un cálculo bloqueado (el índice de riesgo de corrupción) en esta organización: desbloquéalo antes de bloquear otro.',
  created: 'El cálculo fue creado correctamente',
  updated: 'El cálculo fue actualizado correctamente',
  deleted: 'El cálculo fue eliminado correctamente',
  notFound: 'El cálculo no existe o fue eliminado.',
} as const;

/** A calculation's own administration period: optional, an empty text is none. */
const OptionalPeriodSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  AdministrationPeriodSchema.nullable().default(null),
);

const twoDecimals = z
  .number({ message: 'Escribe un número.' })
  .finite()
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, CALCULATION_MESSAGES.scaleStep);

export const ScaleRowSchema = z.object({ min: twoDecimals, max: twoDecimals, value: twoDecimals });

export const CalculationFilterSchema = z
  .object({
    variableAbbreviation: z
      .string()
      .trim()
      .regex(/^\$[A-Z0-9]{1,20}$/, CALCULATION_MESSAGES.filterVariable),
    propertyName: z.enum(FILTER_PROPERTY_NAMES as [FilterProperty, ...FilterProperty[]], {
      message: CALCULATION_MESSAGES.filterProperty,
    }),
    operator: z.enum(FILTER_OPERATORS, { message: CALCULATION_MESSAGES.filterOperator }),
    /** Derived from the property (the original's fields, kept for its clients). */
    propertyType: z.enum(['REF', 'STRING', 'NUMBER']).optional(),
    onModel: z.enum(['Supplier', 'AdministrativeUnit']).optional(),
    reference: z.uuid({ message: CALCULATION_MESSAGES.filterReference }).optional().nullable(),
    value: z.union([z.string(), z.number()]).optional().nullable(),
  })
  .transform((filter, context): CalculationFilter => {
    const property = FILTER_PROPERTIES[filter.propertyName];
    if (property.type === 'REF') {
      if (!filter.reference) {
        context.addIssue({
          code: 'custom',
          path: ['reference'],
          message: CALCULATION_MESSAGES.filterReference,
        });
        return z.NEVER;
      }
      if (filter.operator !== 'EQUAL' && filter.operator !== 'NOT_EQUAL') {
        context.addIssue({
          code: 'custom',
          path: ['operator'],
          message: 'Un proveedor o una unidad solo se compara con «Igual a» o «Distinto de».',
        });
        return z.NEVER;
      }
      return {
        variableAbbreviation: filter.variableAbbreviation,
        propertyName: filter.propertyName,
        propertyType: 'REF',
        onModel: property.onModel,
        operator: filter.operator,
        reference: filter.reference,
      };
    }
    const value = typeof filter.value === 'number' ? filter.value : Number(String(filter.value ?? '').trim());
    if (
      filter.value === null ||
      filter.value === undefined ||
      String(filter.value).trim() === '' ||
      !Number.isFinite(value)
    ) {
      context.addIssue({ code: 'custom', path: ['value'], message: CALCULATION_MESSAGES.filterValue });
      return z.NEVER;
    }
    return {
      variableAbbreviation: filter.variableAbbreviation,
      propertyName: filter.propertyName,
      propertyType: 'NUMBER',
      operator: filter.operator,
      value: String(value),
    };
  });

const FormulaInput = z.preprocess(
  // The original's clients send { expression, variables, calculations }; ours may send the text.
  (value) => (typeof value === 'string' ? { expression: value } : value),
  z.object(
    {
      expression: z
        .string({ message: CALCULATION_MESSAGES.formulaRequired })
        .trim()
        .min(1, CALCULATION_MESSAGES.formulaRequired)
        .max(2_000, 'La fórmula es demasiado larga (máximo 2000 caracteres).'),
    },
    { message: CALCULATION_MESSAGES.formulaRequired },
  ),
);

/** A calculation's fields (admin spec, 'Calculation'), checked alike by the form and the server. */
export const CalculationFieldsSchema = z.object({
  name: z
    .string({ message: CALCULATION_MESSAGES.nameRequired })
    .trim()
    .min(1, CALCULATION_MESSAGES.nameRequired)
    .max(200, 'Máximo 200 caracteres.')
    .regex(NoControlCharacters, 'Nombre: el texto contiene caracteres no válidos.'),
  description: z
    .string({ message: CALCULATION_MESSAGES.descriptionRequired })
    .trim()
    .min(1, CALCULATION_MESSAGES.descriptionRequired)
    .max(1_000, 'Máximo 1000 caracteres.')
    .regex(NoControlExceptLineBreaks, 'Descripción: el texto contiene caracteres no válidos.'),
  type: z.enum(CALCULATION_TYPES, { message: CALCULATION_MESSAGES.type }),
  abbreviation: z
    .string({ message: CALCULATION_MESSAGES.abbreviationRequired })
    .trim()
    .min(1, CALCULATION_MESSAGES.abbreviationRequired)
    .regex(/^\$\$[A-Z0-9]{1,7}$/, CALCULATION_MESSAGES.abbreviation),
  administrationPeriod: OptionalPeriodSchema,
  enabled: z.boolean().default(false),
  locked: z.boolean().default(false),
  notes: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(2_000, 'Máximo 2000 caracteres.')
      .regex(NoControlExceptLineBreaks, 'Notas: el texto contiene caracteres no válidos.')
      .nullable()
      .default(null),
  ),
  displayForm: z.enum(DISPLAY_FORMS, { message: CALCULATION_MESSAGES.displayForm }).default('NORMAL'),
  hasPercentScale: z.boolean().default(false),
  scale: z.array(ScaleRowSchema).max(20, 'La escala admite como máximo 20 rangos.').default([]),
  filters: z.array(CalculationFilterSchema).max(20, 'Un cálculo admite como máximo 20 filtros.').default([]),
  formula: FormulaInput,
});

/**
 * The rules between fields, where the form can check them before saving: the formula parses and
 * names only known variables and not itself; a filter applies to a variable of the formula; the
 * scale, when on, is contiguous (half-open rows, no overlap, no gap). Whether the calculations it
 * names exist, and cycles, need the monitor's others: the server checks them on save.
 */
export function withCalculationRules<T extends z.ZodType<z.output<typeof CalculationFieldsSchema>>>(
  schema: T,
) {
  return schema.superRefine((input, context) => {
    const problem = formulaProblem(input.formula.expression, input.abbreviation);
    if (problem)
      context.addIssue({ code: 'custom', path: ['formula', 'expression'], message: problem.message });
    else {
      const { variables } = formulaReferences(parseFormula(input.formula.expression));
      input.filters.forEach((filter, index) => {
        if (!variables.includes(filter.variableAbbreviation))
          context.addIssue({
            code: 'custom',
            path: ['filters', index, 'variableAbbreviation'],
            message: `${CALCULATION_MESSAGES.filterVariable} ${filter.variableAbbreviation} no está en la fórmula.`,
          });
      });
    }
    if (input.hasPercentScale) {
      const scale = scaleProblem(input.scale);
      if (scale) context.addIssue({ code: 'custom', path: ['scale'], message: scale });
    }
  });
}

/**
 * Why a formula cannot be saved, with its 1-based position, or null: a syntax error, an unknown
 * variable, or a reference to the calculation itself.
 */
export function formulaProblem(
  expression: string,
  abbreviation?: string,
): { message: string; position: number } | null {
  let tree: FormulaNode;
  try {
    tree = parseFormula(expression);
  } catch (error) {
    if (error instanceof FormulaError) return { message: error.message, position: error.position };
    throw error;
  }
  const references = formulaReferenceList(tree);
  const unknown = references.find(
    (item) => item.kind === 'variable' && !VARIABLE_BY_ABBREVIATION.has(item.name),
  );
  if (unknown)
    return {
      message: `La variable ${unknown.name} no existe (posición ${unknown.at}).`,
      position: unknown.at,
    };
  const itself = references.find((item) => item.kind === 'calculation' && item.name === abbreviation);
  if (itself)
    return {
      message: `La fórmula no puede usar su propio cálculo ${itself.name} (posición ${itself.at}).`,
      position: itself.at,
    };
  return null;
}

export const CalculationInputSchema = withCalculationRules(CalculationFieldsSchema);
export type CalculationInput = z.input<typeof CalculationFieldsSchema>;

export const CalculationDocSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  abbreviation: z.string(),
  type: z.enum(CALCULATION_TYPES),
  administrationPeriod: z.string().nullable(),
  enabled: z.boolean(),
  locked: z.boolean(),
  notes: z.string().nullable(),
  displayForm: z.enum(DISPLAY_FORMS),
  hasPercentScale: z.boolean(),
  scale: z.array(z.object({ min: z.number(), max: z.number(), value: z.number() })),
  filters: z.array(z.record(z.string(), z.unknown())),
  formula: z.object({
    expression: z.string(),
    variables: z.array(z.string()),
    calculations: z.array(z.string()),
  }),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalculationDoc = z.infer<typeof CalculationDocSchema>;

/** POST /api/calculations/formula/validate (the spec's body) and GET /formula/evaluate. */
export const FormulaValidateBodySchema = z.object({
  _id: z.uuid().optional(),
  formula: FormulaInput,
  abbreviation: z.string().trim().max(20).optional(),
  type: z.enum(CALCULATION_TYPES).default('CONTRACT'),
  administrationPeriod: OptionalPeriodSchema,
  hasPercentScale: z.boolean().default(false),
  scale: z.array(ScaleRowSchema).max(20).default([]),
  filters: z.array(CalculationFilterSchema).max(20).default([]),
  locked: z.boolean().optional(),
});
export const FormulaEvaluateQuerySchema = z.object({
  expression: z.string().max(2_000, 'La fórmula es demasiado larga (máximo 2000 caracteres).'),
  type: z.enum(CALCULATION_TYPES).default('CONTRACT'),
  administrationPeriod: AdministrationPeriodSchema.optional(),
});
export const FormulaResultSchema = z.object({
  error: z.boolean(),
  message: z.string(),
  /** The 1-based position of a formula error. */
  position: z.number().int().optional(),
  results: z.object({ value: z.number().nullable(), administrationPeriod: z.string().nullable() }),
});

/** GET /api/calculations/variables: the formulas' variables, grouped as the form lists them. */
export const VariablesResponseSchema = successEnvelope(
  z.array(
    z.object({
      abbreviation: z.string(),
      name: z.string(),
      description: z.string(),
      /** 'GENERAL' (sums of money), 'CONTRATOS' (counts) or 'SEÑALES DE ALERTA' (the red flags'), as the form lists them. */
      group: z.string(),
      /** The index's axis the variable serves. */
      axis: z.string(),
      unit: z.enum(['AMOUNT', 'COUNT']),
    }),
  ),
);

/** GET /api/calculations/retrieve/calculations?currentCalculationId: the others, for `$$` references. */
export const RetrieveCalculationsQuerySchema = z.object({ currentCalculationId: z.uuid().optional() });
export const RetrieveCalculationsResponseSchema = successEnvelope(
  z.object({
    docs: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        abbreviation: z.string(),
        description: z.string(),
        type: z.enum(CALCULATION_TYPES),
      }),
    ),
  }),
);
