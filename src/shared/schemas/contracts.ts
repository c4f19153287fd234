import { z } from 'zod';
import { CONTRACT_DOCUMENT_FIELDS, CONTRACT_DOCUMENTS, type ContractDocument } from '../constants/enums';
import { PublicRelationsSchema } from '../contracts/relations';
import { contractDocShape, DETAIL_FIELDS, LISTED_FIELDS } from '../contracts/schema';
import { RED_FLAG_CODES } from '../red-flags/definitions';
import { DocumentBackupSchema } from './backups';
import { PageQuerySchema, PaginationSchema, SearchTextSchema, successEnvelope } from './common';
import { ContractFlagsShape } from './red-flags';

/** Money totals and counts under the one rule for money (docs/decisions/0004-one-rule-for-money.md). */
export const ContractTotalsSchema = z.object({
  totalCount: z.number().int(),
  publicCount: z.number().int(),
  invitationCount: z.number().int(),
  noBidCount: z.number().int(),
  totalAmount: z.number(),
  PUBLIC: z.number(),
  INVITATION: z.number(),
  NO_BID: z.number(),
});
export type ContractTotals = z.infer<typeof ContractTotalsSchema>;

/** A contract as the public list shows it (the fields shown in the list, fields.ts). */
export const ContractListItemSchema = z.object({
  _id: z.string(),
  ...contractDocShape(LISTED_FIELDS),
  countsInTotals: z
    .boolean()
    .describe(
      'Whether the contract counts in sums and money counts (concluded, not an amendment; decision 0004)',
    ),
  redFlags: z.array(z.enum(RED_FLAG_CODES)).describe('The codes of the red flags the contract raised'),
});
export type ContractListItem = z.infer<typeof ContractListItemSchema>;

/** The original's backup fields: each document link's newest copy, under the link's name and 'Backup'. */
export type DocumentBackupField = `${(typeof CONTRACT_DOCUMENT_FIELDS)[ContractDocument]}Backup`;
export const documentBackupField = (document: ContractDocument): DocumentBackupField =>
  `${CONTRACT_DOCUMENT_FIELDS[document]}Backup`;

const documentBackupShape = Object.fromEntries(
  CONTRACT_DOCUMENTS.map((document) => [
    documentBackupField(document),
    z.string().nullable().describe('File id, downloadable at /public-api/files/download/{id}'),
  ]),
) as Record<DocumentBackupField, z.ZodNullable<z.ZodString>>;

/** Everything the public detail page shows (the association's internal notes are not public). */
export const ContractDetailSchema = ContractListItemSchema.extend({
  ...contractDocShape(DETAIL_FIELDS),
  ...documentBackupShape,
  /** Each document link and its copies (decision 0037). */
  documentBackups: z.array(DocumentBackupSchema),
  // Who bid, who was invited, the amendments, the beneficial owners and the budget lines (issue 30).
  ...PublicRelationsSchema.shape,
  // Its red flags: the raised ones with their facts, the ones that could not be evaluated (issue 32).
  ...ContractFlagsShape,
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

export const ContractListQuerySchema = PageQuerySchema.extend({ search: SearchTextSchema.optional() });

const LastUpdate = z.string().optional().describe("When the monitor's contracts last changed (ISO time)");

export const ContractListResponseSchema = successEnvelope(
  PaginationSchema.extend({
    docs: z.array(ContractListItemSchema),
    totals: ContractTotalsSchema,
    flagged: z
      .number()
      .int()
      .describe('How many of the listed contracts (every state) carry at least one red flag (issue 32)'),
  }),
).extend({ lastUpdate: LastUpdate });
export type ContractListResponse = z.infer<typeof ContractListResponseSchema>;

export const ContractDetailQuerySchema = z.object({
  id: z.uuid({ message: 'El identificador del contrato no es válido.' }),
});
export const ContractDetailResponseSchema = successEnvelope(ContractDetailSchema).extend({
  lastUpdate: LastUpdate,
});
export type ContractDetailResponse = z.infer<typeof ContractDetailResponseSchema>;

export const ContractTotalsResponseSchema = successEnvelope(ContractTotalsSchema);

/** Options of the filter selects (spec: retrieve/*). */
export const OptionsQuerySchema = z.object({
  supplierId: z.uuid({ message: 'El identificador del proveedor no es válido.' }).optional(),
  search: SearchTextSchema.optional(),
});
export const ValueOptionSchema = z.object({ _id: z.string() }).catchall(z.string());
export const OptionsResponseSchema = successEnvelope(z.object({ docs: z.array(ValueOptionSchema) }));
export type OptionsResponse = z.infer<typeof OptionsResponseSchema>;
