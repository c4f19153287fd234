import {
  AMENDMENT_CATEGORIES,
  CONTRACT_CATEGORY_LABELS,
  type ContractCategory,
  type ProcedureState,
  type ProcedureType,
} from '../../../shared/constants/enums';
import { type ContractRelations, isContractSupplier } from '../../../shared/contracts/relations';

/**
 * A contract as an OCDS 1.1.5 release (decision 0051 is the mapping, field by field). Pure: what
 * the contract, its monitor, units, supplier, lists and backup copies say goes in; what they do not
 * say is left out rather than guessed. A row that only states that no procedures were held in a
 * period is no contracting process: it has no release.
 */

/** What a release is built from: a contract's stored fields (the contracts table's, camelCased). */
export interface ReleaseContract {
  id: string;
  organizationId: string;
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
  administrativeUnitType: string | null;
  contractNumber: string | null;
  contractDate: string | null;
  contractType: 'NORMAL' | 'OPEN' | null;
  totalAmount: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  totalOrMaxAmount: number | null;
  contractUrl: string | null;
  areaInCharge: string | null;
  executingArea: string | null;
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

export interface ReleaseInput {
  contract: ReleaseContract;
  /** The contract's change number (its release's number within its process). */
  change: string;
  /** Whether this release is the process's first (else its tags are updates). */
  first: boolean;
  monitor: { id: string; name: string };
  organizer: { id: string; name: string };
  applicant: { id: string; name: string };
  supplier: { id: string; name: string; rfc: string | null } | null;
  relations: ContractRelations;
  /** The portal's backup copy of a document, by the document's URL as stored (trimmed): the file's id. */
  copies: ReadonlyMap<string, string | null>;
  /** The ocid of the contract an amendment row amends, when the data says which. */
  parentOcid: string | null;
}

export interface ReleaseSettings {
  /** `ocds-` and six characters, registered with the Open Contracting Partnership. */
  ocidPrefix: string;
  /** The portal's public address (documents' copies are absolute URLs under it). */
  publicUrl: string;
}

/** The closed codelists' values and the package's metadata, for the tests and the packages. */
export const OCDS_VERSION = '1.1';
export const CURRENCY = 'MXN';
/** Calendar dates are days in Mexico's central time (UTC−6, without daylight saving since 2022). */
const DAY_START = 'T00:00:00-06:00';

const METHOD: Record<ProcedureType, { method: string; details: string }> = {
  PUBLIC: { method: 'open', details: 'Licitación pública' },
  INVITATION: { method: 'selective', details: 'Invitación a cuando menos tres personas' },
  NO_BID: { method: 'direct', details: 'Adjudicación directa' },
};

const MAIN_CATEGORY: Partial<Record<ContractCategory, string>> = {
  ACQUISITION: 'goods',
  LEASE: 'goods',
  SERVICES: 'services',
  PUBLIC_WORKS: 'works',
};

const TENDER_STATUS: Record<ProcedureState, string> = {
  CONCLUDED: 'complete',
  IN_PROGRESS: 'active',
  CANCELED: 'cancelled',
  DESERTED: 'unsuccessful',
};

/** The contracting process's identifier: the prefix, the monitor and the contract (ids that never change). */
export function ocidOf(settings: ReleaseSettings, organizationId: string, contractId: string): string {
  return `${settings.ocidPrefix}-${organizationId}-${contractId}`;
}

/** A calendar day (YYYY-MM-DD) as the date-time OCDS asks for, or undefined. */
function dayTime(day: string | null | undefined): string | undefined {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}${DAY_START}` : undefined;
}

/** A stored link as an absolute URL (spaces and accents escaped), or undefined when it is none. */
export function absoluteUrl(url: string | null | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const value = (amount: number | null) =>
  amount === null ? undefined : { amount: Number(amount), currency: CURRENCY };

/** Removes the keys whose value is undefined, an empty array or an empty object (left out, not null). */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  const out: Record<string, unknown> = {};
  // for…in, not Object.entries: this runs a few times for each of a million releases.
  for (const key in object) {
    const item = object[key];
    if (item === undefined || item === null) continue;
    if (Array.isArray(item) && item.length === 0) continue;
    if (typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length === 0) continue;
    out[key] = item;
  }
  return out as Partial<T>;
}

interface Party {
  id: string;
  name: string;
  roles: string[];
  identifier?: { scheme: string; id: string; legalName?: string };
  beneficialOwners?: { id: string; name: string }[];
}

/** The release's parties, one per id, their roles merged. */
class Parties {
  private readonly byId = new Map<string, Party>();

  add(party: Omit<Party, 'roles'>, role: string): { id: string; name: string } {
    const known = this.byId.get(party.id);
    if (known) {
      if (!known.roles.includes(role)) known.roles.push(role);
    } else this.byId.set(party.id, { ...party, roles: [role] });
    return { id: party.id, name: party.name };
  }

  get(id: string): Party | undefined {
    return this.byId.get(id);
  }

  list(): Party[] {
    return [...this.byId.values()].map((party) => compact({ ...party }) as Party);
  }
}

/** A company's or person's party: by RFC (scheme MX-RFC) when there is one, else local. */
function companyParty(name: string, rfc: string | null, local: string): Omit<Party, 'roles'> {
  const cleanRfc = rfc?.trim().toUpperCase();
  return cleanRfc
    ? { id: `MX-RFC-${cleanRfc}`, name, identifier: { scheme: 'MX-RFC', id: cleanRfc, legalName: name } }
    : { id: local, name };
}

interface Document {
  id: string;
  documentType: string;
  title: string;
  url: string;
  datePublished?: string;
}

/** A document and, when the portal keeps a copy, the copy next to it. */
function documents(
  input: ReleaseInput,
  settings: ReleaseSettings,
  id: string,
  documentType: string,
  title: string,
  url: string | null,
  datePublished?: string,
): Document[] {
  const href = absoluteUrl(url);
  if (!href) return [];
  const out: Document[] = [compact({ id, documentType, title, url: href, datePublished }) as Document];
  const copy = input.copies.get(url!.trim());
  if (copy)
    out.push({
      id: `${id}-respaldo`,
      documentType,
      title: `${title} (copia de respaldo)`,
      url: `${settings.publicUrl}/public-api/files/download/${copy}`,
    });
  return out;
}

/** The release of a contract, or null for a row that states that no procedures were held. */
export function buildRelease(input: ReleaseInput, settings: ReleaseSettings): Record<string, unknown> | null {
  const { contract, relations } = input;
  if (contract.isEmpty) return null;
  const ocid = ocidOf(settings, contract.organizationId, contract.id);
  const parties = new Parties();
  const buyer = parties.add({ id: `MX-VIGIA-${input.monitor.id}`, name: input.monitor.name }, 'buyer');
  const procuringEntity = parties.add(
    { id: `MX-VIGIA-UA-${input.organizer.id}`, name: input.organizer.name },
    'procuringEntity',
  );
  parties.add({ id: procuringEntity.id, name: procuringEntity.name }, 'contractingUnit');
  parties.add({ id: `MX-VIGIA-UA-${input.applicant.id}`, name: input.applicant.name }, 'requestingUnit');

  const isSupplier = isContractSupplier({
    name: input.supplier?.name ?? null,
    rfc: input.supplier?.rfc ?? null,
  });
  const supplierRef = input.supplier
    ? parties.add(
        companyParty(input.supplier.name, input.supplier.rfc, `MX-VIGIA-PROV-${input.supplier.id}`),
        'supplier',
      )
    : null;
  if (supplierRef && relations.beneficialOwners.length > 0)
    parties.get(supplierRef.id)!.beneficialOwners = relations.beneficialOwners.map((owner, index) => ({
      id: String(index + 1),
      name: owner.name,
    }));
  const tenderers = relations.bidders.map((bidder, index) =>
    supplierRef && isSupplier(bidder)
      ? parties.add({ id: supplierRef.id, name: supplierRef.name }, 'tenderer')
      : parties.add(companyParty(bidder.name, bidder.rfc, `${ocid}-licitante-${index + 1}`), 'tenderer'),
  );
  for (const [index, invited] of relations.invited.entries())
    parties.add(companyParty(invited.name, invited.rfc, `${ocid}-invitado-${index + 1}`), 'invitedSupplier');

  const method = METHOD[contract.procedureType];
  const state = contract.procedureState;
  // Categories that amend an earlier contract (decision 0004): the row is a process of its own.
  const isAmendmentRow =
    contract.category !== null && (AMENDMENT_CATEGORIES as readonly string[]).includes(contract.category);
  const tender = compact({
    id: contract.contractId?.trim() || contract.id,
    title: contract.servicesDescription ?? undefined,
    status: state ? TENDER_STATUS[state] : undefined,
    procuringEntity,
    procurementMethod: method.method,
    procurementMethodDetails: method.details,
    mainProcurementCategory: contract.category ? MAIN_CATEGORY[contract.category] : undefined,
    enquiryPeriod: compact({ endDate: dayTime(contract.clarificationMeetingDate) }),
    numberOfTenderers: tenderers.length > 0 ? tenderers.length : undefined,
    tenderers,
    documents: [
      ...documents(
        input,
        settings,
        'convocatoria',
        'tenderNotice',
        'Convocatoria o invitación',
        contract.announcementUrl,
        dayTime(contract.announcementDate),
      ),
      ...documents(
        input,
        settings,
        'junta-de-aclaraciones',
        'clarifications',
        'Fallo de la junta de aclaraciones',
        contract.clarificationMeetingJudgmentUrl,
      ),
      ...documents(
        input,
        settings,
        'presentacion-de-propuestas',
        'bidders',
        'Presentación de propuestas',
        contract.presentationProposalsDocUrl,
      ),
    ],
  });

  // An award and a contract when the procedure was not cancelled or deserted and something of
  // them is known.
  const awarded =
    state !== 'CANCELED' &&
    state !== 'DESERTED' &&
    (input.supplier !== null ||
      contract.contractNumber !== null ||
      contract.totalOrMaxAmount !== null ||
      contract.contractDate !== null);
  const awardId = `${contract.id}-adjudicacion`;
  const amendments = [
    ...(isAmendmentRow
      ? [
          compact({
            id: contract.contractNumber ?? contract.id,
            rationale: CONTRACT_CATEGORY_LABELS[contract.category!],
            description: contract.servicesDescription ?? undefined,
            date: dayTime(contract.contractDate),
          }),
        ]
      : []),
    ...relations.amendments.map((amendment, index) =>
      compact({
        id: amendment.number ?? String(index + 1),
        rationale: 'Convenio modificatorio',
        description: amendment.object ?? undefined,
        date: dayTime(amendment.signedDate),
      }),
    ),
  ];
  const awards = awarded
    ? [
        compact({
          id: awardId,
          status: 'active',
          date: dayTime(contract.contractDate),
          value: value(contract.totalOrMaxAmount),
          suppliers: supplierRef ? [supplierRef] : undefined,
        }),
      ]
    : [];
  const contracts = awarded
    ? [
        compact({
          id: contract.contractNumber?.trim() || contract.id,
          awardID: awardId,
          description: contract.servicesDescription ?? undefined,
          value: value(contract.totalOrMaxAmount),
          dateSigned: dayTime(contract.contractDate),
          documents: [
            ...documents(input, settings, 'contrato', 'contractSigned', 'Contrato', contract.contractUrl),
            ...relations.amendments.flatMap((amendment, index) =>
              documents(
                input,
                settings,
                `convenio-${index + 1}`,
                'contractAnnexe',
                `Convenio modificatorio ${amendment.number ?? index + 1}`,
                amendment.url,
              ),
            ),
          ],
          amendments,
        }),
      ]
    : [];

  const budgetCodes = [
    ...new Set([
      ...relations.budgetLines.map((line) => line.code),
      ...(contract.partida?.trim() ? [contract.partida.trim()] : []),
    ]),
  ];
  const stages = ['tender', ...(awarded ? ['award', 'contract'] : [])];
  const tag = input.first
    ? stages
    : [
        ...stages.map((stage) => `${stage}Update`),
        ...(amendments.length > 0 && awarded ? ['contractAmendment'] : []),
      ];

  return compact({
    ocid,
    id: `${ocid}-${input.change}`,
    date: contract.updatedAt.toISOString(),
    tag,
    initiationType: 'tender',
    language: 'es',
    buyer,
    parties: parties.list(),
    planning:
      budgetCodes.length > 0
        ? {
            budget: {
              id: budgetCodes[0],
              description: `Partidas presupuestales (COG): ${budgetCodes.join(', ')}`,
            },
          }
        : undefined,
    tender,
    awards,
    contracts,
    relatedProcesses: input.parentOcid
      ? [
          {
            id: '1',
            relationship: ['parent'],
            title: 'Contrato que modifica',
            scheme: 'ocid',
            identifier: input.parentOcid,
          },
        ]
      : undefined,
    vigia: compact({
      administrationPeriod: contract.administrationPeriod,
      fiscalYear: contract.fiscalYear,
      reportedPeriod: contract.period,
      contractType: contract.contractType ?? undefined,
      minValue: contract.contractType === 'OPEN' ? value(contract.minAmount) : undefined,
      maxValue: contract.contractType === 'OPEN' ? value(contract.maxAmount) : undefined,
      unitType: contract.administrativeUnitType ?? undefined,
      areaInCharge: contract.areaInCharge ?? undefined,
      executingArea: contract.executingArea ?? undefined,
      limitExceeded: contract.limitExceeded ?? undefined,
      amountExceeded: value(contract.amountExceeded),
      notes: contract.notes ?? undefined,
      associationNotes: contract.karewaNotes ?? undefined,
      informationDate: contract.informationDate ?? undefined,
      updateDate: contract.updateDate ?? undefined,
    }),
  });
}
