/**
 * The predefined variables of formulas (original-calculations.md §1, with its bugs fixed as
 * index-and-federation.md says). Every variable is an aggregate over the contracts of the context
 * (the monitor, or all monitors for a GENERAL calculation, in the administration period): by
 * default the contracts that count in totals, concluded and not an amendment (the one rule for
 * money); `$NAC` counts concluded amendments of the kind ampliación. The abbreviations, including
 * the original's misspelt `$NFXXVII`, are kept so stored formulas still resolve.
 */

/** The index's axes: which part of the method a variable serves. */
export const VARIABLE_AXES = ['Manejo de contrataciones', 'Competencia económica', 'Transparencia'] as const;
export type VariableAxis = (typeof VARIABLE_AXES)[number];

/**
 * How the formula builder lists the variables (admin spec: 'GENERAL' for the sums of money,
 * 'CONTRATOS' for the counts), from their unit.
 */
export const VARIABLE_GROUPS = ['GENERAL', 'CONTRATOS'] as const;
export type VariableGroup = (typeof VARIABLE_GROUPS)[number];
export const groupOf = (variable: { unit: 'AMOUNT' | 'COUNT' }): VariableGroup =>
  variable.unit === 'AMOUNT' ? 'GENERAL' : 'CONTRATOS';

export interface VariableDefinition {
  abbreviation: string;
  name: string;
  /** What it counts, in words, including which contracts. */
  description: string;
  axis: VariableAxis;
  /** AMOUNT for sums of money, COUNT otherwise. */
  unit: 'AMOUNT' | 'COUNT';
}

const COUNTED =
  'contratos concluidos del periodo que cuentan en los totales (sin ampliaciones, modificaciones ni adendas)';

export const VARIABLES = [
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

export type VariableAbbreviation = (typeof VARIABLES)[number]['abbreviation'];

export const VARIABLE_BY_ABBREVIATION: ReadonlyMap<string, VariableDefinition> = new Map(
  VARIABLES.map((variable) => [variable.abbreviation, variable]),
);
