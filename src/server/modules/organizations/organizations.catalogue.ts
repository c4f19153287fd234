import {
  ORGANIZATION_MESSAGES,
  type OrganizationDoc,
  OrganizationDocSchema,
  OrganizationInputSchema,
} from '../../../shared/schemas/catalogues';
import type { OrganizationRow } from '../../types';
import type { CatalogueDefinition } from '../catalogues/catalogue';
import { countOtherOrganizations, organizationStore } from './organizations.repository';

/** The installation's monitors (ORGANIZATIONS); the last one cannot be deleted. */
export const organizationCatalogue: CatalogueDefinition<
  typeof OrganizationInputSchema,
  OrganizationRow,
  OrganizationDoc
> = {
  path: 'organizations',
  permission: 'ORGANIZATIONS',
  scope: 'installation',
  store: organizationStore,
  input: OrganizationInputSchema,
  doc: OrganizationDocSchema,
  values: (input) => ({
    name: input.name,
    shortName: input.shortName,
    ...(input.color ? { color: input.color } : {}),
  }),
  present: (row) => ({
    _id: row.id,
    name: row.name,
    shortName: row.shortName,
    color: row.color,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  messages: ORGANIZATION_MESSAGES,
  conflicts: { organizations_name_key: ORGANIZATION_MESSAGES.nameTaken },
  async deleteGuard(db, _scope, id) {
    return (await countOtherOrganizations(db, id)) === 0 ? ORGANIZATION_MESSAGES.lastOne : null;
  },
};
