import { z } from 'zod';
import { AdministrationPeriodSchema, CorruptionIndexSchema } from './calculations';
import { DownloadQuerySchema } from './filters';

/**
 * Comparisons between monitors, here and on other servers (public spec, /comparations;
 * index-and-federation.md, 'Comparisons and federation'): each side computed by its own server,
 * in the original's shape so its installations and ours read each other.
 */

/** A monitor another server may list: public fields only. */
export const PeerOrganizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  shortName: z.string(),
  color: z.string(),
});
export type PeerOrganization = z.infer<typeof PeerOrganizationSchema>;

export const ComparisonDetailQuerySchema = z.object({
  /** The monitor: ours (an id) or another server's (opaque: its ids need not look like ours). */
  id: z.string().trim().min(1, 'El identificador del monitor es requerido.').max(100),
  /** The other server's address; without it the monitor is one of ours. */
  url: z.string().trim().max(300).optional(),
  administrationPeriod: AdministrationPeriodSchema.optional(),
});

const Amounts = z.object({
  public: z.number(),
  invitation: z.number(),
  noBid: z.number(),
  total: z.number(),
  /** Shares of the amount (0–1); null without any amount. */
  publicPercent: z.number().nullable(),
  invitationPercent: z.number().nullable(),
  noBidPercent: z.number().nullable(),
});
const Counts = z.object({
  public: z.number().int(),
  invitation: z.number().int(),
  noBid: z.number().int(),
  total: z.number().int(),
});

export const ComparisonItemSchema = z.object({
  name: z.string(),
  description: z.string(),
  displayForm: z.enum(['NORMAL', 'AMOUNT', 'PERCENTAGE']),
  result: z.number().nullable(),
  hash: z.string(),
});

/** One side of a comparison. */
export const ComparisonSideSchema = z.object({
  organization: PeerOrganizationSchema.extend({
    /** The other server's address, for a remote monitor. */
    url: z.string().nullable(),
  }),
  corruptionIndex: CorruptionIndexSchema.partial()
    .extend({ result: z.number().nullable(), url: z.string().optional() })
    .nullable(),
  calculationsInfo: z.array(ComparisonItemSchema),
  totals: Amounts,
  counts: Counts,
  administrationPeriod: z.string().nullable(),
  administrationPeriods: z.array(z.string()),
  insufficientData: z.boolean(),
  /**
   * The stable key of the index's whole method (axes, indicators, filters, scales; decision 0040):
   * equal on both sides, 'misma metodología'.
   */
  methodKey: z.string().nullable(),
});
export type ComparisonSide = z.infer<typeof ComparisonSideSchema>;

export const ComparisonDetailResponseSchema = z.object({
  error: z.literal(false),
  message: z.string(),
  data: ComparisonSideSchema,
});

export const RemoteListQuerySchema = z.object({
  search: z.string().trim().max(300).optional(),
});
export const RemoteListResponseSchema = z.object({
  error: z.literal(false),
  message: z.string(),
  data: z.object({
    docs: z.array(PeerOrganizationSchema),
    /** The other server's address, when the search was one. */
    baseRemoteUrl: z.string().nullable(),
  }),
});

/** GET /public-api/comparations/retrieve: the current monitor's recent comparisons. */
export const RecentComparisonsResponseSchema = z.object({
  error: z.literal(false),
  message: z.string(),
  data: z.array(
    z.object({
      _id: z.string(),
      target: z.string(),
      targetName: z.string(),
      color: z.string(),
      remoteUrl: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
});

/** POST /public-api/comparations/save (the original's body). */
export const SaveComparisonBodySchema = z.object({
  target: z.string().trim().min(1, 'El monitor a comparar es requerido.').max(100),
  url: z.string().trim().max(300).optional(),
});

/**
 * GET /public-api/comparations/download-comparison/{format}/{id}: what the page names, never its
 * figures. The left side is `organization` (else the organization header); the right side is `id`,
 * on the server `url` when given; each side in its own period.
 */
export const ComparisonDownloadQuerySchema = DownloadQuerySchema.pick({
  organization: true,
  signal: true,
}).extend({
  url: z.string().trim().max(300).optional(),
  leftAdministrationPeriod: AdministrationPeriodSchema.optional(),
  rightAdministrationPeriod: AdministrationPeriodSchema.optional(),
});
