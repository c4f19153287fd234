import type { AppDeps } from '../../types';
import {
  findAdministrativeUnitChoices,
  findSupplierChoices,
  type PickerRequest,
} from './contract-pickers.repository';

/** The monitor's suppliers the contract form may choose (name or RFC). */
export function supplierChoices(deps: Pick<AppDeps, 'database'>, request: PickerRequest) {
  return findSupplierChoices(deps.database.db, request);
}

/** The monitor's administrative units the contract form may choose. */
export function administrativeUnitChoices(deps: Pick<AppDeps, 'database'>, request: PickerRequest) {
  return findAdministrativeUnitChoices(deps.database.db, request);
}
