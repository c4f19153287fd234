import { z } from 'zod';
import { calendarDate, optionalText, webUrl } from './rules';
import { normaliseName } from './sheet';

/**
 * What a contract keeps beside its fields (issue 30; pnt-import-rules.md, 'Sub-tables'): the people
 * and companies of its procedure (who bid, who was invited, who attended the clarification meeting
 * and which officials were there, who owns the winner), its amendments and its budget lines. The
 * format-28 import fills them from the workbook's sub-tables; the contract form edits bidders,
 * invited and amendments with the same rules; the public detail shows them all.
 */

/** The roles of a person or company in a contract's procedure, as stored. */
export const PARTY_ROLES = [
  'BIDDER',
  'INVITED',
  'CLARIFICATION_ATTENDEE',
  'CLARIFICATION_OFFICIAL',
  'BENEFICIAL_OWNER',
] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/** How many of each a contract keeps (a bound for the form and for a workbook's shared IDs). */
export const MAX_RELATED = 500;

const name = (label: string) =>
  z
    .string({ message: `El campo ${label} es obligatorio.` })
    .trim()
    .min(1, `El campo ${label} es obligatorio.`)
    .max(500, 'Máximo 500 caracteres.');

/** A bidder or an invited supplier: a name and, when published, an RFC (kept as published, never corrected). */
export const PartySchema = z.object({
  name: name('Nombre o razón social'),
  rfc: optionalText(20).default(null),
});
export type Party = z.output<typeof PartySchema>;

export const AmendmentSchema = z.object({
  number: optionalText(200).default(null),
  object: optionalText(5_000).default(null),
  signedDate: calendarDate.default(null),
  url: webUrl('Hipervínculo al convenio').default(null),
});
export type Amendment = z.output<typeof AmendmentSchema>;

const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_RELATED, `Máximo ${MAX_RELATED} registros.`);

/** What the contract form and the save API take: bidders, invited and amendments (each optional: absent keeps them). */
export const EditableRelationsSchema = z.object({
  bidders: list(PartySchema).optional(),
  invited: list(PartySchema).optional(),
  amendments: list(AmendmentSchema).optional(),
});
export type EditableRelations = z.output<typeof EditableRelationsSchema>;

/** Everything a contract keeps beside its fields (what a load stages and confirm writes). */
export interface ContractRelations {
  /** With the quotation's amount where the source gives one (2018–2023 direct awards). */
  bidders: (Party & { quoteAmount?: number | null })[];
  invited: Party[];
  clarificationAttendees: Party[];
  clarificationOfficials: (Party & { post: string | null })[];
  beneficialOwners: { name: string }[];
  budgetLines: { code: string }[];
  amendments: Amendment[];
}

/**
 * Whether a bidder (or any party) is the contract's supplier: by RFC when both have one, else by
 * name compared as the import compares names.
 */
export function isContractSupplier(supplier: { name: string | null; rfc: string | null }) {
  return (party: { name: string; rfc: string | null }): boolean =>
    supplier.rfc && party.rfc
      ? party.rfc.toUpperCase() === supplier.rfc.toUpperCase()
      : supplier.name !== null && normaliseName(party.name) === normaliseName(supplier.name);
}

/** Which list of the relations each party role is. */
export const PARTY_LIST: Readonly<Record<PartyRole, keyof ContractRelations>> = {
  BIDDER: 'bidders',
  INVITED: 'invited',
  CLARIFICATION_ATTENDEE: 'clarificationAttendees',
  CLARIFICATION_OFFICIAL: 'clarificationOfficials',
  BENEFICIAL_OWNER: 'beneficialOwners',
};

/** A stored party (a row of contract_parties, or one kept in a contract's history) into its list. */
export function addParty(
  relations: ContractRelations,
  party: { role: PartyRole; name: string; rfc: string | null; post: string | null },
): void {
  const key = PARTY_LIST[party.role];
  if (key === 'beneficialOwners') relations.beneficialOwners.push({ name: party.name });
  else if (key === 'clarificationOfficials')
    relations.clarificationOfficials.push({ name: party.name, rfc: party.rfc, post: party.post });
  else (relations[key] as { name: string; rfc: string | null }[]).push({ name: party.name, rfc: party.rfc });
}

export const emptyRelations = (): ContractRelations => ({
  bidders: [],
  invited: [],
  clarificationAttendees: [],
  clarificationOfficials: [],
  beneficialOwners: [],
  budgetLines: [],
  amendments: [],
});

/** The public detail's lists (empty when unknown); a bidder is marked when it is the contract's supplier. */
export const PublicRelationsSchema = z.object({
  bidders: z.array(z.object({ name: z.string(), rfc: z.string().nullable(), isWinner: z.boolean() })),
  invited: z.array(z.object({ name: z.string(), rfc: z.string().nullable() })),
  amendments: z.array(
    z.object({
      number: z.string().nullable(),
      object: z.string().nullable(),
      signedDate: z.string().nullable().describe('YYYY-MM-DD'),
      url: z.string().nullable(),
      /** The newest copy of its document kept by the portal, downloadable at /public-api/files/download/{id}. */
      backupFileId: z.string().nullable(),
    }),
  ),
  beneficialOwners: z.array(z.object({ name: z.string() })),
  budgetLines: z.array(z.object({ code: z.string() })),
  clarificationAttendees: z.array(z.object({ name: z.string(), rfc: z.string().nullable() })),
  clarificationOfficials: z.array(
    z.object({ name: z.string(), rfc: z.string().nullable(), post: z.string().nullable() }),
  ),
});
export type PublicRelations = z.infer<typeof PublicRelationsSchema>;
