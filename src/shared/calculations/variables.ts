/**
 * The predefined variables of formulas (original-calculations.md §1, with its bugs fixed as
 * index-and-federation.md says). Every variable is an aggregate over the contracts of the context
 * (the monitor, or all monitors for a GENERAL calculation, in the administration period): by
 * default the contracts that count in totals, concluded and not an amendment (the one rule for
 * money); `$NAC` counts concluded amendments of the kind ampliación. The abbreviations, including
 * the original's misspelt `$NFXXVII`, are kept so stored formulas still resolve. After them, two
 * variables per red flag (issue 32, decision 0052): the counted contracts carrying it and their amount.
 */
import {
  ANY_RED_FLAG,
  RED_FLAG_CODES,
  RED_FLAGS,
  type RedFlagCategory,
  type RedFlagCode,
} from '../red-flags/definitions';

/** The index's axes: which part of the method a variable serves. */
export const VARIABLE_AXES = ['Manejo de contrataciones', 'Competencia económica', 'Transparencia'] as const;
export type VariableAxis = (typeof VARIABLE_AXES)[number];

/**
 * How the formula builder lists the variables (admin spec: 'GENERAL' for the sums of money,
 * 'CONTRATOS' for the counts), from their unit; the red flags' apart.
 */
export const VARIABLE_GROUPS = ['GENERAL', 'CONTRATOS', 'SEÑALES DE ALERTA'] as const;
export type VariableGroup = (typeof VARIABLE_GROUPS)[number];
export const groupOf = (variable: Pick<VariableDefinition, 'unit' | 'flag'>): VariableGroup =>
  variable.flag ? 'SEÑALES DE ALERTA' : variable.unit === 'AMOUNT' ? 'GENERAL' : 'CONTRATOS';

export interface VariableDefinition {
  abbreviation: string;
  name: string;
  /** What it counts, in words, including which contracts. */
  description: string;
  axis: VariableAxis;
  /** AMOUNT for sums of money, COUNT otherwise. */
  unit: 'AMOUNT' | 'COUNT';
  /** The red flag whose contracts it counts (ANY: any flag): counted from the flags, not the kept figures. */
  flag?: VariableFlag;
}

const COUNTED =
  'contratos concluidos del periodo que cuentan en los totales (sin ampliaciones, modificaciones ni adendas)';

const INDEX_VARIABLES = [
  {
    abbreviation: '$MTG',
    name: 'Monto total gastado',
    description: `Suma del monto total (o máximo, en contratos abiertos) de los ${COUNTED}.`,
    axis: 'Manejo de contrataciones',
    unit: 'AMOUNT',
  },
  {
    abbreviation: '$MGLP',
    name: 'Monto gastado bajo Licitaciones Públicas',
    description: `Suma del monto de los ${COUNTED} hechos por licitación pública.`,
    axis: 'Manejo de contrataciones',
    unit: 'AMOUNT',
  },
  {
    abbreviation: '$MGAD',
    name: 'Monto gastado bajo Adjudicación Directa',
    description: `Suma del monto de los ${COUNTED} hechos por adjudicación directa.`,
    axis: 'Manejo de contrataciones',
    unit: 'AMOUNT',
  },
  {
    abbreviation: '$MGIR',
    name: 'Monto gastado bajo Invitaciones Restringidas',
    description: `Suma del monto de los ${COUNTED} hechos por invitación restringida.`,
    axis: 'Manejo de contrataciones',
    unit: 'AMOUNT',
  },
  {
    abbreviation: '$NTC',
    name: 'Número total de contratos',
    description: `Número de ${COUNTED}.`,
    axis: 'Manejo de contrataciones',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NTCLP',
    name: 'Número total de contratos bajo licitaciones públicas',
    description: `Número de ${COUNTED} hechos por licitación pública.`,
    axis: 'Manejo de contrataciones',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NCSF',
    name: 'Número de contratos sin No. de Folio',
    description: `Número de ${COUNTED} que no tienen número de folio (identificador del contrato).`,
    axis: 'Manejo de contrataciones',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NCADSM',
    name: 'Número de contratos de adjudicaciones directas que sobrepasan monto',
    description: `Número de ${COUNTED} por adjudicación directa marcados como que exceden el monto máximo aprobado.`,
    axis: 'Manejo de contrataciones',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NAC',
    name: 'Número de ampliaciones de contratos',
    description: 'Número de contratos concluidos del periodo de la categoría ampliación.',
    axis: 'Manejo de contrataciones',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NCAD',
    name: 'Número de contratos bajo adjudicaciones directas',
    description: `Número de ${COUNTED} por adjudicación directa.`,
    axis: 'Manejo de contrataciones',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NTP',
    name: 'Número total de proveedores',
    description: `Número de proveedores distintos de los ${COUNTED} (los contratos sin proveedor no suman uno).`,
    axis: 'Competencia económica',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NPCGE',
    name: 'Número de proveedores que concentran el 40% del gasto ejercido',
    description: `Los proveedores de los ${COUNTED}, del que más recibió al que menos: cuántos hacen falta para sumar al menos el 40% del monto de todos ellos (incluido el que lo cruza). Sin datos cuando ese monto es cero.`,
    axis: 'Competencia económica',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NPEPE',
    name: 'Número de proveedores por encima del promedio ejercido',
    description: `Número de proveedores de los ${COUNTED} cuyo monto recibido supera el promedio por proveedor.`,
    axis: 'Competencia económica',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NPEPCP',
    name: 'Número de proveedores por encima del promedio de contratos por proveedor',
    description: `Número de proveedores de los ${COUNTED} con más contratos que el promedio de contratos por proveedor.`,
    axis: 'Competencia económica',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NCDPT',
    name: 'Número de contratos disponibles en el Portal de Transparencia',
    description: `Número de ${COUNTED} con la liga al contrato.`,
    axis: 'Transparencia',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NIDPT',
    name: 'Número de convocatorias o invitaciones disponibles en el Portal de Transparencia',
    description: `Número de ${COUNTED} con la liga a la convocatoria o invitación.`,
    axis: 'Transparencia',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NCPJA',
    name: 'Número de contratos tipo licitación pública de los que fueron publicadas las juntas de aclaraciones',
    description: `Número de ${COUNTED} por licitación pública con la liga al fallo de la junta de aclaraciones.`,
    axis: 'Transparencia',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NTF',
    name: 'Número total de formatos XXVIII publicados',
    description: `Número de formatos XXVIII (uno por trimestre, unidad convocante y tipo: A para licitación e invitación, B para adjudicación directa) entre los ${COUNTED} que tienen fecha de obtención de los datos.`,
    axis: 'Transparencia',
    unit: 'COUNT',
  },
  {
    abbreviation: '$NFXXVII',
    name: 'Número de formatos XXVIII publicados a tiempo en el Portal de Transparencia',
    description:
      'De los formatos de $NTF, los publicados a tiempo: su fecha de obtención de datos más reciente es a más tardar 30 días después del fin del trimestre (calendario de la Ciudad de México).',
    axis: 'Transparencia',
    unit: 'COUNT',
  },
] as const satisfies readonly VariableDefinition[];

/**
 * The red flags' part of the abbreviations: `$NSA<tag>` counts the contracts with the flag,
 * `$MSA<tag>` sums their amount ("señal de alerta"; `$NSA` and `$MSA` alone: any flag). Stored
 * formulas use them: a tag never changes, and a new flag gets a new one.
 */
const RED_FLAG_TAGS: Readonly<Record<RedFlagCode, string>> = {
  SINGLE_BIDDER: 'UP',
  FEW_INVITED_BIDDERS: 'IMTP',
  OVER_DIRECT_AWARD_LIMIT: 'ADEL',
  SPLIT_DIRECT_AWARDS: 'PF',
  SUPPLIER_CONCENTRATION: 'PC',
  NON_WORKING_DAY: 'DI',
  LATE_PUBLICATION: 'PT',
  NO_CONTRACT_DOCUMENT: 'SDC',
  NO_CALL_DOCUMENT: 'SC',
  DOCUMENT_GONE: 'DR',
  INVALID_RFC: 'RFCI',
  SHARED_RFC: 'RFCC',
  SAT_69B: '69B',
  SANCTIONED_SUPPLIER: 'PS',
  OUTLIER_AMOUNT: 'MA',
  AMENDED: 'CM',
};

/** The index's axis of a flag's variables, from the flag's category. */
const FLAG_AXES: Record<RedFlagCategory, VariableAxis> = {
  COMPETITION: 'Competencia económica',
  TRANSPARENCY: 'Transparencia',
  TIME: 'Manejo de contrataciones',
  SUPPLIER: 'Manejo de contrataciones',
  AMOUNT: 'Manejo de contrataciones',
  EXECUTION: 'Manejo de contrataciones',
};

/** The abbreviations of a flag's two variables (ANY: any flag). */
export function flagVariableNames(flag: VariableFlag): { count: string; amount: string } {
  const tag = flag === ANY_RED_FLAG ? '' : RED_FLAG_TAGS[flag];
  return { count: `$NSA${tag}`, amount: `$MSA${tag}` };
}

const FLAGGED = 'con por lo menos una señal de alerta, cualquiera de ellas.';
const flagVariables = (flag: VariableFlag): VariableDefinition[] => {
  const names = flagVariableNames(flag);
  const definition = flag === ANY_RED_FLAG ? null : RED_FLAGS[flag];
  const which = definition ? `con la señal «${definition.name}»` : 'con alguna señal de alerta';
  const carrying = definition
    ? `que llevan la señal de alerta «${definition.name}». ${definition.rule}`
    : FLAGGED;
  const axis = definition ? FLAG_AXES[definition.category] : 'Manejo de contrataciones';
  return [
    {
      abbreviation: names.count,
      name: `Número de contratos ${which}`,
      description: `Número de ${COUNTED} ${carrying}`,
      axis,
      unit: 'COUNT',
      flag,
    },
    {
      abbreviation: names.amount,
      name: `Monto de los contratos ${which}`,
      description: `Suma del monto total (o máximo, en contratos abiertos) de los ${COUNTED} ${carrying}`,
      axis,
      unit: 'AMOUNT',
      flag,
    },
  ];
};

/** What a flag's variables count: one red flag, in the flags' order, then any flag. */
export type VariableFlag = RedFlagCode | typeof ANY_RED_FLAG;
export const VARIABLE_FLAGS: readonly VariableFlag[] = [...RED_FLAG_CODES, ANY_RED_FLAG];

/** Two per red flag, then the pair for any flag. */
export const FLAG_VARIABLES: readonly VariableDefinition[] = VARIABLE_FLAGS.flatMap(flagVariables);

/** Every variable a formula may use: the index's, then the red flags'. */
export const VARIABLES: readonly VariableDefinition[] = [...INDEX_VARIABLES, ...FLAG_VARIABLES];

export const VARIABLE_BY_ABBREVIATION: ReadonlyMap<string, VariableDefinition> = new Map(
  VARIABLES.map((variable) => [variable.abbreviation, variable]),
);
