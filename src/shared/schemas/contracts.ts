import { z } from 'zod';
import {
  ADMINISTRATIVE_UNIT_TYPES,
  CONTRACT_CATEGORIES,
  CONTRACT_TYPES,
  PROCEDURE_STATES,
  PROCEDURE_TYPES,
} from '../constants/enums';
import { PageQuerySchema, PaginationSchema, SearchTextSchema, successEnvelope } from './common';

const Reference = z.object({ _id: z.string(), name: z.string() });

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

/** A contract as the public list shows it. */
export const ContractListItemSchema = z.object({
  _id: z.string(),
  contractId: z.string().nullable().describe('Process identifier (ID of the transparency format)'),
  contractNumber: z.string().nullable(),
  servicesDescription: z.string().nullable(),
  totalOrMaxAmount: z.number().nullable(),
  contractDate: z.string().nullable().describe('YYYY-MM-DD'),
  procedureType: z.enum(PROCEDURE_TYPES),
  procedureState: z.enum(PROCEDURE_STATES).nullable(),
  category: z.enum(CONTRACT_CATEGORIES).nullable(),
  contractType: z.enum(CONTRACT_TYPES).nullable(),
  notes: z.string().nullable(),
  announcementUrl: z.string().nullable(),
  contractUrl: z.string().nullable(),
  presentationProposalsDocUrl: z.string().nullable(),
  informationDate: z.string().nullable(),
  administrationPeriod: z.string(),
  fiscalYear: z.string(),
  period: z.string(),
  isEmpty: z.boolean(),
  countsInTotals: z
    .boolean()
    .describe(
      'Whether the contract counts in sums and money counts (concluded, not an amendment; decision 0004)',
    ),
  supplier: Reference.nullable(),
  applicantAdministrativeUnit: Reference.nullable(),
});
export type ContractListItem = z.infer<typeof ContractListItemSchema>;

/** Everything the public detail page shows (the association's internal notes are not public). */
export const ContractDetailSchema = ContractListItemSchema.extend({
  partida: z.string().nullable(),
  announcementDate: z.string().nullable(),
  clarificationMeetingDate: z.string().nullable(),
  clarificationMeetingJudgmentUrl: z.string().nullable(),
  organizerAdministrativeUnit: Reference.nullable(),
  administrativeUnitType: z.enum(ADMINISTRATIVE_UNIT_TYPES).nullable(),
  totalAmount: z.number().nullable(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  areaInCharge: z.string().nullable(),
  updateDate: z.string().nullable(),
  limitExceeded: z.boolean().nullable(),
  amountExceeded: z.number().nullable(),
  contractUrlBackup: z
    .string()
    .nullable()
    .describe('File id, downloadable at /public-api/files/download/{id}'),
  announcementUrlBackup: z.string().nullable(),
  clarificationMeetingJudgmentUrlBackup: z.string().nullable(),
  presentationProposalsDocUrlBackup: z.string().nullable(),
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

export const ContractListQuerySchema = PageQuerySchema.extend({ search: SearchTextSchema.optional() });

const LastUpdate = z.string().optional().describe("When the monitor's contracts last changed (ISO time)");

export const ContractListResponseSchema = successEnvelope(
  PaginationSchema.extend({ docs: z.array(ContractListItemSchema), totals: ContractTotalsSchema }),
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
