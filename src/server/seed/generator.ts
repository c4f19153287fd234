import type {
  ContractCategory,
  ContractType,
  ProcedureState,
  ProcedureType,
} from '../../shared/constants/enums';
import { quarterLabel } from '../../shared/format/dates';
import { type Random, WeightedPicker } from './random';
import {
  AMENDMENT_DESCRIPTIONS,
  BUDGET_ITEMS,
  COMPANY_CORES,
  COMPANY_KINDS,
  COMPANY_SUFFIXES,
  describeContract,
  GIVEN_NAMES,
  NOTES,
  SURNAMES,
} from './vocabulary';

/** What the generator needs to know about one monitor to make its data. */
export interface GeneratorSpec {
  organizationId: string;
  /** Short code used in contract numbers and document addresses. */
  code: string;
  slug: string;
  units: readonly string[];
  /** Units that run procurement procedures (the convening units). */
  purchasingUnits: readonly string[];
  /** Convening unit of public works. */
  worksUnit: string;
  administrationPeriods: readonly string[];
  /** Last quarter with data (the generator never writes dates after its end). */
  lastQuarter: { quarter: number; year: number };
  supplierCount: number;
  /** Multiplies every amount: a state spends more than a municipality. */
  amountScale: number;
}

export interface UnitRow {
  id: string;
  organizationId: string;
  name: string;
  createdAt: Date;
}

export interface SupplierRow {
  id: string;
  organizationId: string;
  name: string;
  rfc: string;
  categories: readonly ContractCategory[];
  createdAt: Date;
}

export interface ContractRow {
  id: string;
  organizationId: string;
  supplierId: string | null;
  procedureType: ProcedureType;
  category: ContractCategory | null;
  administrationPeriod: string;
  fiscalYear: string;
  period: string;
  contractId: string | null;
  partida: string | null;
  procedureState: ProcedureState | null;
  announcementUrl: string | null;
  announcementDate: string | null;
  servicesDescription: string | null;
  clarificationMeetingDate: string | null;
  clarificationMeetingJudgmentUrl: string | null;
  presentationProposalsDocUrl: string | null;
  organizerAdministrativeUnitId: string;
  applicantAdministrativeUnitId: string;
  administrativeUnitType: 'CENTRALIZED' | 'DESCENTRALIZED' | null;
  contractNumber: string | null;
  contractDate: string | null;
  contractType: ContractType | null;
  totalAmount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  totalOrMaxAmount: number | null;
  contractUrl: string | null;
  areaInCharge: string;
  updateDate: string | null;
  notes: string | null;
  karewaNotes: string | null;
  informationDate: string | null;
  limitExceeded: boolean | null;
  amountExceeded: number | null;
  isEmpty: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface Quarter {
  quarter: number;
  year: number;
  label: string;
  administrationPeriod: string;
  start: number;
  end: number;
}

const DAY = 86_400_000;

/**
 * The quarters of the administration periods, up to the spec's last quarter. An administration
 * `2018-2021` governs from the fourth quarter of 2018 to the third quarter of 2021.
 */
export function quartersOf(spec: Pick<GeneratorSpec, 'administrationPeriods' | 'lastQuarter'>): Quarter[] {
  const quarters: Quarter[] = [];
  const last = spec.lastQuarter.year * 4 + spec.lastQuarter.quarter;
  for (const period of spec.administrationPeriods) {
    const [from, to] = period.split('-').map(Number) as [number, number];
    for (let index = from * 4 + 4; index <= to * 4 + 3 && index <= last; index++) {
      const year = Math.floor((index - 1) / 4);
      const quarter = index - year * 4;
      quarters.push({
        quarter,
        year,
        label: quarterLabel(quarter, year),
        administrationPeriod: period,
        start: Date.UTC(year, (quarter - 1) * 3, 1),
        end: Date.UTC(year, quarter * 3, 1) - DAY,
      });
    }
  }
  return quarters;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cents = (value: number) => Math.round(value * 100) / 100;

export function generateUnits(random: Random, spec: GeneratorSpec, createdAt: Date): UnitRow[] {
  return spec.units.map((name) => ({
    id: random.uuid(createdAt.getTime()),
    organizationId: spec.organizationId,
    name,
    createdAt,
  }));
}

/** Suppliers with unique names and well-formed, unique RFCs (companies 12 characters, people 13). */
export function generateSuppliers(random: Random, spec: GeneratorSpec, createdAt: Date): SupplierRow[] {
  const names = new Set<string>();
  const rfcs = new Set<string>();
  const rows: SupplierRow[] = [];
  let attempts = 0;
  while (rows.length < spec.supplierCount && attempts < spec.supplierCount * 50) {
    attempts++;
    const isCompany = random.chance(0.68);
    let name: string;
    let rfc: string;
    let categories: readonly ContractCategory[];
    if (isCompany) {
      const kind = random.pick(COMPANY_KINDS);
      const core = random.pick(COMPANY_CORES);
      const extra =
        attempts > spec.supplierCount * 2 || random.chance(0.2) ? ` ${random.pick(COMPANY_CORES)}` : '';
      name = `${kind.prefix} ${core}${extra} ${random.pick(COMPANY_SUFFIXES)}`;
      rfc = companyRfc(random, `${kind.prefix} ${core}${extra}`);
      categories = kind.categories;
    } else {
      const given = random.pick(GIVEN_NAMES);
      const first = random.pick(SURNAMES);
      const second = random.pick(SURNAMES);
      name = `${given} ${first} ${second}`;
      rfc = personRfc(random, given, first, second);
      categories = random.chance(0.5) ? ['SERVICES'] : ['ACQUISITION', 'SERVICES'];
    }
    if (names.has(name)) continue;
    while (rfcs.has(rfc)) rfc = `${rfc.slice(0, -3)}${homoclave(random)}`;
    names.add(name);
    rfcs.add(rfc);
    rows.push({
      id: random.uuid(createdAt.getTime()),
      organizationId: spec.organizationId,
      name,
      rfc,
      categories,
      createdAt,
    });
  }
  return rows;
}

const STOP_WORDS = new Set(['DE', 'DEL', 'LA', 'LAS', 'LOS', 'Y', 'EL']);
const RFC_ALPHABET = 'ABCDEFGHIJKLMNPQRSTUVWXYZ123456789';

function homoclave(random: Random): string {
  return `${random.pick([...RFC_ALPHABET])}${random.pick([...RFC_ALPHABET])}${random.pick([...'0123456789A'])}`;
}

function rfcDate(random: Random, fromYear: number, toYear: number): string {
  const day = Date.UTC(fromYear, 0, 1) + random.int(0, (toYear - fromYear) * 365) * DAY;
  return new Date(day).toISOString().slice(2, 10).replaceAll('-', '');
}

function companyRfc(random: Random, name: string): string {
  const words = name.split(' ').filter((word) => !STOP_WORDS.has(word));
  let letters = words.map((word) => word[0]).join('');
  if (letters.length < 3) letters += (words[0] ?? 'XXX').slice(1, 4 - letters.length);
  return `${letters.slice(0, 3).replaceAll('Ñ', 'X')}${rfcDate(random, 1985, 2021)}${homoclave(random)}`;
}

function personRfc(random: Random, given: string, first: string, second: string): string {
  const vowel = first.slice(1).match(/[AEIOU]/)?.[0] ?? 'X';
  const names = given.split(' ');
  const name = (names[0] === 'MARIA' || names[0] === 'JOSE') && names[1] ? names[1] : (names[0] ?? 'X');
  const letters = `${first[0]}${vowel}${second[0]}${name[0]}`.replaceAll('Ñ', 'X');
  return `${letters}${rfcDate(random, 1950, 2001)}${homoclave(random)}`;
}

const TYPE_WEIGHTS = { NO_BID: 72, INVITATION: 16, PUBLIC: 12 } as const;
const TYPE_CODES: Record<ProcedureType, string> = { PUBLIC: 'LP', INVITATION: 'IR', NO_BID: 'AD' };
const CATEGORY_WEIGHTS: Record<ProcedureType, Partial<Record<ContractCategory, number>>> = {
  PUBLIC: { PUBLIC_WORKS: 45, ACQUISITION: 25, SERVICES: 25, LEASE: 5 },
  INVITATION: { ACQUISITION: 35, SERVICES: 35, PUBLIC_WORKS: 25, LEASE: 5 },
  NO_BID: { ACQUISITION: 50, SERVICES: 40, LEASE: 8, PUBLIC_WORKS: 2 },
};
/** Median and spread of totalOrMaxAmount by procedure type (MXN, before the monitor's scale). */
const AMOUNTS: Record<ProcedureType, { median: number; sigma: number; min: number; max: number }> = {
  NO_BID: { median: 45_000, sigma: 1.0, min: 1_500, max: 1_800_000 },
  INVITATION: { median: 650_000, sigma: 0.7, min: 150_000, max: 6_000_000 },
  PUBLIC: { median: 6_500_000, sigma: 1.0, min: 800_000, max: 250_000_000 },
};

interface Precedent {
  contractNumber: string;
  contractId: string | null;
  supplierId: string | null;
  procedureType: ProcedureType;
  organizerId: string;
  applicantId: string;
  amount: number;
  description: string;
  quarterIndex: number;
  amendments: number;
}

/**
 * Contracts of one monitor, spread over its quarters the way real data is: many small direct
 * awards, fewer large public tenders, some invitations; all procedure states, amendments, open
 * and normal contracts, document links present for most and missing for some, and a few
 * "no procedures held" rows. Yields one row at a time so millions fit in memory.
 */
export function* generateContracts(
  random: Random,
  spec: GeneratorSpec,
  units: readonly UnitRow[],
  suppliers: readonly SupplierRow[],
  count: number,
): Generator<ContractRow> {
  const quarters = quartersOf(spec);
  if (quarters.length === 0 || units.length === 0) return;
  // Year-end spending peaks in the fourth quarter; later years spend a little more.
  const quarterPicker = new WeightedPicker(
    quarters.map((q, index) => ({ q, index })),
    quarters.map((q, index) => (q.quarter === 4 ? 14 : q.quarter === 1 ? 7 : 10) + Math.floor(index / 4)),
  );
  const unitIds = new Map(units.map((unit) => [unit.name, unit.id]));
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name]));
  const unitPicker = WeightedPicker.zipf(units, 0.8);
  const purchasing = spec.purchasingUnits.map((name) => unitIds.get(name)).filter((id): id is string => !!id);
  const worksUnitId = unitIds.get(spec.worksUnit) ?? purchasing[0] ?? units[0]!.id;
  const pools = supplierPools(suppliers);
  const precedents: Precedent[] = [];
  const lastIndex = quarters.length - 1;
  let sequence = 0;

  // One "no procedures held" row for public tenders in a few quarters.
  const emptyQuarters = new Set([2, Math.floor(quarters.length / 2), lastIndex - 3].filter((i) => i >= 0));
  for (const index of emptyQuarters) {
    const q = quarters[index]!;
    yield emptyRow(random, spec, q, worksUnitId);
  }

  for (let n = emptyQuarters.size; n < count; n++) {
    const amendmentOf = precedents.length > 20 && random.chance(0.05) ? random.pick(precedents) : undefined;
    // An amendment comes after its contract: within the four quarters that follow it.
    const quarterIndex = amendmentOf
      ? Math.min(lastIndex, amendmentOf.quarterIndex + random.int(0, 4))
      : quarterPicker.pick(random).index;
    const q = quarters[quarterIndex]!;
    const recent = quarterIndex >= lastIndex - 1;
    const procedureType = amendmentOf?.procedureType ?? random.weighted(TYPE_WEIGHTS);
    const category: ContractCategory = amendmentOf
      ? random.weighted({ EXTENSION: 50, MODIFICATION: 30, ADENDUM: 20 })
      : random.weighted(CATEGORY_WEIGHTS[procedureType] as Record<ContractCategory, number>);
    const procedureState = pickState(random, procedureType, recent, Boolean(amendmentOf));
    const awarded = procedureState === 'CONCLUDED' || procedureState === 'IN_PROGRESS';

    const applicantId = amendmentOf?.applicantId ?? unitPicker.pick(random).id;
    const decentralized = !amendmentOf && random.chance(0.08);
    const organizerId =
      amendmentOf?.organizerId ??
      (decentralized ? applicantId : category === 'PUBLIC_WORKS' ? worksUnitId : random.pick(purchasing));
    const applicantName = unitNames.get(applicantId) ?? '';

    sequence++;
    const year = q.year;
    const contractDay = q.start + random.int(0, Math.round((q.end - q.start) / DAY)) * DAY;
    const contractDate = awarded ? isoDate(contractDay) : null;
    const processNumber = String(sequence).padStart(5, '0');
    const contractId = amendmentOf
      ? amendmentOf.contractId
      : random.chance(0.08)
        ? null
        : `${TYPE_CODES[procedureType]}-${spec.code}-${year}-${processNumber}`;
    const contractNumber = !awarded
      ? null
      : amendmentOf
        ? `${amendmentOf.contractNumber}-CM${++amendmentOf.amendments}`
        : `${spec.code}/${TYPE_CODES[procedureType]}/${year}/${processNumber}`;

    let totalOrMaxAmount: number | null = null;
    let totalAmount: number | null = null;
    let minAmount: number | null = null;
    let maxAmount: number | null = null;
    let contractType: ContractType | null = null;
    if (awarded) {
      if (amendmentOf) {
        totalOrMaxAmount = cents(amendmentOf.amount * (0.05 + random.next() * 0.25));
      } else {
        const range = AMOUNTS[procedureType];
        const raw = random.logNormal(range.median, range.sigma);
        totalOrMaxAmount = cents(Math.min(range.max, Math.max(range.min, raw)) * spec.amountScale);
      }
      const open =
        !amendmentOf && (category === 'SERVICES' || category === 'ACQUISITION') && random.chance(0.14);
      contractType = open ? 'OPEN' : 'NORMAL';
      if (open) {
        maxAmount = totalOrMaxAmount;
        minAmount = cents(totalOrMaxAmount * (0.3 + random.next() * 0.3));
      } else {
        totalAmount = totalOrMaxAmount;
      }
    }

    const supplier = awarded ? (amendmentOf?.supplierId ?? pools.pick(random, category)) : null;
    const description = amendmentOf
      ? `${AMENDMENT_DESCRIPTIONS[category as keyof typeof AMENDMENT_DESCRIPTIONS]} ${amendmentOf.contractNumber}: ${amendmentOf.description}`
      : describeContract(category, applicantName, random.pick.bind(random));

    const base = `https://transparencia.example.org/${spec.slug}/${year}`;
    const competitive = procedureType !== 'NO_BID';
    const announcementDay = contractDay - random.int(competitive ? 20 : 5, competitive ? 45 : 15) * DAY;
    const hasAnnouncement = competitive ? random.chance(0.9) : random.chance(0.1);
    const clarificationDay = announcementDay + random.int(5, 12) * DAY;
    const informationDay = q.end + random.int(10, 30) * DAY;
    const limitExceeded = procedureType === 'NO_BID' ? awarded && random.chance(0.04) : null;

    const row: ContractRow = {
      id: random.uuid(informationDay),
      organizationId: spec.organizationId,
      supplierId: supplier,
      procedureType,
      category,
      administrationPeriod: q.administrationPeriod,
      fiscalYear: String(year),
      period: q.label,
      contractId,
      partida: random.pick(BUDGET_ITEMS[category]),
      procedureState,
      announcementUrl: hasAnnouncement
        ? `${base}/convocatorias/${TYPE_CODES[procedureType]}-${processNumber}.pdf`
        : null,
      announcementDate: hasAnnouncement || competitive ? isoDate(announcementDay) : null,
      servicesDescription: description,
      clarificationMeetingDate: competitive ? isoDate(clarificationDay) : null,
      clarificationMeetingJudgmentUrl:
        competitive && random.chance(procedureType === 'PUBLIC' ? 0.8 : 0.4)
          ? `${base}/juntas/${TYPE_CODES[procedureType]}-${processNumber}.pdf`
          : null,
      presentationProposalsDocUrl: random.chance(competitive ? 0.75 : 0.05)
        ? `${base}/propuestas/${TYPE_CODES[procedureType]}-${processNumber}.pdf`
        : null,
      organizerAdministrativeUnitId: organizerId,
      applicantAdministrativeUnitId: applicantId,
      administrativeUnitType: decentralized ? 'DESCENTRALIZED' : 'CENTRALIZED',
      contractNumber,
      contractDate,
      contractType,
      totalAmount,
      minAmount,
      maxAmount,
      totalOrMaxAmount,
      contractUrl: awarded && random.chance(0.85) ? `${base}/contratos/${processNumber}.pdf` : null,
      areaInCharge: unitNames.get(organizerId) ?? spec.worksUnit,
      updateDate: isoDate(informationDay),
      notes: random.chance(0.15) ? random.pick(NOTES) : null,
      karewaNotes: random.chance(0.02)
        ? 'Revisar: el documento del contrato no coincide con el monto reportado.'
        : null,
      informationDate: isoDate(informationDay),
      limitExceeded,
      amountExceeded:
        limitExceeded && totalOrMaxAmount ? cents(totalOrMaxAmount * (0.05 + random.next() * 0.5)) : null,
      isEmpty: false,
      createdAt: new Date(informationDay),
      updatedAt: new Date(informationDay),
    };
    if (awarded && !amendmentOf && contractNumber && totalOrMaxAmount) {
      if (precedents.length >= 500) precedents.splice(random.int(0, precedents.length - 1), 1);
      precedents.push({
        contractNumber,
        contractId,
        supplierId: supplier,
        procedureType,
        organizerId,
        applicantId,
        amount: totalOrMaxAmount,
        description,
        quarterIndex,
        amendments: 0,
      });
    }
    yield row;
  }
}

function pickState(random: Random, type: ProcedureType, recent: boolean, amendment: boolean): ProcedureState {
  if (amendment) return random.chance(0.9) ? 'CONCLUDED' : 'IN_PROGRESS';
  if (recent && random.chance(0.4)) return 'IN_PROGRESS';
  if (type === 'NO_BID') return random.weighted({ CONCLUDED: 92, IN_PROGRESS: 6, CANCELED: 2 });
  return random.weighted({ CONCLUDED: 84, IN_PROGRESS: 7, CANCELED: 4, DESERTED: 5 });
}

function emptyRow(random: Random, spec: GeneratorSpec, q: Quarter, unitId: string): ContractRow {
  const informationDay = q.end + 15 * DAY;
  return {
    id: random.uuid(informationDay),
    organizationId: spec.organizationId,
    supplierId: null,
    procedureType: 'PUBLIC',
    category: null,
    administrationPeriod: q.administrationPeriod,
    fiscalYear: String(q.year),
    period: q.label,
    contractId: null,
    partida: null,
    procedureState: null,
    announcementUrl: null,
    announcementDate: null,
    servicesDescription: null,
    clarificationMeetingDate: null,
    clarificationMeetingJudgmentUrl: null,
    presentationProposalsDocUrl: null,
    organizerAdministrativeUnitId: unitId,
    applicantAdministrativeUnitId: unitId,
    administrativeUnitType: 'CENTRALIZED',
    contractNumber: null,
    contractDate: null,
    contractType: null,
    totalAmount: null,
    minAmount: null,
    maxAmount: null,
    totalOrMaxAmount: null,
    contractUrl: null,
    areaInCharge: spec.worksUnit,
    updateDate: isoDate(informationDay),
    notes: 'No se llevaron a cabo procedimientos de licitación pública en el periodo.',
    karewaNotes: null,
    informationDate: isoDate(informationDay),
    limitExceeded: null,
    amountExceeded: null,
    isEmpty: true,
    createdAt: new Date(informationDay),
    updatedAt: new Date(informationDay),
  };
}

/** Suppliers by the categories they sell, each pool ranked so a few win most contracts. */
function supplierPools(suppliers: readonly SupplierRow[]) {
  const byCategory = new Map<ContractCategory, WeightedPicker<SupplierRow>>();
  const all = WeightedPicker.zipf(suppliers, 1.05);
  for (const category of ['ACQUISITION', 'SERVICES', 'LEASE', 'PUBLIC_WORKS'] as const) {
    const pool = suppliers.filter((supplier) => supplier.categories.includes(category));
    if (pool.length > 0) byCategory.set(category, WeightedPicker.zipf(pool, 1.05));
  }
  return {
    pick(random: Random, category: ContractCategory): string | null {
      const picker = byCategory.get(category) ?? all;
      return suppliers.length > 0 ? picker.pick(random).id : null;
    },
  };
}
