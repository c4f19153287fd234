import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { THEME_NAMES } from '../constants/themes';
import { PaginationSchema, SearchTextSchema, successEnvelope } from './common';

const FORMATTED = 'Formatted text, sanitised: only b, strong, i, em, u, br and p, without attributes';

/**
 * What any visitor may know about a monitor. Contact addresses, users and other private
 * settings are never part of it.
 */
export const PublicOrganizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  shortName: z.string(),
  color: z.string(),
  theme: z.enum(THEME_NAMES),
  cover: z.string().nullable().describe('File id of the cover image, served at /public-api/files/image/{id}'),
  title: z.string().nullable().describe(FORMATTED),
  description: z.string().nullable().describe(FORMATTED),
  welcomeTitle: z.string().nullable().describe(FORMATTED),
  showBackgroundText: z.boolean(),
  round: z
    .boolean()
    .describe('When true, shares (percentages) show without decimals; amounts always keep their cents'),
  address: z.string().nullable(),
  schedule: z.string().nullable(),
  additionalInformation: z.string().nullable(),
  defaultAdministrationPeriod: z.string().nullable(),
  dataSource: z.string().nullable(),
  isDemo: z.boolean().describe('The monitor holds demonstration data, not real contracts'),
  baseRemoteUrl: z.string().nullable().describe('Public address of this installation, for other monitors'),
  updatedAt: z.string(),
});
export type PublicOrganization = z.infer<typeof PublicOrganizationSchema>;

export const OrganizationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.organizationsMaxPageSize, `El límite máximo es ${LIMITS.organizationsMaxPageSize}.`)
    .default(LIMITS.organizationsPageSize),
  search: SearchTextSchema.optional(),
});
export type OrganizationListQuery = z.infer<typeof OrganizationListQuerySchema>;

export const OrganizationListResponseSchema = successEnvelope(
  PaginationSchema.extend({ docs: z.array(PublicOrganizationSchema) }),
);
export type OrganizationListResponse = z.infer<typeof OrganizationListResponseSchema>;
