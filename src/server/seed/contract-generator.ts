import type {
  ContractCategory,
  ContractType,
  ProcedureState,
  ProcedureType,
} from '../../shared/constants/enums';
import { type Random, WeightedPicker } from './random';
import {
  type ContractRow,
  cents,
  DAY,
  DEFAULT_PRACTICE,
  type GeneratorSpec,
  isoDate,
  type Practice,
  type Quarter,
  quartersOf,
  type SupplierRow,
  type UnitRow,
} from './rows';
import { AMENDMENT_DESCRIPTIONS, BUDGET_ITEMS, describeContract, NOTES } from './vocabulary';

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

/** A contract that later rows may amend. */
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
    quarters.map((_, index) => index),
    quarters.map((q, index) => (q.quarter === 4 ? 14 : q.quarter === 1 ? 7 : 10) + Math.floor(index / 4)),
  );
  const unitIds = new Map(units.map((unit) => [unit.name, unit.id]));
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name]));
  const unitPicker = WeightedPicker.zipf(units, 0.8);
  const purchasing = spec.purchasingUnits.map((name) => unitIds.get(name)).filter((id): id is string => !!id);
  const worksUnitId = unitIds.get(spec.worksUnit) ?? purchasing[0] ?? units[0]!.id;
  const practice = spec.practice ?? DEFAULT_PRACTICE;
  const pools = supplierPools(suppliers, practice.supplierSkew);
  const precedents: Precedent[] = [];
  const lastIndex = quarters.length - 1;

  // One "no procedures held" row for public tenders in a few quarters.
  const emptyQuarters = new Set([2, Math.floor(quarters.length / 2), lastIndex - 3].filter((i) => i >= 0));
  for (const index of emptyQuarters) yield emptyRow(random, spec, quarters[index]!, worksUnitId);

  for (let sequence = 1; sequence <= count - emptyQuarters.size; sequence++) {
    const amendmentOf = precedents.length > 20 && random.chance(0.05) ? random.pick(precedents) : undefined;
    // An amendment comes after its contract: within the four quarters that follow it.
    const quarterIndex = amendmentOf
      ? Math.min(lastIndex, amendmentOf.quarterIndex + random.int(0, 4))
      : quarterPicker.pick(random);
    const q = quarters[quarterIndex]!;
    const procedureType = amendmentOf?.procedureType ?? random.weighted(practice.procedureMix);
    const category: ContractCategory = amendmentOf
      ? random.weighted({ EXTENSION: 50, MODIFICATION: 30, ADENDUM: 20 })
      : random.weighted(CATEGORY_WEIGHTS[procedureType] as Record<ContractCategory, number>);
    const procedureState = pickState(
      random,
      procedureType,
      quarterIndex >= lastIndex - 1,
      Boolean(amendmentOf),
    );
    const awarded = procedureState === 'CONCLUDED' || procedureState === 'IN_PROGRESS';

    const applicantId = amendmentOf?.applicantId ?? unitPicker.pick(random).id;
    const decentralized = !amendmentOf && random.chance(0.08);
    const organizerId =
      amendmentOf?.organizerId ??
      (decentralized ? applicantId : category === 'PUBLIC_WORKS' ? worksUnitId : random.pick(purchasing));

    const processNumber = String(sequence).padStart(5, '0');
    const typeCode = TYPE_CODES[procedureType];
    const contractDay = q.start + random.int(0, Math.round((q.end - q.start) / DAY)) * DAY;
    const informationDay = q.end + random.int(...practice.reportingDays) * DAY;
    const contractId = amendmentOf
      ? amendmentOf.contractId
      : random.chance(practice.withoutFolio)
        ? null
        : `${typeCode}-${spec.code}-${q.year}-${processNumber}`;
    const contractNumber = !awarded
      ? null
      : amendmentOf
        ? `${amendmentOf.contractNumber}-CM${++amendmentOf.amendments}`
        : `${spec.code}/${typeCode}/${q.year}/${processNumber}`;
    const amounts = awarded
      ? pickAmounts(random, spec, practice, procedureType, category, amendmentOf)
      : NO_AMOUNTS;
    const supplierId = awarded ? (amendmentOf?.supplierId ?? pools.pick(random, category)) : null;
    const description = amendmentOf
      ? `${AMENDMENT_DESCRIPTIONS[category as keyof typeof AMENDMENT_DESCRIPTIONS]} ${amendmentOf.contractNumber}: ${amendmentOf.description}`
      : describeContract(category, unitNames.get(applicantId) ?? '', random.pick.bind(random));
    const limitExceeded = procedureType === 'NO_BID' ? awarded && random.chance(practice.overLimit) : null;

    yield {
      id: random.uuid(informationDay),
      organizationId: spec.organizationId,
      supplierId,
      procedureType,
      category,
      administrationPeriod: q.administrationPeriod,
      fiscalYear: String(q.year),
      period: q.label,
      contractId,
      partida: random.pick(BUDGET_ITEMS[category]),
      procedureState,
      servicesDescription: description,
      ...documents(random, spec, practice, {
        procedureType,
        awarded,
        contractDay,
        year: q.year,
        file: `${typeCode}-${processNumber}`,
      }),
      organizerAdministrativeUnitId: organizerId,
      applicantAdministrativeUnitId: applicantId,
      administrativeUnitType: decentralized ? 'DESCENTRALIZED' : 'CENTRALIZED',
      contractNumber,
      contractDate: awarded ? isoDate(contractDay) : null,
      ...amounts,
      areaInCharge: unitNames.get(organizerId) ?? spec.worksUnit,
      executingArea: null,
      updateDate: isoDate(informationDay),
      notes: random.chance(0.15) ? random.pick(NOTES) : null,
      karewaNotes: random.chance(0.02)
        ? 'Revisar: el documento del contrato no coincide con el monto reportado.'
        : null,
      informationDate: isoDate(informationDay),
      limitExceeded,
      amountExceeded:
        limitExceeded && amounts.totalOrMaxAmount
          ? cents(amounts.totalOrMaxAmount * (0.05 + random.next() * 0.5))
          : null,
      isEmpty: false,
      createdAt: new Date(informationDay),
      updatedAt: new Date(informationDay),
    };

    if (awarded && !amendmentOf && contractNumber && amounts.totalOrMaxAmount) {
      if (precedents.length >= 500) precedents.splice(random.int(0, precedents.length - 1), 1);
      precedents.push({
        contractNumber,
        contractId,
        supplierId,
        procedureType,
        organizerId,
        applicantId,
        amount: amounts.totalOrMaxAmount,
        description,
        quarterIndex,
        amendments: 0,
      });
    }
  }
}

type Amounts = Pick<
  ContractRow,
  'contractType' | 'totalAmount' | 'minAmount' | 'maxAmount' | 'totalOrMaxAmount'
>;
const NO_AMOUNTS: Amounts = {
  contractType: null,
  totalAmount: null,
  minAmount: null,
  maxAmount: null,
  totalOrMaxAmount: null,
};

/**
 * Amounts of an awarded contract. totalOrMaxAmount is the total of a NORMAL contract and the
 * maximum of an OPEN one; an amendment adds 5–30% of the contract it amends.
 */
function pickAmounts(
  random: Random,
  spec: GeneratorSpec,
  practice: Practice,
  procedureType: ProcedureType,
  category: ContractCategory,
  amendmentOf: Precedent | undefined,
): Amounts {
  let amount: number;
  if (amendmentOf) {
    amount = cents(amendmentOf.amount * (0.05 + random.next() * 0.25));
  } else {
    const range = AMOUNTS[procedureType];
    amount = cents(
      Math.min(
        range.max,
        Math.max(range.min, random.logNormal(range.median, range.sigma * practice.amountSpread)),
      ) * spec.amountScale,
    );
  }
  const open = !amendmentOf && (category === 'SERVICES' || category === 'ACQUISITION') && random.chance(0.14);
  const contractType: ContractType = open ? 'OPEN' : 'NORMAL';
  return open
    ? {
        contractType,
        totalAmount: null,
        minAmount: cents(amount * (0.3 + random.next() * 0.3)),
        maxAmount: amount,
        totalOrMaxAmount: amount,
      }
    : { contractType, totalAmount: amount, minAmount: null, maxAmount: null, totalOrMaxAmount: amount };
}

type Documents = Pick<
  ContractRow,
  | 'announcementUrl'
  | 'announcementDate'
  | 'clarificationMeetingDate'
  | 'clarificationMeetingJudgmentUrl'
  | 'presentationProposalsDocUrl'
  | 'contractUrl'
>;

/**
 * Document links and dates: tenders and invitations publish a call and hold a clarification
 * meeting; direct awards rarely publish anything but the contract. Some links are missing.
 */
function documents(
  random: Random,
  spec: GeneratorSpec,
  practice: Practice,
  contract: {
    procedureType: ProcedureType;
    awarded: boolean;
    contractDay: number;
    year: number;
    file: string;
  },
): Documents {
  const base = `https://transparencia.example.org/${spec.slug}/${contract.year}`;
  const competitive = contract.procedureType !== 'NO_BID';
  const announcementDay =
    contract.contractDay - random.int(competitive ? 20 : 5, competitive ? 45 : 15) * DAY;
  const hasAnnouncement = random.chance(
    competitive ? practice.announcement.competitive : practice.announcement.noBid,
  );
  return {
    announcementUrl: hasAnnouncement ? `${base}/convocatorias/${contract.file}.pdf` : null,
    announcementDate: hasAnnouncement || competitive ? isoDate(announcementDay) : null,
    clarificationMeetingDate: competitive ? isoDate(announcementDay + random.int(5, 12) * DAY) : null,
    clarificationMeetingJudgmentUrl:
      competitive &&
      random.chance(contract.procedureType === 'PUBLIC' ? practice.judgment : practice.judgment / 2)
        ? `${base}/juntas/${contract.file}.pdf`
        : null,
    presentationProposalsDocUrl: random.chance(competitive ? 0.75 : 0.05)
      ? `${base}/propuestas/${contract.file}.pdf`
      : null,
    contractUrl:
      contract.awarded && random.chance(practice.contractLink)
        ? `${base}/contratos/${contract.file}.pdf`
        : null,
  };
}

function pickState(random: Random, type: ProcedureType, recent: boolean, amendment: boolean): ProcedureState {
  if (amendment) return random.chance(0.9) ? 'CONCLUDED' : 'IN_PROGRESS';
  if (recent && random.chance(0.4)) return 'IN_PROGRESS';
  if (type === 'NO_BID') return random.weighted({ CONCLUDED: 92, IN_PROGRESS: 6, CANCELED: 2 });
  return random.weighted({ CONCLUDED: 84, IN_PROGRESS: 7, CANCELED: 4, DESERTED: 5 });
}

/** A "no procedures held" row: the body states it published no public tender that quarter. */
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
    ...NO_AMOUNTS,
    contractUrl: null,
    areaInCharge: spec.worksUnit,
    executingArea: null,
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
function supplierPools(suppliers: readonly SupplierRow[], skew: number) {
  const byCategory = new Map<ContractCategory, WeightedPicker<SupplierRow>>();
  const all = WeightedPicker.zipf(suppliers, skew);
  for (const category of ['ACQUISITION', 'SERVICES', 'LEASE', 'PUBLIC_WORKS'] as const) {
    const pool = suppliers.filter((supplier) => supplier.categories.includes(category));
    if (pool.length > 0) byCategory.set(category, WeightedPicker.zipf(pool, skew));
  }
  return {
    pick(random: Random, category: ContractCategory): string | null {
      if (suppliers.length === 0) return null;
      return (byCategory.get(category) ?? all).pick(random).id;
    },
  };
}
