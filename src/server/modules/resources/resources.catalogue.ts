import {
  RESOURCE_MESSAGES,
  type ResourceDoc,
  ResourceDocSchema,
  ResourceInputSchema,
} from '../../../shared/schemas/catalogues';
import type { CatalogueDefinition } from '../catalogues/catalogue';
import { type ResourceRow, resourceStore } from './resources.repository';

/** Links and documents shown on the public resources page (RESOURCES); the image has its own route. */
export const resourceCatalogue: CatalogueDefinition<typeof ResourceInputSchema, ResourceRow, ResourceDoc> = {
  path: 'resources',
  permission: 'RESOURCES',
  scope: 'organization',
  store: resourceStore,
  input: ResourceInputSchema,
  doc: ResourceDocSchema,
  values: (input) => ({ title: input.title, url: input.url, classification: input.classification }),
  present: (row) => ({
    _id: row.id,
    title: row.title,
    url: row.url,
    classification: row.classification,
    image: row.imageFileId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  messages: RESOURCE_MESSAGES,
  conflicts: { resources_title_key: RESOURCE_MESSAGES.titleTaken },
};
