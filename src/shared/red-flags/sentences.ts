import { formatDate } from '../format/dates';
import { formatCount, formatMoney, formatPercent } from '../format/money';
import { RED_FLAG_CODES, type RedFlagCode, type RedFlagParameters } from './definitions';

/**
 * What a raised flag says to a citizen, and why a flag could not be evaluated ("sin datos").
 *
 * A flag's sentence is one of a closed set of complete Spanish sentences, `FLAG_TEMPLATES`
 * (decision 0052): i18next-style templates with named `{{placeholders}}`. The server fills the
 * chosen template for the API and the downloads (`interpolate`); the web translates it with
 * t(text, values), every template being a key of the en and ja catalogues. Decisions:
 * - The data choose the template, never fragments joined: each flag lists its templates from the
 *   most to the least detailed, and the sentence is the first one whose facts are all known. So a
 *   template never holds a placeholder without its value, and a fact missing from stored evidence
 *   (an older method's, or unreadable) gives a shorter sentence instead of a new combination. A
 *   fact the chosen template does not hold is not said; the evidence beside the sentence keeps it.
 * - Values are data: dates (DD/MM/YYYY), money, counts, percentages, names, RFCs, the list's entry
 *   (authority, laws, file), the quarter ('2o 2024') and the administration ('2021-2024'), shown as
 *   they are in every language. Words live in the templates: a situation on the SAT list, a day of
 *   the week, a number said in words ('un contrato', 'dos participantes') is a template of its own.
 *   The one value that is a word is `{{holiday}}`, a name of the closed set `HOLIDAY_NAMES` that
 *   the web translates through its own keys (`TRANSLATED_VALUES`, in sentence-values.ts: the
 *   contract page loads that small file, not these templates). A party is 'NOMBRE (RFC X)', its
 *   name or 'RFC X'; a list of names, '«A», «B», «C»'.
 * - No placeholder is named like an i18next option (`count`, `context`…): t() would pluralise.
 */
export interface FlagSentence {
  text: string;
  values: Record<string, string>;
}

/** Every sentence a raised flag can say, per flag, each from the most to the least detailed. */
export const FLAG_TEMPLATES = {
  SINGLE_BIDDER: {
    named: 'Solo participó {{bidder}} (RFC {{rfc}}) en el procedimiento.',
    name: 'Solo participó {{bidder}} en el procedimiento.',
    rfc: 'Solo hubo un participante en el procedimiento, con RFC {{rfc}}.',
    plain: 'Solo hubo un participante en el procedimiento.',
  },
  FEW_INVITED_BIDDERS: {
    // A name never ends a sentence: one ending in an abbreviation ('…, S.C.') would end it twice.
    oneNamed: 'Solo {{first}} se registró como participante en la invitación a cuando menos tres personas.',
    one: 'Solo se registró un participante en la invitación a cuando menos tres personas.',
    twoNamed:
      'Solo {{first}} y {{second}} se registraron como participantes en la invitación a cuando menos tres personas.',
    two: 'Solo se registraron dos participantes en la invitación a cuando menos tres personas.',
    plain: 'Se registraron menos de tres participantes en la invitación a cuando menos tres personas.',
  },
  OVER_DIRECT_AWARD_LIMIT: {
    overLimit:
      'El contrato se adjudicó directamente por {{amount}}, por encima del límite de {{limit}} que el monitor registró para el ejercicio {{fiscalYear}}.',
    overLimitPlain: 'El contrato se adjudicó directamente por encima del límite de la adjudicación directa.',
    // The source's own statement raised it; the monitor's limit, when there is one, is context.
    sourceExcessLimit:
      'La fuente indica que el contrato, adjudicado directamente por {{amount}}, excede el límite de la adjudicación directa por {{excess}}; el límite que el monitor registró para el ejercicio {{fiscalYear}} es de {{limit}}.',
    sourceLimit:
      'La fuente indica que el contrato, adjudicado directamente por {{amount}}, excede el límite de la adjudicación directa; el límite que el monitor registró para el ejercicio {{fiscalYear}} es de {{limit}}.',
    sourceExcess:
      'La fuente indica que el contrato, adjudicado directamente por {{amount}}, excede el límite de la adjudicación directa por {{excess}}.',
    source:
      'La fuente indica que el contrato, adjudicado directamente por {{amount}}, excede el límite de la adjudicación directa.',
    sourcePlain:
      'La fuente indica que el contrato, adjudicado directamente, excede el límite de la adjudicación directa.',
  },
  SPLIT_DIRECT_AWARDS: {
    chain:
      'Este contrato es una de {{members}} adjudicaciones directas de la misma unidad convocante al mismo proveedor, con {{windowDays}} días o menos entre una y otra; cada una queda por debajo del límite de {{limit}} del ejercicio {{fiscalYear}}, pero juntas suman {{total}} y lo superan.',
    chainOneDay:
      'Este contrato es una de {{members}} adjudicaciones directas de la misma unidad convocante al mismo proveedor, con un día o menos entre una y otra; cada una queda por debajo del límite de {{limit}} del ejercicio {{fiscalYear}}, pero juntas suman {{total}} y lo superan.',
    plain:
      'Este contrato forma parte de una serie de adjudicaciones directas de la misma unidad convocante al mismo proveedor, firmadas en fechas cercanas; cada una queda por debajo del límite de la adjudicación directa, pero juntas lo superan.',
  },
  SUPPLIER_CONCENTRATION: {
    counted:
      'En la administración {{period}}, el proveedor recibió el {{share}} del dinero que la unidad convocante entregó por adjudicación directa: {{supplierAmount}} en {{supplierContracts}} contratos de un total de {{unitAmount}} en {{unitContracts}} contratos.',
    countedOne:
      'En la administración {{period}}, el proveedor recibió el {{share}} del dinero que la unidad convocante entregó por adjudicación directa: {{supplierAmount}} en un contrato de un total de {{unitAmount}} en {{unitContracts}} contratos.',
    amounts:
      'En la administración {{period}}, el proveedor recibió el {{share}} del dinero que la unidad convocante entregó por adjudicación directa: {{supplierAmount}} de un total de {{unitAmount}}.',
    threshold:
      'En la administración {{period}}, el proveedor recibió más del {{threshold}} del dinero que la unidad convocante entregó por adjudicación directa.',
    plain:
      'El proveedor recibió una proporción alta del dinero que la unidad convocante entregó por adjudicación directa.',
  },
  NON_WORKING_DAY: {
    saturday: 'El contrato se firmó el {{date}}, sábado.',
    sunday: 'El contrato se firmó el {{date}}, domingo.',
    holiday: 'El contrato se firmó el {{date}}, día inhábil: {{holiday}}.',
    date: 'El contrato se firmó el {{date}}, un día inhábil.',
    plain: 'El contrato se firmó en un día inhábil.',
  },
  LATE_PUBLICATION: {
    late: 'La información del contrato se obtuvo el {{informationDate}}, después del plazo para publicar el formato XXVIII del trimestre {{period}}, que venció el {{deadline}}.',
    plain:
      'La información del contrato se obtuvo después del plazo para publicar el formato XXVIII de su trimestre.',
  },
  NO_CONTRACT_DOCUMENT: {
    plain: 'El procedimiento está concluido y no tiene la liga al documento del contrato.',
  },
  NO_CALL_DOCUMENT: {
    plain: 'El procedimiento no tiene la liga a la convocatoria o invitación.',
  },
  DOCUMENT_GONE: {
    one: 'El contrato enlaza un documento que ya no está disponible en su sitio original desde el {{since}}.',
    oneUndated: 'El contrato enlaza un documento que ya no está disponible en su sitio original.',
    several:
      'El contrato enlaza {{documents}} documentos que ya no están disponibles en su sitio original desde el {{since}}.',
    severalFirst:
      'El contrato enlaza {{documents}} documentos que ya no están disponibles en su sitio original, el primero desde el {{since}}.',
    plain: 'El contrato enlaza documentos que ya no están disponibles en su sitio original.',
  },
  INVALID_RFC: {
    named:
      'El RFC «{{rfc}}» del proveedor {{supplier}} no tiene el formato de un RFC (3 o 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave).',
    rfc: 'El RFC «{{rfc}}» del proveedor no tiene el formato de un RFC (3 o 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave).',
    plain:
      'El RFC del proveedor no tiene el formato de un RFC (3 o 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave).',
  },
  SHARED_RFC: {
    two: 'El RFC {{rfc}} aparece en este monitor con dos nombres distintos: «{{first}}» y «{{second}}».',
    several: 'El RFC {{rfc}} aparece en este monitor con {{nameCount}} nombres distintos: {{names}}.',
    many: 'El RFC {{rfc}} aparece en este monitor con {{nameCount}} nombres distintos, entre ellos {{names}}.',
    rfc: 'El RFC {{rfc}} aparece en este monitor con nombres distintos.',
    plain: 'El RFC del proveedor aparece en este monitor con nombres distintos.',
  },
  SAT_69B: {
    presumed:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto»; fue publicado como presunto el {{presumptionDate}} (lista del SAT al {{cutOff}}).',
    presumedSignedBefore:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto»; fue publicado como presunto el {{presumptionDate}}; el contrato se firmó el {{contractDate}}, antes de que el proveedor apareciera en la lista (lista del SAT al {{cutOff}}).',
    presumedSignedSameDay:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto»; fue publicado como presunto el {{presumptionDate}}; el contrato se firmó el {{contractDate}}, el mismo día en que se publicó como presunto (lista del SAT al {{cutOff}}).',
    presumedSignedAfter:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto»; fue publicado como presunto el {{presumptionDate}}; el contrato se firmó el {{contractDate}}, después de su publicación como presunto (lista del SAT al {{cutOff}}).',
    definitive:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}} (lista del SAT al {{cutOff}}).',
    definitiveSignedBefore:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}}; el contrato se firmó el {{contractDate}}, antes de que el proveedor apareciera en la lista (lista del SAT al {{cutOff}}).',
    definitiveSignedOnPresumption:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}}; el contrato se firmó el {{contractDate}}, el mismo día en que se publicó como presunto (lista del SAT al {{cutOff}}).',
    definitiveSignedBetween:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}}; el contrato se firmó el {{contractDate}}, después de su publicación como presunto y antes de su publicación como definitivo (lista del SAT al {{cutOff}}).',
    definitiveSignedOnDefinitive:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}}; el contrato se firmó el {{contractDate}}, el mismo día en que se publicó como definitivo (lista del SAT al {{cutOff}}).',
    definitiveSignedAfter:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo»; fue publicado como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}}; el contrato se firmó el {{contractDate}}, después de ambas publicaciones (lista del SAT al {{cutOff}}).',
    presumedListed:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto» (lista del SAT al {{cutOff}}).',
    definitiveListed:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo» (lista del SAT al {{cutOff}}).',
    presumedUndated:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «presunto».',
    definitiveUndated:
      'El proveedor (RFC {{rfc}}) está en la lista del SAT del artículo 69-B con situación «definitivo».',
    plain: 'El proveedor está en la lista del SAT del artículo 69-B.',
  },
  SANCTIONED_SUPPLIER: {
    cutOff:
      'El contrato se firmó el {{contractDate}}, cuando el proveedor (RFC {{rfc}}) estaba inhabilitado del {{from}} al {{to}}, según el directorio de proveedores y contratistas sancionados al {{cutOff}} (autoridad: {{authority}}; ley infringida: {{laws}}; expediente: {{file}}).',
    loaded:
      'El contrato se firmó el {{contractDate}}, cuando el proveedor (RFC {{rfc}}) estaba inhabilitado del {{from}} al {{to}}, según el directorio de proveedores y contratistas sancionados cargado el {{loadedAt}} (autoridad: {{authority}}; ley infringida: {{laws}}; expediente: {{file}}).',
    cutOffBrief:
      'El contrato se firmó el {{contractDate}}, cuando el proveedor (RFC {{rfc}}) estaba inhabilitado del {{from}} al {{to}}, según el directorio de proveedores y contratistas sancionados al {{cutOff}}.',
    loadedBrief:
      'El contrato se firmó el {{contractDate}}, cuando el proveedor (RFC {{rfc}}) estaba inhabilitado del {{from}} al {{to}}, según el directorio de proveedores y contratistas sancionados cargado el {{loadedAt}}.',
    plain:
      'En la fecha del contrato, el proveedor estaba inhabilitado, según el directorio de proveedores y contratistas sancionados.',
  },
  OUTLIER_AMOUNT: {
    fence:
      'El monto del contrato ({{amount}}) supera {{fence}}, el umbral de monto atípico calculado con los {{contracts}} contratos del monitor de la misma materia y el mismo tipo de procedimiento.',
    amount:
      'El monto del contrato ({{amount}}) es atípico entre los contratos del monitor de la misma materia y el mismo tipo de procedimiento.',
    plain:
      'El monto del contrato es atípico entre los contratos del monitor de la misma materia y el mismo tipo de procedimiento.',
  },
  AMENDED: {
    oneDated: 'El contrato tiene un convenio modificatorio registrado, firmado el {{lastDate}}.',
    one: 'El contrato tiene un convenio modificatorio registrado.',
    severalDated:
      'El contrato tiene {{amendmentCount}} convenios modificatorios registrados, el último firmado el {{lastDate}}.',
    several: 'El contrato tiene {{amendmentCount}} convenios modificatorios registrados.',
    plain: 'El contrato tiene convenios modificatorios registrados.',
  },
} as const satisfies Record<RedFlagCode, Record<string, string>>;

/** The sentence of a code no longer known (stored by an older method). */
export const UNKNOWN_FLAG_TEMPLATE = 'El contrato tiene esta señal de alerta.';

/** The closed set: every template a raised flag's sentence can be (each a key of the en and ja catalogues). */
export const FLAG_SENTENCE_TEMPLATES: readonly string[] = [
  ...Object.values(FLAG_TEMPLATES).flatMap((templates): string[] => Object.values(templates)),
  UNKNOWN_FLAG_TEMPLATE,
];

type Evidence = Record<string, unknown>;
type Facts = Record<string, string | null>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The names of a template's placeholders, each once, in order. */
export function placeholdersOf(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (match) => match[1] as string))];
}

/**
 * Fills `{{name}}` placeholders in one pass (a value holding `{{x}}` is not read again). A missing
 * value becomes '' as i18next does, so no 'undefined' can leak into a text.
 */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : '',
  );
}

/** The first template whose facts are all known, with those facts (and only those) as its values. */
function firstKnown(facts: Facts, ...templates: string[]): FlagSentence {
  for (const text of templates) {
    const names = placeholdersOf(text);
    if (names.every((name) => facts[name])) {
      return { text, values: Object.fromEntries(names.map((name) => [name, facts[name] as string])) };
    }
  }
  return { text: UNKNOWN_FLAG_TEMPLATE, values: {} };
}

/** A text fact, trimmed; blank, or a leaked 'null', 'undefined' or 'NaN' (bad imports), is missing. */
const str = (value: unknown): string | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' || /^(null|undefined|nan)$/i.test(text) ? null : text;
};
const num = (value: unknown): number | null => {
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim() || 'x') : NaN;
  return Number.isFinite(parsed) ? parsed : null;
};
const whole = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
};
/** A count said with a number: only from 2 on (one is a template's word, zero is no fact). */
const several = (n: number | null): string | null => (n !== null && n >= 2 ? formatCount(n) : null);
const money = (value: unknown): string | null => {
  const n = num(value);
  return n === null ? null : formatMoney(n);
};
const day = (value: unknown): string | null => formatDate(str(value)) || null;
const obj = (value: unknown): Evidence =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Evidence) : {};
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A share (0–1) as the screens write it: '52.34%', or '40%' when it is a whole percentage. */
const percent = (share: number | null): string | null =>
  share === null ? null : formatPercent(share, 1, Math.abs(share * 100 - Math.round(share * 100)) < 1e-9);
/** A party as the sentences name it: 'NOMBRE (RFC X)', the name alone or 'RFC X'. */
const party = (value: unknown): string | null => {
  const { name, rfc } = obj(value);
  const [n, r] = [str(name), str(rfc)];
  return n && r ? `${n} (RFC ${r})` : (n ?? (r ? `RFC ${r}` : null));
};
/** A date as comparable 'YYYY-MM-DD' (timestamps as their Mexico City day). */
const isoDay = (value: unknown): string | null => day(value)?.split('/').reverse().join('-') ?? null;

function singleBidder(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.SINGLE_BIDDER;
  const bidder = obj(e.bidder);
  return firstKnown({ bidder: str(bidder.name), rfc: str(bidder.rfc) }, T.named, T.name, T.rfc, T.plain);
}

function fewInvited(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.FEW_INVITED_BIDDERS;
  const bidders = arr(e.bidders).map(party);
  const n = whole(e.count) ?? (bidders.length > 0 ? bidders.length : null);
  // Named only when every bidder counted has a name or an RFC.
  const named = bidders.length === n && bidders.every((bidder) => bidder !== null);
  const f: Facts = named ? { first: bidders[0] ?? null, second: bidders[1] ?? null } : {};
  if (n === 1) return firstKnown(f, T.oneNamed, T.one);
  if (n === 2) return firstKnown(f, T.twoNamed, T.two);
  return firstKnown(f, T.plain);
}

function overLimit(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.OVER_DIRECT_AWARD_LIMIT;
  const [amount, limit] = [num(e.amount), num(e.limit)];
  const f: Facts = {
    amount: money(e.amount),
    limit: money(e.limit),
    fiscalYear: str(e.fiscalYear),
    excess: (num(e.amountExceeded) ?? 0) > 0 ? money(e.amountExceeded) : null,
  };
  if (e.limitExceeded === true && !(amount !== null && limit !== null && amount > limit)) {
    return firstKnown(f, T.sourceExcessLimit, T.sourceLimit, T.sourceExcess, T.source, T.sourcePlain);
  }
  return firstKnown(f, T.overLimit, T.overLimitPlain);
}

function splitAwards(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.SPLIT_DIRECT_AWARDS;
  const contracts = arr(e.contracts);
  const windowDays = whole(e.windowDays);
  const f: Facts = {
    members: several(whole(e.members) ?? contracts.length),
    windowDays: several(windowDays),
    total: money(e.total),
    limit: money(e.limit),
    fiscalYear: str(e.fiscalYear),
  };
  return windowDays === 1 ? firstKnown(f, T.chainOneDay, T.plain) : firstKnown(f, T.chain, T.plain);
}

function concentration(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.SUPPLIER_CONCENTRATION;
  const [held, total] = [num(e.supplierAmount), num(e.unitAmount)];
  const share = num(e.share) ?? (held !== null && total !== null && total > 0 ? held / total : null);
  const supplierContracts = whole(e.supplierContracts);
  const f: Facts = {
    period: str(e.administrationPeriod),
    share: percent(share),
    threshold: percent(num(e.threshold)),
    supplierAmount: money(e.supplierAmount),
    unitAmount: money(e.unitAmount),
    supplierContracts: several(supplierContracts),
    unitContracts: several(whole(e.unitContracts)),
  };
  const counted = supplierContracts === 1 ? T.countedOne : T.counted;
  return firstKnown(f, counted, T.amounts, T.threshold, T.plain);
}

function nonWorkingDay(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.NON_WORKING_DAY;
  const name = str(e.name);
  const kind =
    e.kind === 'SATURDAY' || e.kind === 'SUNDAY' || e.kind === 'HOLIDAY'
      ? e.kind
      : name === 'sábado'
        ? 'SATURDAY'
        : name === 'domingo'
          ? 'SUNDAY'
          : name
            ? 'HOLIDAY'
            : null;
  const f: Facts = {
    date: day(e.date),
    holiday: kind === 'HOLIDAY' && name !== 'sábado' && name !== 'domingo' ? name : null,
  };
  const dated = kind === 'SATURDAY' ? T.saturday : kind === 'SUNDAY' ? T.sunday : T.holiday;
  return firstKnown(f, dated, T.date, T.plain);
}

function latePublication(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.LATE_PUBLICATION;
  const f: Facts = {
    informationDate: day(e.informationDate),
    deadline: day(e.deadline),
    period: str(e.period),
  };
  return firstKnown(f, T.late, T.plain);
}

function documentGone(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.DOCUMENT_GONE;
  const documents = arr(e.documents).map(obj);
  const since = documents
    .map((document) => str(document.goneSince))
    .filter((value): value is string => value !== null && day(value) !== null)
    .sort((a, b) => (Date.parse(a) || 0) - (Date.parse(b) || 0));
  const f: Facts = { documents: several(documents.length), since: day(since[0]) };
  if (documents.length === 1) return firstKnown(f, T.one, T.oneUndated);
  // Every document gone since the same day, or several days (or some undated): the first one is given.
  const sameDay = new Set(since.map(day)).size === 1 && since.length === documents.length;
  return firstKnown(f, sameDay ? T.several : T.severalFirst, T.plain);
}

function invalidRfc(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.INVALID_RFC;
  return firstKnown({ rfc: str(e.rfc), supplier: str(e.supplier) }, T.named, T.rfc, T.plain);
}

/** The most names a SHARED_RFC sentence lists; past it, 'entre ellos' the first ones. */
const LISTED_NAMES = 5;

function sharedRfc(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.SHARED_RFC;
  const names = [...new Set(arr(e.names).map(str))].filter((name): name is string => name !== null);
  const f: Facts = {
    rfc: str(e.rfc),
    first: names[0] ?? null,
    second: names[1] ?? null,
    nameCount: several(names.length),
    names: names
      .slice(0, LISTED_NAMES)
      .map((name) => `«${name}»`)
      .join(', '),
  };
  const named = names.length === 2 ? T.two : names.length <= LISTED_NAMES ? T.several : T.many;
  return firstKnown(f, ...(names.length >= 2 ? [named] : []), T.rfc, T.plain);
}

/** A publication of the 69-B list, 'YYYY-MM-DD': the DOF's (the legally operative date), else the SAT page's. */
const publication = (dof: unknown, sat: unknown): string | null => isoDay(dof) ?? isoDay(sat);

function sat69b(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.SAT_69B;
  const situation = e.situation === 'PRESUNTO' || e.situation === 'DEFINITIVO' ? e.situation : null;
  const presumption = publication(e.presumptionDof, e.presumptionSat);
  // A presumed taxpayer has no final finding: stray definitive dates are not its situation.
  const definitive = situation === 'DEFINITIVO' ? publication(e.definitiveDof, e.definitiveSat) : null;
  const signed = isoDay(e.contractDate);
  const f: Facts = {
    rfc: str(e.rfc),
    presumptionDate: day(presumption),
    definitiveDate: day(definitive),
    contractDate: day(signed),
    cutOff: day(e.cutOff),
  };
  if (situation === 'PRESUNTO') {
    const timing =
      !signed || !presumption
        ? T.presumed
        : signed < presumption
          ? T.presumedSignedBefore
          : signed === presumption
            ? T.presumedSignedSameDay
            : T.presumedSignedAfter;
    return firstKnown(f, timing, T.presumed, T.presumedListed, T.presumedUndated, T.plain);
  }
  if (situation === 'DEFINITIVO') {
    // Where the contract date lies against the publications (the reference: "signed before any publication").
    const timing =
      !signed || !presumption || !definitive
        ? T.definitive
        : signed < presumption
          ? T.definitiveSignedBefore
          : signed === presumption
            ? T.definitiveSignedOnPresumption
            : signed < definitive
              ? T.definitiveSignedBetween
              : signed === definitive
                ? T.definitiveSignedOnDefinitive
                : T.definitiveSignedAfter;
    return firstKnown(f, timing, T.definitive, T.definitiveListed, T.definitiveUndated, T.plain);
  }
  return firstKnown(f, T.plain);
}

function sanctioned(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.SANCTIONED_SUPPLIER;
  const f: Facts = {
    contractDate: day(e.contractDate),
    rfc: str(e.rfc),
    from: day(e.from),
    to: day(e.to),
    authority: str(e.authority),
    laws: str(e.laws),
    file: str(e.file),
    // The list's own cut-off when it states one, else the day it was loaded here.
    cutOff: day(e.cutOff),
    loadedAt: day(e.cutOff) ? null : day(e.loadedAt),
  };
  return firstKnown(f, T.cutOff, T.loaded, T.cutOffBrief, T.loadedBrief, T.plain);
}

function outlier(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.OUTLIER_AMOUNT;
  const f: Facts = { amount: money(e.amount), fence: money(e.fence), contracts: several(whole(e.contracts)) };
  return firstKnown(f, T.fence, T.amount, T.plain);
}

function amended(e: Evidence): FlagSentence {
  const T = FLAG_TEMPLATES.AMENDED;
  const amendments = arr(e.amendments).map(obj);
  const n = whole(e.count) ?? (amendments.length > 0 ? amendments.length : null);
  const signed = amendments
    .map((amendment) => isoDay(amendment.signedDate))
    .filter((date): date is string => date !== null)
    .sort();
  const f: Facts = { amendmentCount: several(n), lastDate: day(signed.at(-1)) };
  if (n === 1) return firstKnown(f, T.oneDated, T.one);
  return firstKnown(f, T.severalDated, T.several, T.plain);
}

const SENTENCES: Record<RedFlagCode, (evidence: Evidence) => FlagSentence> = {
  SINGLE_BIDDER: singleBidder,
  FEW_INVITED_BIDDERS: fewInvited,
  OVER_DIRECT_AWARD_LIMIT: overLimit,
  SPLIT_DIRECT_AWARDS: splitAwards,
  SUPPLIER_CONCENTRATION: concentration,
  NON_WORKING_DAY: nonWorkingDay,
  LATE_PUBLICATION: latePublication,
  NO_CONTRACT_DOCUMENT: () => ({ text: FLAG_TEMPLATES.NO_CONTRACT_DOCUMENT.plain, values: {} }),
  NO_CALL_DOCUMENT: () => ({ text: FLAG_TEMPLATES.NO_CALL_DOCUMENT.plain, values: {} }),
  DOCUMENT_GONE: documentGone,
  INVALID_RFC: invalidRfc,
  SHARED_RFC: sharedRfc,
  SAT_69B: sat69b,
  SANCTIONED_SUPPLIER: sanctioned,
  OUTLIER_AMOUNT: outlier,
  AMENDED: amended,
};

/**
 * The one sentence that says, with the facts of its evidence, why a contract carries a flag: one of
 * `FLAG_SENTENCE_TEMPLATES` and its values. Stored evidence is read defensively (it may predate a
 * key, or come from an older method): a code no longer known gets a neutral sentence, not an error.
 */
export function flagSentence(code: RedFlagCode, evidence: Record<string, unknown>): FlagSentence {
  const build = Object.hasOwn(SENTENCES, code) ? SENTENCES[code] : undefined;
  return build ? build(obj(evidence)) : { text: UNKNOWN_FLAG_TEMPLATE, values: {} };
}

/** What the unevaluated list needs to know of one contract (its stored row, its bidders counted). */
export interface ContractFacts {
  procedureType: 'PUBLIC' | 'INVITATION' | 'NO_BID';
  procedureState: string | null;
  fiscalYear: string;
  contractDate: string | null;
  informationDate: string | null;
  amount: number | null;
  countsInTotals: boolean;
  category: string | null;
  supplierId: string | null;
  supplierRfc: string | null;
  bidders: number;
  limitExceeded: boolean | null;
}

export interface UnevaluatedFlag {
  code: RedFlagCode;
  reason: string;
}

/**
 * The reasons a flag is "sin datos", one plain sentence each and no values: a closed set, every one
 * a key of the en and ja catalogues (the contract's fiscal year is on its page, not in the reason).
 */
export const UNEVALUATED_REASONS = {
  noBidders: 'No hay participantes registrados.',
  noLimit: 'El monitor no ha registrado el límite de adjudicación directa del ejercicio fiscal del contrato.',
  noFiscalYear: 'No se registró el ejercicio fiscal del contrato.',
  noAmount: 'No se registró el monto del contrato.',
  noCategory: 'No se registró la materia del contrato.',
  noContractDate: 'No se registró la fecha del contrato.',
  noInformationDate: 'No se registró la fecha de obtención de la información.',
  noProcedureState: 'No se registró el estado del procedimiento.',
  noSupplier: 'No se registró el proveedor del contrato.',
  noSupplierRfc: 'No se registró el RFC del proveedor.',
  noSat69b:
    'La lista del SAT de contribuyentes con operaciones presuntamente inexistentes (artículo 69-B) todavía no se ha cargado en este portal.',
  noSanctions:
    'La lista de proveedores y contratistas sancionados del gobierno federal todavía no se ha cargado en este portal.',
} as const;

/**
 * The enabled flags the data cannot decide for this contract, each with its reason; a flag that does
 * not apply (SINGLE_BIDDER on a direct award, NO_CONTRACT_DOCUMENT on a procedure in progress) is
 * neither raised nor listed, and one switched off is never listed. When several facts are missing,
 * the reason names the first the rule reads, the contract's own data before the monitor's settings
 * and the lists (filling in the contract's data is what lets the flag be evaluated at all). Decisions
 * where the reference is silent:
 * - OVER_DIRECT_AWARD_LIMIT: without a limit for the year only `limitExceeded` counts (the
 *   reference), so it is unevaluated only when that is null too; with a limit, a missing amount
 *   leaves it unevaluated unless the source already says the limit was exceeded.
 * - SPLIT_DIRECT_AWARDS reads only the monitor's limit (never `limitExceeded`): without one it is
 *   unevaluated whatever the source says; a direct award known to be above the limit cannot belong
 *   to a chain (each member is under it), so it does not apply.
 * - No supplier recorded: the supplier flags are unevaluated for a concluded procedure (or one of
 *   unknown state), and do not apply to a procedure in progress, cancelled or deserted (no award).
 * - SUPPLIER_CONCENTRATION and OUTLIER_AMOUNT compare only the contracts that count in the totals
 *   (the one rule for money): they do not apply to the others. Whether the unit or the group has
 *   enough contracts (the parameters' minimums) is not among these facts, so it is not reported.
 * - LATE_PUBLICATION needs a quarter period too; these facts do not carry it, so only a missing
 *   information date is reported. NO_CALL_DOCUMENT, DOCUMENT_GONE (a contract without copied
 *   documents has nothing to flag) and AMENDED (no amendments recorded is an answer) are never listed.
 */
export function unevaluatedFlags(
  facts: ContractFacts,
  parameters: RedFlagParameters,
  lists: { sat69b: boolean; sanctions: boolean },
): UnevaluatedFlag[] {
  return RED_FLAG_CODES.flatMap((code) => {
    const reason = parameters.enabled[code] === false ? null : reasonFor(code, facts, parameters, lists);
    return reason ? [{ code, reason }] : [];
  });
}

/** A reason that stops the checks and lists nothing: the flag does not apply (falsy, and not nullish for `??`). */
const NOT_APPLICABLE = '';

/** Why `code` cannot be evaluated for the contract, or null (evaluated, or not applicable). */
function reasonFor(
  code: RedFlagCode,
  facts: ContractFacts,
  parameters: RedFlagParameters,
  lists: { sat69b: boolean; sanctions: boolean },
): string | null {
  const r = UNEVALUATED_REASONS;
  const year = facts.fiscalYear.trim();
  const limit =
    year && Object.hasOwn(parameters.directAwardLimits, year) ? parameters.directAwardLimits[year] : null;
  const hasLimit = typeof limit === 'number' && Number.isFinite(limit);
  const amount = typeof facts.amount === 'number' && Number.isFinite(facts.amount) ? facts.amount : null;
  const noLimit = year ? r.noLimit : r.noFiscalYear;
  const directAward = facts.procedureType === 'NO_BID';
  // No supplier is expected before an award, nor after a cancelled or deserted procedure.
  const supplierExpected = facts.procedureState === null || facts.procedureState === 'CONCLUDED';
  const noSupplier = facts.supplierId ? null : supplierExpected ? r.noSupplier : NOT_APPLICABLE;
  const noRfc = noSupplier ?? (facts.supplierRfc?.trim() ? null : r.noSupplierRfc);
  switch (code) {
    case 'SINGLE_BIDDER':
      return facts.procedureType !== 'NO_BID' && facts.bidders === 0 ? r.noBidders : null;
    case 'FEW_INVITED_BIDDERS':
      return facts.procedureType === 'INVITATION' && facts.bidders === 0 ? r.noBidders : null;
    case 'OVER_DIRECT_AWARD_LIMIT':
      if (!directAward || facts.limitExceeded === true) return null;
      if (!hasLimit) return facts.limitExceeded === null ? noLimit : null;
      return amount === null ? r.noAmount : null;
    case 'SPLIT_DIRECT_AWARDS':
      if (!directAward || (hasLimit && amount !== null && amount > limit)) return null;
      return facts.contractDate
        ? (noSupplier ?? (amount === null ? r.noAmount : hasLimit ? null : noLimit))
        : r.noContractDate;
    case 'SUPPLIER_CONCENTRATION':
      if (!directAward || !facts.countsInTotals) return null;
      return noSupplier ?? (amount === null ? r.noAmount : null);
    case 'NON_WORKING_DAY':
      return facts.contractDate ? null : r.noContractDate;
    case 'LATE_PUBLICATION':
      return facts.informationDate ? null : r.noInformationDate;
    case 'NO_CONTRACT_DOCUMENT':
      return facts.procedureState === null ? r.noProcedureState : null;
    case 'INVALID_RFC':
    case 'SHARED_RFC':
      return noRfc;
    case 'SAT_69B':
      return noRfc ?? (lists.sat69b ? null : r.noSat69b);
    case 'SANCTIONED_SUPPLIER':
      return (
        noRfc ?? (facts.contractDate ? null : r.noContractDate) ?? (lists.sanctions ? null : r.noSanctions)
      );
    case 'OUTLIER_AMOUNT':
      if (!facts.countsInTotals) return null;
      return amount === null ? r.noAmount : facts.category ? null : r.noCategory;
    default:
      return null;
  }
}
