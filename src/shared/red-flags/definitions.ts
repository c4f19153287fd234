/**
 * The per-contract red flags ("señales de alerta") as decided in the team's red-flags reference:
 * codes, Spanish names, categories, the plain-Spanish texts of the /red-flags page and the
 * per-monitor parameters. Server (the evaluation) and web (the page, the admin form) read them
 * here so that both say the same thing. A flag is a reason to open the file, never a verdict.
 */

/** Shown with every flag, wherever one appears. */
export const RED_FLAG_DISCLAIMER = 'Una señal es un motivo para revisar, no una acusación.';
/** A flag the data cannot evaluate (no bidders recorded, no contract date): not raised, listed apart. */
export const NOT_EVALUATED = 'sin datos';

/** In the order of the reference's table (the order of the /red-flags page). */
export const RED_FLAG_CODES = [
  'SINGLE_BIDDER',
  'FEW_INVITED_BIDDERS',
  'OVER_DIRECT_AWARD_LIMIT',
  'SPLIT_DIRECT_AWARDS',
  'SUPPLIER_CONCENTRATION',
  'NON_WORKING_DAY',
  'LATE_PUBLICATION',
  'NO_CONTRACT_DOCUMENT',
  'NO_CALL_DOCUMENT',
  'DOCUMENT_GONE',
  'INVALID_RFC',
  'SHARED_RFC',
  'SAT_69B',
  'SANCTIONED_SUPPLIER',
  'OUTLIER_AMOUNT',
  'AMENDED',
] as const;
export type RedFlagCode = (typeof RED_FLAG_CODES)[number];

/** The contracts list's filter value for 'any red flag'. */
export const ANY_RED_FLAG = 'ANY';

/** The categories, in the order the page groups the flags. */
export const RED_FLAG_CATEGORIES = [
  { code: 'COMPETITION', name: 'Competencia' },
  { code: 'TIME', name: 'Tiempo' },
  { code: 'TRANSPARENCY', name: 'Transparencia' },
  { code: 'SUPPLIER', name: 'Proveedor' },
  { code: 'AMOUNT', name: 'Monto' },
  { code: 'EXECUTION', name: 'Ejecución' },
] as const;
export type RedFlagCategory = (typeof RED_FLAG_CATEGORIES)[number]['code'];
export const RED_FLAG_CATEGORY_NAMES = Object.fromEntries(
  RED_FLAG_CATEGORIES.map(({ code, name }) => [code, name]),
) as Record<RedFlagCategory, string>;

/** What a monitor may tune; `enabled` switches flags off. Changing any of it bumps the method's version. */
export interface RedFlagParameters {
  /** Direct-award limit in MXN per fiscal year ('YYYY'); a year without one: only `limitExceeded` counts. */
  directAwardLimits: Record<string, number>;
  /** Largest gap in days between two direct awards of one chain (SPLIT_DIRECT_AWARDS). */
  chainWindowDays: number;
  /** Share (0–1) of a unit's direct-award money above which its supplier is concentrated. */
  concentrationShare: number;
  /** Direct awards the unit needs in the period before SUPPLIER_CONCENTRATION is evaluated. */
  concentrationMinContracts: number;
  /** k of the upper fence Q3 + k × IQR (OUTLIER_AMOUNT). */
  outlierFactor: number;
  /** Comparable contracts (same category and procedure type) needed before OUTLIER_AMOUNT is evaluated. */
  outlierMinContracts: number;
  enabled: Record<RedFlagCode, boolean>;
}

export const RED_FLAG_PARAMETER_KEYS = [
  'directAwardLimits',
  'chainWindowDays',
  'concentrationShare',
  'concentrationMinContracts',
  'outlierFactor',
  'outlierMinContracts',
] as const satisfies readonly (keyof RedFlagParameters)[];
export type RedFlagParameter = (typeof RED_FLAG_PARAMETER_KEYS)[number];

/** Labels of the parameters (the admin form, the page's "parámetros de este monitor"). */
export const RED_FLAG_PARAMETER_LABELS: Record<RedFlagParameter, string> = {
  directAwardLimits: 'Límite de la adjudicación directa por ejercicio fiscal (MXN)',
  chainWindowDays: 'Días entre adjudicaciones directas de una misma cadena',
  concentrationShare: 'Proporción del dinero de adjudicación directa de la unidad convocante',
  concentrationMinContracts: 'Mínimo de adjudicaciones directas de la unidad convocante',
  outlierFactor: 'Factor del rango intercuartílico para un monto atípico',
  outlierMinContracts: 'Mínimo de contratos comparables para un monto atípico',
};

export const DEFAULT_RED_FLAG_PARAMETERS: Readonly<RedFlagParameters> = Object.freeze({
  directAwardLimits: Object.freeze({}),
  chainWindowDays: 30,
  concentrationShare: 0.4,
  concentrationMinContracts: 5,
  outlierFactor: 3,
  outlierMinContracts: 20,
  enabled: Object.freeze(
    Object.fromEntries(RED_FLAG_CODES.map((code) => [code, true])) as Record<RedFlagCode, boolean>,
  ),
});

export interface RedFlagDefinition {
  /** Spanish name, as in the reference's table. */
  name: string;
  category: RedFlagCategory;
  /** When it is raised, for a citizen (the /red-flags page). */
  rule: string;
  /** Why it matters, one sentence. */
  why: string;
  /** The monitor parameters it reads (the page shows their current values beside the rule). */
  parameters: readonly RedFlagParameter[];
  /** The data it needs: shown when the flag is 'sin datos'. */
  needs: string;
}

const BIDDERS_NEEDED = 'Los participantes registrados del procedimiento.';

export const RED_FLAGS: Record<RedFlagCode, RedFlagDefinition> = {
  SINGLE_BIDDER: {
    name: 'Un solo participante',
    category: 'COMPETITION',
    rule: 'Se marca cuando una licitación pública o una invitación tiene registrado un solo participante.',
    why: 'Sin otros participantes no hubo competencia, y el precio y las condiciones pudieron no ser los mejores para el gobierno.',
    parameters: [],
    needs: BIDDERS_NEEDED,
  },
  FEW_INVITED_BIDDERS: {
    name: 'Invitación con menos de tres participantes',
    category: 'COMPETITION',
    rule: 'Se marca cuando una invitación (que debe dirigirse a por lo menos tres personas) tiene registrados solo uno o dos participantes.',
    why: 'La invitación existe para que compitan varios proveedores; con menos de tres, la competencia fue limitada.',
    parameters: [],
    needs: BIDDERS_NEEDED,
  },
  OVER_DIRECT_AWARD_LIMIT: {
    name: 'Adjudicación directa por encima del límite',
    category: 'COMPETITION',
    rule: 'Se marca cuando un contrato adjudicado directamente supera el límite que el monitor registró para su ejercicio fiscal, o cuando la fuente indica que excede el límite de la adjudicación directa.',
    why: 'Por encima de ese límite la ley pide un procedimiento con competencia, como una invitación o una licitación.',
    parameters: ['directAwardLimits'],
    needs:
      'El monto y el ejercicio fiscal del contrato junto con el límite de ese ejercicio registrado por el monitor, o el dato «Excede el límite de la adjudicación directa».',
  },
  SPLIT_DIRECT_AWARDS: {
    name: 'Posible fraccionamiento',
    category: 'COMPETITION',
    rule: 'Se marca cuando una misma unidad convocante da a un mismo proveedor dos o más adjudicaciones directas con 30 días o menos entre una y otra (el monitor puede fijar otro plazo), cada una por debajo del límite de la adjudicación directa pero juntas por encima de él. Todos los contratos de la cadena llevan la señal.',
    why: 'Dividir una compra en contratos pequeños puede servir para evitar la licitación que correspondería al monto total.',
    parameters: ['directAwardLimits', 'chainWindowDays'],
    needs:
      'La fecha, el monto, el proveedor y la unidad convocante de los contratos, y el límite de la adjudicación directa de su ejercicio fiscal registrado por el monitor.',
  },
  SUPPLIER_CONCENTRATION: {
    name: 'Proveedor concentrado',
    category: 'COMPETITION',
    rule: 'Se marca cuando un proveedor recibe más del 40 % del dinero que una unidad convocante entregó por adjudicación directa en el periodo de administración (el monitor puede fijar otro porcentaje). Solo se evalúa si la unidad tiene al menos 5 adjudicaciones directas en el periodo.',
    why: 'Que un solo proveedor reciba buena parte de las compras hechas sin competencia puede indicar favoritismo.',
    parameters: ['concentrationShare', 'concentrationMinContracts'],
    needs:
      'El proveedor, la unidad convocante, el periodo de administración y el monto de los contratos, y suficientes adjudicaciones directas de la unidad en el periodo.',
  },
  NON_WORKING_DAY: {
    name: 'Firmado en día inhábil',
    category: 'TIME',
    rule: 'Se marca cuando la fecha del contrato es sábado, domingo o un día de descanso obligatorio de la Ley Federal del Trabajo (artículo 74), como el 1 de enero, el 16 de septiembre o el tercer lunes de noviembre.',
    why: 'Un contrato fechado en día inhábil pudo firmarse fuera del trámite normal o tener una fecha mal registrada.',
    parameters: [],
    needs: 'La fecha del contrato.',
  },
  LATE_PUBLICATION: {
    name: 'Publicación tardía',
    category: 'TRANSPARENCY',
    rule: 'Se marca cuando la información del contrato se obtuvo después del plazo para publicar el formato XXVIII de su trimestre (30 días después de que termina el trimestre), el mismo plazo que usa el índice de riesgo de corrupción.',
    why: 'La información publicada tarde impide que la ciudadanía vigile las compras a tiempo.',
    parameters: [],
    needs: 'El periodo (trimestre) del contrato y la fecha de obtención de la información.',
  },
  NO_CONTRACT_DOCUMENT: {
    name: 'Sin documento del contrato',
    category: 'TRANSPARENCY',
    rule: 'Se marca cuando un procedimiento concluido no tiene la liga al documento del contrato.',
    why: 'Sin el contrato publicado no se puede revisar lo que se pactó: el objeto, el monto ni las condiciones.',
    parameters: [],
    needs: 'El estado del procedimiento.',
  },
  NO_CALL_DOCUMENT: {
    name: 'Sin convocatoria',
    category: 'TRANSPARENCY',
    rule: 'Se marca cuando una licitación pública o una invitación no tiene la liga a la convocatoria o invitación.',
    why: 'La convocatoria muestra qué se pidió y en qué condiciones; sin ella no se sabe si la competencia fue abierta y justa.',
    parameters: [],
    needs: 'El tipo de procedimiento.',
  },
  DOCUMENT_GONE: {
    name: 'Documento retirado de la fuente',
    category: 'TRANSPARENCY',
    rule: 'Se marca cuando un documento enlazado por el contrato, del que el monitor guardó una copia, ya no está disponible en su sitio original.',
    why: 'Retirar documentos públicos dificulta la rendición de cuentas; la copia guardada permite seguir consultándolos.',
    parameters: [],
    needs: 'Una copia de respaldo de los documentos que el contrato enlaza.',
  },
  INVALID_RFC: {
    name: 'RFC con formato no válido',
    category: 'SUPPLIER',
    rule: 'Se marca cuando el RFC del proveedor no tiene la forma de un RFC: 3 o 4 letras, 6 dígitos de la fecha y 3 caracteres de la homoclave.',
    why: 'Un RFC mal escrito o inventado impide saber con certeza a quién se pagó.',
    parameters: [],
    needs: 'El RFC del proveedor.',
  },
  SHARED_RFC: {
    name: 'RFC compartido',
    category: 'SUPPLIER',
    rule: 'Se marca cuando el RFC del proveedor aparece en este monitor con otro nombre, distinto aun sin tomar en cuenta acentos, mayúsculas ni espacios.',
    why: 'Un RFC con varios nombres puede ser un error de captura o una forma de ocultar quién recibe los contratos.',
    parameters: [],
    needs: 'El RFC y el nombre del proveedor.',
  },
  SAT_69B: {
    name: 'Proveedor en la lista del SAT (art. 69-B)',
    category: 'SUPPLIER',
    rule: 'Se marca cuando el RFC del proveedor está en la lista del SAT de contribuyentes que facturan operaciones presuntamente inexistentes (artículo 69-B del Código Fiscal de la Federación) como presunto o definitivo. Los que desvirtuaron la presunción o tienen sentencia favorable no la generan.',
    why: 'Esas empresas pueden simular operaciones con facturas falsas, y contratar con ellas pone en riesgo el dinero público.',
    parameters: [],
    needs: 'El RFC del proveedor y la lista del SAT (artículo 69-B) cargada en el portal.',
  },
  SANCTIONED_SUPPLIER: {
    name: 'Proveedor sancionado',
    category: 'SUPPLIER',
    rule: 'Se marca cuando, en la fecha del contrato, el proveedor estaba inhabilitado según el directorio federal de proveedores y contratistas sancionados. Una multa sola no la genera.',
    why: 'Un proveedor inhabilitado no debía recibir contratos públicos mientras duraba su sanción.',
    parameters: [],
    needs:
      'El RFC del proveedor, la fecha del contrato y el directorio de proveedores y contratistas sancionados cargado en el portal.',
  },
  OUTLIER_AMOUNT: {
    name: 'Monto atípico',
    category: 'AMOUNT',
    rule: 'Se marca cuando el monto del contrato es mucho mayor que el de los contratos del monitor de la misma materia y el mismo tipo de procedimiento: supera el tercer cuartil más 3 veces el rango intercuartílico (el monitor puede fijar otro factor). Solo se evalúa si hay al menos 20 contratos comparables.',
    why: 'Un monto muy por encima de lo usual puede indicar un sobreprecio o un error en los datos.',
    parameters: ['outlierFactor', 'outlierMinContracts'],
    needs:
      'El monto, la materia y el tipo de procedimiento del contrato, y suficientes contratos comparables en el monitor.',
  },
  AMENDED: {
    name: 'Con convenios modificatorios',
    category: 'EXECUTION',
    rule: 'Se marca cuando el contrato tiene convenios modificatorios registrados.',
    why: 'Un convenio puede cambiar el monto, el plazo o el objeto del contrato después de adjudicarlo, sin nueva competencia.',
    parameters: [],
    needs: 'Los convenios modificatorios del contrato (la subtabla del formato XXVIII o el formulario).',
  },
};

/** Bounds of the parameters: the schema (`parameters-schema.ts`) and the admin form's inputs. */
export const RED_FLAG_PARAMETER_BOUNDS = {
  fiscalYear: { min: 2000, max: 2100 },
  /** numeric(16,2), as contract amounts. */
  directAwardLimit: { min: 0, max: 9_999_999_999_999.99 },
  chainWindowDays: { min: 1, max: 365 },
  concentrationShare: { min: 0.05, max: 1 },
  minContracts: { min: 1, max: 1_000 },
  outlierFactor: { min: 0.5, max: 10 },
} as const;

export const RED_FLAG_MESSAGES = {
  parameters: 'Los parámetros de las señales de alerta no son válidos.',
  fiscalYear: 'El ejercicio fiscal de un límite debe ser un año de 2000 a 2100.',
  directAwardLimit:
    'El límite de la adjudicación directa debe ser un monto de 0 o más, con hasta dos decimales.',
  directAwardLimitMax: 'El límite de la adjudicación directa es demasiado grande.',
  chainWindowDays: 'Los días entre adjudicaciones de una cadena deben ser un número entero de 1 a 365.',
  concentrationShare:
    'La proporción de un proveedor concentrado debe estar entre 0.05 y 1 (del 5 % al 100 %).',
  minContracts: 'El mínimo de contratos debe ser un número entero de 1 a 1,000.',
  outlierFactor: 'El factor del monto atípico debe ser un número de 0.5 a 10.',
  enabled: 'El valor debe ser verdadero o falso.',
} as const;
