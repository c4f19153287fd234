import { z } from 'zod';
import { RESOURCE_CLASSIFICATIONS } from '../constants/enums';
import { SearchTextSchema, successEnvelope } from './common';

export const PublicResourceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  classification: z.enum(RESOURCE_CLASSIFICATIONS),
  image: z.string().nullable().describe('Image id (articles), served at /public-api/files/image/{id}'),
  createdAt: z.string(),
});
export type PublicResource = z.infer<typeof PublicResourceSchema>;

export const ResourcesQuerySchema = z.object({ search: SearchTextSchema.optional() });

/** The monitor's resources grouped as the original answered them (spec: public area, /resources). */
export const ResourceGroupsSchema = z.object({
  article: z.array(PublicResourceSchema),
  notes: z.array(PublicResourceSchema),
  legalFramework: z.array(PublicResourceSchema),
  website: z.array(PublicResourceSchema),
});
export type ResourceGroups = z.infer<typeof ResourceGroupsSchema>;
export const ResourcesResponseSchema = successEnvelope(ResourceGroupsSchema);
export type ResourcesResponse = z.infer<typeof ResourcesResponseSchema>;

/** Classification → group key of the response. */
export const RESOURCE_GROUP_KEYS = {
  ARTICLE: 'article',
  NOTES: 'notes',
  LEGAL_FRAMEWORK: 'legalFramework',
  WEBSITE: 'website',
} as const;
