import { z } from 'zod';
import { CONTRACT_CATEGORIES, PROCEDURE_STATES, PROCEDURE_TYPES } from '../constants/enums';
import { RED_FLAG_CODES } from '../red-flags/definitions';
import { PaginationSchema, successEnvelope } from './common';
import { SupplierPageFiltersSchema } from './filters';

/** Counts and amounts of the suppliers list tiles and TOTAL row, under the one rule for money. */
export const SupplierTotalsSchema = z.object({
  contractsCount: z
    .number()
    .int()
    .describe('Every listed contract, whatever its state (totalCount counts only those in the sums)'),
  totalCount: z.number().int(),
  publicCount: z.number().int(),
  invitationCount: z.number().int(),
  noBidCount: z.number().int(),
  total: z.number(),
  public: z.number(),
  invitation: z.number(),
  noBid: z.number(),
});
export type SupplierTotals = z.infer<typeof SupplierTotalsSchema>;

export const SupplierRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contractsCount: z.number().int().describe('Every listed contract of the supplier, whatever its state'),
  publicCount: z.number().int(),
  invitationCount: z.number().int(),
  noBidCount: z.number().int(),
  public: z.number(),
  invitation: z.number(),
  noBid: z.number(),
  total: z.number(),
});
export type SupplierRow = z.infer<typeof SupplierRowSchema>;

/** A supplier's contracts that raised red flags, and its flags by kind, under the page's filters (issue 32). */
export const SupplierRedFlagsSchema = z.object({
  flagged: z.number().int().describe('Listed contracts with at least one red flag'),
  byKind: z.array(z.object({ code: z.enum(RED_FLAG_CODES), name: z.string(), contracts: z.number().int() })),
});
export type SupplierRedFlags = z.infer<typeof SupplierRedFlagsSchema>;

/** A row of the suppliers list: its figures and its red flags. */
export const SupplierListRowSchema = SupplierRowSchema.extend({ redFlags: SupplierRedFlagsSchema });
export type SupplierListRow = z.infer<typeof SupplierListRowSchema>;

export const SupplierListResponseSchema = successEnvelope(
  PaginationSchema.extend({ docs: z.array(SupplierListRowSchema), totals: SupplierTotalsSchema }),
).extend({ lastUpdate: z.string().optional() });
export type SupplierListResponse = z.infer<typeof SupplierListResponseSchema>;

/** A contract card of the supplier detail. */
export const SupplierContractSchema = z.object({
  _id: z.string(),
  servicesDescription: z.string().nullable(),
  totalOrMaxAmount: z.number().nullable(),
  contractDate: z.string().nullable(),
  procedureType: z.enum(PROCEDURE_TYPES),
  procedureState: z.enum(PROCEDURE_STATES).nullable(),
  category: z.enum(CONTRACT_CATEGORIES).nullable(),
  countsInTotals: z.boolean().describe('Whether it counts in the supplier totals (decision 0004)'),
});
export type SupplierContract = z.infer<typeof SupplierContractSchema>;

export const SUPPLIER_GROUP_SIZE = 20;

const Group = z.object({
  count: z.number().int().describe('Contracts of this procedure type (all listed, whatever their state)'),
  docs: z
    .array(SupplierContractSchema)
    .describe(`The most recent ${SUPPLIER_GROUP_SIZE}; more with detail/contracts`),
});

/** A procedure the supplier bid for without winning (issue 30): the contract, and who won it. */
export const SupplierBidSchema = z.object({
  _id: z.string(),
  contractId: z.string().nullable(),
  contractNumber: z.string().nullable(),
  servicesDescription: z.string().nullable(),
  procedureType: z.enum(PROCEDURE_TYPES),
  contractDate: z.string().nullable(),
  totalOrMaxAmount: z.number().nullable(),
  winner: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type SupplierBid = z.infer<typeof SupplierBidSchema>;

export const SupplierDetailSchema = z.object({
  _id: z.string(),
  supplier: z.object({ _id: z.string(), name: z.string(), updatedAt: z.string() }),
  totals: SupplierTotalsSchema.extend({ count: z.number().int().describe('Every listed contract') }),
  public: Group,
  invitation: Group,
  noBid: Group,
  /** Procedures it bid for without winning, in every period (format 28's bidders; issue 30). */
  bidsLost: z.object({ count: z.number().int(), docs: z.array(SupplierBidSchema) }),
  /** Its contracts that raised red flags, and its flags by kind, under the page's filters (issue 32). */
  redFlags: SupplierRedFlagsSchema,
});
export type SupplierDetail = z.infer<typeof SupplierDetailSchema>;

export const SupplierDetailQuerySchema = z.object({
  id: z.uuid({ message: 'El identificador del proveedor no es válido.' }),
});
export const SupplierDetailBodySchema = z
  .object({ filters: SupplierPageFiltersSchema.optional() })
  .default({});
export const SupplierDetailResponseSchema = successEnvelope(SupplierDetailSchema).extend({
  lastUpdate: z.string().optional(),
});
export type SupplierDetailResponse = z.infer<typeof SupplierDetailResponseSchema>;

export const SupplierContractsQuerySchema = SupplierDetailQuerySchema.extend({
  procedureType: z.enum(PROCEDURE_TYPES, { message: 'El tipo de procedimiento no es válido.' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const SupplierContractsResponseSchema = successEnvelope(
  PaginationSchema.extend({ docs: z.array(SupplierContractSchema) }),
);
export type SupplierContractsResponse = z.infer<typeof SupplierContractsResponseSchema>;

export const SupplierBidsQuerySchema = SupplierDetailQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const SupplierBidsResponseSchema = successEnvelope(
  PaginationSchema.extend({ docs: z.array(SupplierBidSchema) }),
);
export type SupplierBidsResponse = z.infer<typeof SupplierBidsResponseSchema>;
