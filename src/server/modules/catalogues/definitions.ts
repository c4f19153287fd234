import { calculationCatalogue } from '../calculations/calculations.catalogue';
import { contractCatalogue } from '../contracts/contracts.catalogue';
import { organizationCatalogue } from '../organizations/organizations.catalogue';
import { resourceCatalogue } from '../resources/resources.catalogue';
import { supplierCatalogue } from '../suppliers/suppliers.catalogue';
import type { AnyCatalogue } from './catalogue';
import { unitCatalogue } from './units.catalogue';

/**
 * Every catalogue served by the shared routes (the app registers them; the access table lists
 * them). Each definition lives with its resource, over that resource's repository. The users
 * catalogue runs on the same engine behind its own routes (modules/users).
 */
export const CATALOGUES: readonly AnyCatalogue[] = [
  supplierCatalogue,
  unitCatalogue,
  organizationCatalogue,
  resourceCatalogue,
  contractCatalogue,
  calculationCatalogue,
];
