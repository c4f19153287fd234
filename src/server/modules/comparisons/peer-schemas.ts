import { z } from 'zod';

/**
 * What we accept from another server (ours or an installation of the original), read through the
 * guarded client: texts become plain, bounded text (tags and control characters removed; React
 * escapes what is left), a colour that is not one becomes the original's default, numbers must
 * be numbers (a peer answering "123" is not a monitor we can trust).
 */
const DEFAULT_COLOR = '#2cbcb6';

const plain = (max: number) =>
  z
    .string()
    .max(10_000)
    .transform((text) =>
      text
        .replace(/<[^>]*>/g, '')
        .replace(/[<>]/g, '')
        .replace(/\p{Cc}/gu, ' ')
        .replace(/\p{Cs}/gu, '\ufffd')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .transform((text) => cutAt(text, max));

/** The first `max` characters, never half of one (an emoji is two UTF-16 units). */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

const color = z
  .unknown()
  .transform((value) =>
    typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : DEFAULT_COLOR,
  );

/** An id goes back into addresses: no control characters or halves of characters. */
const id = z
  .union([
    z
      .string()
      .max(100)
      .regex(/^[^\p{Cc}\p{Cs}]*$/u),
    z.number().int(),
  ])
  .transform(String);

export const PeerMonitorSchema = z.object({
  _id: id,
  name: plain(300),
  shortName: plain(60).optional().default(''),
  color,
  deleted: z.boolean().optional(),
});

/** GET {base}/public-api/organizations/local/list: the original answers a bare array; ours too. */
export const PeerListSchema = z
  .array(z.unknown())
  .max(1_000)
  .transform((items) =>
    items.flatMap((item) => {
      const parsed = PeerMonitorSchema.safeParse(item);
      return parsed.success && !parsed.data.deleted ? [parsed.data] : [];
    }),
  );

const result = z.number().finite().nullable().optional().default(null);
/** An index is on a scale of 0 to 100: anything else is not an index we can show. */
const indexResult = z.number().min(0).max(100).nullable().optional().default(null);
const period = z.string().regex(/^[12]\d{3}-[12]\d{3}$/);

/** GET {base}/public-api/comparations/detail/?id=: one side, as the other server computes it. */
export const PeerDetailSchema = z.object({
  error: z.literal(false).optional(),
  data: z.object({
    organization: PeerMonitorSchema,
    corruptionIndex: z
      .object({
        result: indexResult,
        name: plain(300).optional(),
        description: plain(2_000).optional(),
        expression: plain(2_000).optional(),
        administrationPeriod: period.optional(),
        hash: plain(100).optional(),
      })
      .nullable()
      .optional()
      .default(null),
    calculationsInfo: z
      .array(
        z.object({
          name: plain(300),
          description: plain(2_000).optional().default(''),
          result,
          displayForm: z.enum(['NORMAL', 'AMOUNT', 'PERCENTAGE']).optional().default('NORMAL'),
          hash: plain(100).optional().default(''),
        }),
      )
      .max(500)
      .optional()
      .default([]),
    totals: z.object({
      public: z.number().finite(),
      invitation: z.number().finite(),
      noBid: z.number().finite(),
      total: z.number().finite(),
    }),
    counts: z.object({
      public: z.number().int(),
      invitation: z.number().int(),
      noBid: z.number().int(),
      total: z.number().int(),
    }),
    administrationPeriod: period.nullable().optional(),
    administrationPeriods: z.array(period).max(50).optional(),
    insufficientData: z.boolean().optional(),
    methodKey: plain(100).nullable().optional(),
  }),
});
