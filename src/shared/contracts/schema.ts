import { z } from 'zod';
import {
  CONTRACT_FIELD_KEYS,
  CONTRACT_FIELDS,
  type ContractField,
  contractFieldRules,
  type FieldSpec,
  requiredUnlessEmpty,
} from './fields';
import { EditableRelationsSchema } from './relations';
import { contractFormatMessage, contractRequiredMessage, SUPPLIER_UNKNOWN, URL_EXAMPLE } from './rules';

/** The schemas of a contract, derived from its field definitions (fields.ts). */

type Fields = typeof CONTRACT_FIELDS;

/** Field labels of the contract form: required and format messages name the field by them. */
export const CONTRACT_LABELS = Object.fromEntries(
  CONTRACT_FIELD_KEYS.map((key) => [key, CONTRACT_FIELDS[key].label]),
) as { [K in ContractField]: string };

/** Examples shown in the format messages and as the form's placeholders. */
export const CONTRACT_EXAMPLES = {
  administrationPeriod: CONTRACT_FIELDS.administrationPeriod.example,
  fiscalYear: CONTRACT_FIELDS.fiscalYear.example,
  period: CONTRACT_FIELDS.period.example,
  contractId: CONTRACT_FIELDS.contractId.example,
  url: URL_EXAMPLE,
} as const;

export const contractRequired = (field: ContractField) => contractRequiredMessage(CONTRACT_LABELS[field]);
export const contractFormat = (field: ContractField, example: string) =>
  contractFormatMessage(CONTRACT_LABELS[field], example);

export const CONTRACT_MESSAGES = {
  numberTaken: 'Ya existe un Contrato registrado con este número.',
  alreadyLoaded: 'Ya existe un contrato cargado con los mismos datos.',
  decentralized:
    'Si el Tipo de U. administrativa es DESCENTRALIZADA la U. administrativa solicitante y convocante deben ser la misma',
  totalMatchesTotal: 'El Monto total o máximo debe coincidir con el monto total debido al tipo de contrato.',
  totalMatchesMax: 'El Monto total o máximo debe coincidir con el monto máximo debido al tipo de contrato.',
  minAboveMax: 'El Monto mínimo no puede ser mayor que el Monto máximo.',
  amount: 'El monto debe ser un número positivo con hasta dos decimales.',
  date: 'La fecha no es válida (dd/mm/aaaa).',
  supplierUnknown: SUPPLIER_UNKNOWN,
  unitUnknown: 'La unidad administrativa no existe en esta organización.',
  created: 'El contrato fue creado correctamente',
  updated: 'El contrato fue actualizado correctamente',
  deleted: 'El contrato fue eliminado correctamente',
  notFound: 'El contrato no existe o fue eliminado.',
} as const;

/**
 * A contract entered by hand (spec: admin area, sections 3 and 5): every field's rule. The rules
 * between fields (required unless the row is a "no procedures held" placeholder, amounts by
 * contract type, units of a decentralised body) are in withContractRules.
 */
export const ContractFieldsSchema = z.object(contractFieldRules());
type ContractFields = z.output<typeof ContractFieldsSchema>;

/** Fields the form requires unless the row is empty (isEmpty); amounts depend on the contract type. */
const REQUIRED_UNLESS_EMPTY = requiredUnlessEmpty('form');
/** What a deserted procedure does not have, having awarded nothing. */
const NOT_AWARDED = new Set<ContractField>(['contractNumber', 'contractDate', 'contractType', 'supplier']);

/**
 * The rules between fields, and the derived values, of a contract (also of an inline-edited row).
 * `numberless`: a contract loaded from a sheet whose number was a placeholder (data-load-rules.md:
 * the import's rule wins there; the contract is known by its fingerprint instead).
 */
export function withContractRules<T extends z.ZodType<ContractFields>>(
  schema: T,
  options: {
    numberless?: boolean;
    /** Fields the source may leave empty although the form requires them (format 28, decision 0050). */
    optional?: readonly ContractField[];
    /** A deserted procedure may have no amount (format 28 publishes deserted tenders without one). */
    desertedWithoutAmount?: boolean;
  } = {},
) {
  const required = REQUIRED_UNLESS_EMPTY.filter(
    (field) => !(options.numberless && field === 'contractNumber') && !options.optional?.includes(field),
  );
  return schema
    .superRefine((input, context) => {
      const issue = (field: ContractField, message: string) =>
        context.addIssue({ code: 'custom', path: [field], message });
      // A deserted tender awarded nothing: no contract, no amount (format 28).
      const deserted = options.desertedWithoutAmount && input.procedureState === 'DESERTED';
      if (!input.isEmpty) {
        for (const field of required) {
          if (deserted && NOT_AWARDED.has(field)) continue;
          if (input[field] === null || input[field] === undefined) issue(field, contractRequired(field));
        }
        if (input.contractType === 'OPEN' && input.maxAmount === null)
          issue('maxAmount', contractRequired('maxAmount'));
        if (input.contractType === 'OPEN' && input.minAmount === null)
          issue('minAmount', contractRequired('minAmount'));
        if (input.contractType !== 'OPEN' && input.totalAmount === null && !deserted)
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
/** The contract form's body: the fields, and the bidders, invited and amendments it edits (issue 30). */
export const ContractFormSchema = withContractRules(
  ContractFieldsSchema.extend(EditableRelationsSchema.shape),
);
/** A contract of a spreadsheet load, which may have no number (it then has a fingerprint). */
export const LoadedContractSchema = withContractRules(ContractFieldsSchema, { numberless: true });
/**
 * A contract of a format-28 workbook (pnt-import-rules.md; decision 0050): the format has no unit
 * type, does not always publish the contract's date, and publishes deserted tenders, which awarded
 * nothing.
 */
export const Format28ContractSchema = withContractRules(ContractFieldsSchema, {
  numberless: true,
  optional: ['administrativeUnitType', 'contractDate'],
  desertedWithoutAmount: true,
});
export type ContractInput = z.input<typeof ContractInputSchema>;
/** A contract's fields once checked, with the derived values (what saveContracts writes). */
export type ContractValues = z.output<typeof ContractInputSchema>;

// --- Documents (what the API answers) ---------------------------------------------------------

export const ReferenceSchema = z.object({ _id: z.string(), name: z.string() });
type Reference = z.infer<typeof ReferenceSchema>;

type Nullable<S, T> = S extends { notNull: true } ? T : T | null;
/** The value a field shows in a document. */
type DocValue<S> = S extends { kind: 'reference' }
  ? Reference | null
  : S extends { kind: 'choice'; values: readonly (infer V)[] }
    ? Nullable<S, V>
    : S extends { kind: 'money' }
      ? Nullable<S, number>
      : S extends { kind: 'boolean' }
        ? Nullable<S, boolean>
        : Nullable<S, string>;
export type ContractDocShape<K extends ContractField> = { [P in K]: z.ZodType<DocValue<Fields[P]>> };

function docField(key: ContractField): z.ZodType {
  const spec: FieldSpec = CONTRACT_FIELDS[key];
  const base: z.ZodType =
    spec.kind === 'reference'
      ? ReferenceSchema
      : spec.kind === 'choice'
        ? z.enum(spec.values!)
        : spec.kind === 'money'
          ? z.number()
          : spec.kind === 'boolean'
            ? z.boolean()
            : z.string();
  const value = spec.notNull && spec.kind !== 'reference' ? base : base.nullable();
  return spec.description ? value.describe(spec.description) : value;
}

/** The document schemas of some fields, in the definitions' order. */
export function contractDocShape<K extends ContractField>(keys: readonly K[]): ContractDocShape<K> {
  return Object.fromEntries(keys.map((key) => [key, docField(key)])) as ContractDocShape<K>;
}

type Shown<W> = { [K in ContractField]: Fields[K] extends { shown: W } ? K : never }[ContractField];
/** Fields of the public list (and detail). */
export type ListedField = Shown<'list'>;
/** Fields of the public detail only. */
export type DetailField = Exclude<ContractField, ListedField | Shown<'internal'>>;

const shownAs = (spec: FieldSpec) => spec.shown ?? 'detail';
export const LISTED_FIELDS = CONTRACT_FIELD_KEYS.filter(
  (key) => shownAs(CONTRACT_FIELDS[key]) === 'list',
) as ListedField[];
export const DETAIL_FIELDS = CONTRACT_FIELD_KEYS.filter(
  (key) => shownAs(CONTRACT_FIELDS[key]) === 'detail',
) as DetailField[];

/** A contract as the catalogue shows it: every field, the references with their names. */
export const ContractDocSchema = z.object({
  _id: z.string(),
  ...contractDocShape(CONTRACT_FIELD_KEYS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractDoc = z.infer<typeof ContractDocSchema>;
