import { formatDate } from '../format/dates';
import { formatCount, formatMoney, formatPercent } from '../format/money';
import { RED_FLAG_CODES, type RedFlagCode, type RedFlagParameters } from './definitions';

/**
 * What a raised flag says to a citizen, and why a flag could not be evaluated ("sin datos"). The
 * sentence is an i18next-style template with `{{name}}` placeholders and its values, so the web
 * translates the template with t(text, values) and the server interpolates the same text for the API
 * and the downloads. Decisions:
 * - Values are data (dates DD/MM/YYYY, money, counts, names, RFCs): words go in the template, so a
 *   translation has a fixed set of templates to translate. The exceptions are NON_WORKING_DAY's
 *   {{day}} (as decided: 'sábado', 'domingo', 'día inhábil: <festivo>'), a party named by its RFC
 *   ('RFC X') and the joined name lists ('«A», «B» y «C»').
 * - No placeholder is named like an i18next option (`count`, `context`…): t() would pluralise.
 * - A fact missing from the evidence (or unreadable) is left out by choosing a shorter template; a
 *   template never holds a placeholder without its value.
 */
export interface FlagSentence {
  text: string;
  values: Record<string, string>;
}

type Evidence = Record<string, unknown>;
type Facts = Record<string, string | null>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders in one pass (a value holding `{{x}}` is not read again). A missing
 * value becomes '' as i18next does, so no 'undefined' can leak into a text.
 */
export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : '',
  );
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
/** 'A', 'A y B', 'A, B y C'; past `max` names, '… y N más'. */
const joined = (items: string[], max = 5): string => {
  const shown = items.length > max ? [...items.slice(0, max), `${items.length - max} más`] : items;
  return shown.length < 2 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} y ${shown.at(-1)}`;
};
/** A party as the sentences name it: 'NOMBRE (RFC X)', the name alone or 'RFC X'. */
const party = (value: unknown): string | null => {
  const { name, rfc } = obj(value);
  const [n, r] = [str(name), str(rfc)];
  return n && r ? `${n} (RFC ${r})` : (n ?? (r ? `RFC ${r}` : null));
};

/** The sentence with the values its template uses (and only those). */
function sentence(text: string, facts: Facts): FlagSentence {
  const values: Record<string, string> = {};
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    const value = name ? facts[name] : null;
    if (name && value) values[name] = value;
  }
  return { text, values };
}

/** ' en un contrato' / ' en {{key}} contratos' / '' (count unknown). */
const inContracts = (facts: Facts, key: string, n: number | null) => {
  if (n === null) return '';
  facts[key] = formatCount(n);
  return n === 1 ? ' en un contrato' : ` en {{${key}}} contratos`;
};

function overLimit(e: Evidence): FlagSentence {
  const [amount, limit] = [num(e.amount), num(e.limit)];
  const f: Facts = {
    amount: money(e.amount),
    limit: money(e.limit),
    fiscalYear: str(e.fiscalYear),
    excess: (num(e.amountExceeded) ?? 0) > 0 ? money(e.amountExceeded) : null,
  };
  const year = f.fiscalYear ? 'el ejercicio {{fiscalYear}}' : 'su ejercicio fiscal';
  if (e.limitExceeded === true && !(amount !== null && limit !== null && amount > limit)) {
    // The source's own statement raised it; the monitor's limit, when there is one, is context.
    const by = f.amount ? ', adjudicado directamente por {{amount}},' : ', adjudicado directamente,';
    const excess = f.excess ? ' por {{excess}}' : '';
    const context = f.limit ? `; el límite que el monitor registró para ${year} es de {{limit}}` : '';
    return sentence(
      `La fuente indica que el contrato${by} excede el límite de la adjudicación directa${excess}${context}.`,
      f,
    );
  }
  const by = f.amount ? ' por {{amount}},' : '';
  const above = f.limit
    ? `límite de {{limit}} que el monitor registró para ${year}`
    : f.fiscalYear
      ? 'límite de la adjudicación directa del ejercicio {{fiscalYear}}'
      : 'límite de la adjudicación directa';
  return sentence(`El contrato se adjudicó directamente${by} por encima del ${above}.`, f);
}

function splitAwards(e: Evidence): FlagSentence {
  const contracts = arr(e.contracts);
  const members = whole(e.members) ?? (contracts.length >= 2 ? contracts.length : null);
  const windowDays = whole(e.windowDays);
  const f: Facts = {
    members: members === null ? null : formatCount(members),
    windowDays: windowDays === null ? null : formatCount(windowDays),
    total: money(e.total),
    limit: money(e.limit),
    fiscalYear: str(e.fiscalYear),
  };
  const lead = f.members
    ? 'Este contrato es una de {{members}} adjudicaciones directas de la misma unidad convocante al mismo proveedor'
    : 'Este contrato forma parte de una serie de adjudicaciones directas de la misma unidad convocante al mismo proveedor';
  const gap =
    windowDays === null
      ? ', firmadas en fechas cercanas'
      : windowDays === 1
        ? ', con un día o menos entre una y otra'
        : ', con {{windowDays}} días o menos entre una y otra';
  const limit = f.limit ? 'límite de {{limit}}' : 'límite de la adjudicación directa';
  const year = f.fiscalYear ? ' del ejercicio {{fiscalYear}}' : '';
  const together = f.total ? 'juntas suman {{total}} y lo superan' : 'juntas lo superan';
  return sentence(`${lead}${gap}; cada una queda por debajo del ${limit}${year}, pero ${together}.`, f);
}

function concentration(e: Evidence): FlagSentence {
  const [held, total] = [num(e.supplierAmount), num(e.unitAmount)];
  const share = num(e.share) ?? (held !== null && total !== null && total > 0 ? held / total : null);
  const f: Facts = {
    period: str(e.administrationPeriod),
    share: percent(share),
    threshold: percent(num(e.threshold)),
    supplierAmount: money(e.supplierAmount),
    unitAmount: money(e.unitAmount),
  };
  const lead = f.period ? 'En la administración {{period}}, el proveedor recibió' : 'El proveedor recibió';
  const part = f.share ? ' el {{share}}' : f.threshold ? ' más del {{threshold}}' : ' una proporción alta';
  let amounts = '';
  const unit = f.unitAmount ? `{{unitAmount}}${inContracts(f, 'unitContracts', whole(e.unitContracts))}` : '';
  if (f.supplierAmount) {
    amounts = `: {{supplierAmount}}${inContracts(f, 'supplierContracts', whole(e.supplierContracts))}`;
    if (unit) amounts += ` de un total de ${unit}`;
  } else if (unit) {
    amounts = `, que sumó ${unit}`;
  }
  return sentence(
    `${lead}${part} del dinero que la unidad convocante entregó por adjudicación directa${amounts}.`,
    f,
  );
}

function nonWorkingDay(e: Evidence): FlagSentence {
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
    day:
      kind === 'SATURDAY'
        ? 'sábado'
        : kind === 'SUNDAY'
          ? 'domingo'
          : kind === 'HOLIDAY'
            ? name && name !== 'sábado' && name !== 'domingo'
              ? `día inhábil: ${name}`
              : 'día inhábil'
            : null,
  };
  if (f.date) {
    return sentence(
      f.day
        ? 'El contrato se firmó el {{date}}, {{day}}.'
        : 'El contrato se firmó el {{date}}, un día inhábil.',
      f,
    );
  }
  return sentence(f.day ? 'El contrato se firmó un {{day}}.' : 'El contrato se firmó en un día inhábil.', f);
}

function latePublication(e: Evidence): FlagSentence {
  const f: Facts = {
    informationDate: day(e.informationDate),
    deadline: day(e.deadline),
    period: str(e.period),
  };
  const obtained = f.informationDate
    ? 'La información del contrato se obtuvo el {{informationDate}}, después'
    : 'La información del contrato se obtuvo después';
  const quarter = f.period ? 'del trimestre {{period}}' : 'de su trimestre';
  const due = f.deadline ? ', que venció el {{deadline}}' : '';
  return sentence(`${obtained} del plazo para publicar el formato XXVIII ${quarter}${due}.`, f);
}

function documentGone(e: Evidence): FlagSentence {
  const documents = arr(e.documents).map(obj);
  const since = documents
    .map((document) => str(document.goneSince))
    .filter((value): value is string => value !== null && day(value) !== null)
    .sort((a, b) => (Date.parse(a) || 0) - (Date.parse(b) || 0));
  const days = new Set(since.map(day));
  const f: Facts = { documents: formatCount(documents.length), since: day(since[0]) };
  const from = f.since ? ' desde el {{since}}' : '';
  if (documents.length === 1) {
    return sentence(
      `El contrato enlaza un documento que ya no está disponible en su sitio original${from}.`,
      f,
    );
  }
  if (documents.length === 0) {
    return sentence('El contrato enlaza documentos que ya no están disponibles en su sitio original.', f);
  }
  // Every document gone since the same day, or several days: the first one is given.
  const when = f.since && (days.size > 1 || since.length < documents.length) ? `, el primero${from}` : from;
  return sentence(
    `El contrato enlaza {{documents}} documentos que ya no están disponibles en su sitio original${when}.`,
    f,
  );
}

function sharedRfc(e: Evidence): FlagSentence {
  const names = [...new Set(arr(e.names).map(str))].filter((name): name is string => name !== null);
  const f: Facts = {
    rfc: str(e.rfc),
    nameCount: formatCount(names.length),
    names: joined(names.map((name) => `«${name}»`)),
  };
  const rfc = f.rfc ? 'El RFC {{rfc}}' : 'El RFC del proveedor';
  return sentence(
    names.length >= 2
      ? `${rfc} aparece en este monitor con {{nameCount}} nombres distintos: {{names}}.`
      : `${rfc} aparece en este monitor con nombres distintos.`,
    f,
  );
}

/** A publication of the 69-B list: the DOF's (the legally operative date), else the SAT page's. */
function publication(dof: unknown, sat: unknown): { iso: string; where: string } | null {
  const [inDof, onPage] = [isoDay(dof), isoDay(sat)];
  if (inDof) return { iso: inDof, where: 'el DOF' };
  return onPage ? { iso: onPage, where: 'la página del SAT' } : null;
}
/** A date as comparable 'YYYY-MM-DD' (timestamps as their Mexico City day). */
const isoDay = (value: unknown): string | null => day(value)?.split('/').reverse().join('-') ?? null;

/** Where the contract date lies against the publications (the reference: "signed before any publication"). */
function signedWhen(signed: string, presumption: string | null, definitive: string | null): string {
  const before = 'antes de que el proveedor apareciera en la lista';
  if (presumption && signed < presumption) return before;
  if (presumption && signed === presumption) return 'el mismo día en que se publicó como presunto';
  if (definitive && signed < definitive) {
    return presumption
      ? 'después de su publicación como presunto y antes de su publicación como definitivo'
      : 'antes de su publicación como definitivo';
  }
  if (definitive && signed === definitive) return 'el mismo día en que se publicó como definitivo';
  if (definitive)
    return presumption ? 'después de ambas publicaciones' : 'después de su publicación como definitivo';
  return 'después de su publicación como presunto';
}

function sat69b(e: Evidence): FlagSentence {
  const situation = e.situation === 'PRESUNTO' || e.situation === 'DEFINITIVO' ? e.situation : null;
  const presumption = publication(e.presumptionDof, e.presumptionSat);
  // A presumed taxpayer has no final finding: stray definitive dates are not its situation.
  const definitive = situation === 'PRESUNTO' ? null : publication(e.definitiveDof, e.definitiveSat);
  const f: Facts = {
    rfc: str(e.rfc),
    presumptionDate: day(presumption?.iso),
    definitiveDate: day(definitive?.iso),
    contractDate: day(e.contractDate),
    cutOff: day(e.cutOff),
  };
  let text = f.rfc ? 'El proveedor (RFC {{rfc}}) está' : 'El proveedor está';
  text += ' en la lista del SAT del artículo 69-B';
  if (situation)
    text += situation === 'PRESUNTO' ? ' con situación «presunto»' : ' con situación «definitivo»';
  if (presumption && definitive) {
    text +=
      presumption.where === definitive.where
        ? `; ${presumption.where} lo publicó como presunto el {{presumptionDate}} y como definitivo el {{definitiveDate}}`
        : `; ${presumption.where} lo publicó como presunto el {{presumptionDate}} y ${definitive.where}, como definitivo el {{definitiveDate}}`;
  } else if (presumption) {
    text += `; ${presumption.where} lo publicó como presunto el {{presumptionDate}}`;
  } else if (definitive) {
    text += `; ${definitive.where} lo publicó como definitivo el {{definitiveDate}}`;
  }
  const signed = isoDay(e.contractDate);
  if (signed && (presumption || definitive)) {
    text += `; el contrato se firmó el {{contractDate}}, ${signedWhen(signed, presumption?.iso ?? null, definitive?.iso ?? null)}`;
  }
  return sentence(`${text}${f.cutOff ? ' (lista del SAT al {{cutOff}})' : ''}.`, f);
}

function sanctioned(e: Evidence): FlagSentence {
  const f: Facts = {
    contractDate: day(e.contractDate),
    rfc: str(e.rfc),
    from: day(e.from),
    to: day(e.to),
    authority: str(e.authority),
    laws: str(e.laws),
    file: str(e.file),
    listDate: day(e.cutOff) ?? day(e.loadedAt),
  };
  let text = f.contractDate
    ? 'El contrato se firmó el {{contractDate}}, cuando el proveedor'
    : 'En la fecha del contrato, el proveedor';
  if (f.rfc) text += ' (RFC {{rfc}})';
  text += ' estaba inhabilitado';
  if (f.from && f.to) text += ' del {{from}} al {{to}}';
  else if (f.from) text += ' desde el {{from}}';
  else if (f.to) text += ' hasta el {{to}}';
  text += ', según el directorio de proveedores y contratistas sancionados';
  // The list's own cut-off when it states one, else the day it was loaded here.
  if (f.listDate) text += day(e.cutOff) ? ' al {{listDate}}' : ' cargado el {{listDate}}';
  const details = [
    f.authority && 'autoridad: {{authority}}',
    f.laws && 'ley infringida: {{laws}}',
    f.file && 'expediente: {{file}}',
  ].filter(Boolean);
  return sentence(`${text}${details.length > 0 ? ` (${details.join('; ')})` : ''}.`, f);
}

function outlier(e: Evidence): FlagSentence {
  const contracts = whole(e.contracts);
  const f: Facts = {
    amount: money(e.amount),
    fence: money(e.fence),
    contracts: contracts === null ? null : formatCount(contracts),
  };
  const amount = f.amount ? 'El monto del contrato ({{amount}})' : 'El monto del contrato';
  const compared = f.fence
    ? ' supera {{fence}}, el umbral de monto atípico calculado con'
    : ' es atípico entre';
  const group = f.contracts ? ' los {{contracts}} contratos del monitor' : ' los contratos del monitor';
  return sentence(`${amount}${compared}${group} de la misma materia y el mismo tipo de procedimiento.`, f);
}

function amended(e: Evidence): FlagSentence {
  const amendments = arr(e.amendments).map(obj);
  const n = whole(e.count) ?? (amendments.length > 0 ? amendments.length : null);
  const signed = amendments
    .map((amendment) => isoDay(amendment.signedDate))
    .filter((date): date is string => date !== null)
    .sort();
  const f: Facts = { amendmentCount: n === null ? null : formatCount(n), lastDate: day(signed.at(-1)) };
  if (n === 1) {
    return sentence(
      `El contrato tiene un convenio modificatorio registrado${f.lastDate ? ', firmado el {{lastDate}}' : ''}.`,
      f,
    );
  }
  const head = n === null ? 'El contrato tiene' : 'El contrato tiene {{amendmentCount}}';
  const last = f.lastDate ? ', el último firmado el {{lastDate}}' : '';
  return sentence(`${head} convenios modificatorios registrados${last}.`, f);
}

function singleBidder(e: Evidence): FlagSentence {
  const bidder = obj(e.bidder);
  const f: Facts = { bidder: str(bidder.name), rfc: str(bidder.rfc) };
  if (f.bidder) {
    return sentence(
      f.rfc
        ? 'Solo participó {{bidder}} (RFC {{rfc}}) en el procedimiento.'
        : 'Solo participó {{bidder}} en el procedimiento.',
      f,
    );
  }
  return sentence(
    f.rfc
      ? 'Solo hubo un participante en el procedimiento, con RFC {{rfc}}.'
      : 'Solo hubo un participante en el procedimiento.',
    f,
  );
}

function fewInvited(e: Evidence): FlagSentence {
  const bidders = arr(e.bidders).map(party);
  const n = whole(e.count) ?? (bidders.length > 0 ? bidders.length : null);
  const named = bidders.length === n && bidders.every((bidder) => bidder !== null);
  const f: Facts = { first: bidders[0] ?? null, second: bidders[1] ?? null };
  const invitation = 'la invitación a cuando menos tres personas';
  if (n === 1) {
    return sentence(`Solo se registró un participante en ${invitation}${named ? ': {{first}}' : ''}.`, f);
  }
  if (n === 2) {
    return sentence(
      `Solo se registraron dos participantes en ${invitation}${named ? ': {{first}} y {{second}}' : ''}.`,
      f,
    );
  }
  return sentence(`Se registraron menos de tres participantes en ${invitation}.`, f);
}

function invalidRfc(e: Evidence): FlagSentence {
  const f: Facts = { rfc: str(e.rfc), supplier: str(e.supplier) };
  const rfc = f.rfc ? 'El RFC «{{rfc}}»' : 'El RFC';
  const supplier = f.supplier ? ' del proveedor {{supplier}}' : ' del proveedor';
  return sentence(
    `${rfc}${supplier} no tiene el formato de un RFC (3 o 4 letras, 6 dígitos de la fecha y 3 caracteres de homoclave).`,
    f,
  );
}

const SENTENCES: Record<RedFlagCode, (evidence: Evidence) => FlagSentence> = {
  SINGLE_BIDDER: singleBidder,
  FEW_INVITED_BIDDERS: fewInvited,
  OVER_DIRECT_AWARD_LIMIT: overLimit,
  SPLIT_DIRECT_AWARDS: splitAwards,
  SUPPLIER_CONCENTRATION: concentration,
  NON_WORKING_DAY: nonWorkingDay,
  LATE_PUBLICATION: latePublication,
  NO_CONTRACT_DOCUMENT: () =>
    sentence('El procedimiento está concluido y no tiene la liga al documento del contrato.', {}),
  NO_CALL_DOCUMENT: () => sentence('El procedimiento no tiene la liga a la convocatoria o invitación.', {}),
  DOCUMENT_GONE: documentGone,
  INVALID_RFC: invalidRfc,
  SHARED_RFC: sharedRfc,
  SAT_69B: sat69b,
  SANCTIONED_SUPPLIER: sanctioned,
  OUTLIER_AMOUNT: outlier,
  AMENDED: amended,
};

/**
 * The one sentence that says, with the facts of its evidence, why a contract carries a flag. Stored
 * evidence is read defensively (it may predate a key, or come from an older method): a code no longer
 * known gets a neutral sentence rather than an error.
 */
export function flagSentence(code: RedFlagCode, evidence: Record<string, unknown>): FlagSentence {
  const build = Object.hasOwn(SENTENCES, code) ? SENTENCES[code] : undefined;
  return build ? build(obj(evidence)) : { text: 'El contrato tiene esta señal de alerta.', values: {} };
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

/** The reasons a flag is "sin datos", one plain sentence each. */
export const UNEVALUATED_REASONS = {
  noBidders: 'No hay participantes registrados.',
  noLimit: (year: string) =>
    `El monitor no ha registrado el límite de adjudicación directa del ejercicio ${year}.`,
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
  const noLimit = year ? r.noLimit(year) : r.noFiscalYear;
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
