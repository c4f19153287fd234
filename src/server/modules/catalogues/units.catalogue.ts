import {
  UNIT_MESSAGES,
  type UnitDoc,
  UnitDocSchema,
  UnitInputSchema,
} from '../../../shared/schemas/catalogues';
import { type CatalogueDefinition, contractsInUse } from './catalogue';
import { countContractsOfUnit, type UnitRow, unitStore } from './units.repository';

/** Administrative units kept by hand (ADMINISTRATIVE_UNITS); one that contracts name cannot be deleted. */
export const unitCatalogue: CatalogueDefinition<typeof UnitInputSchema, UnitRow, UnitDoc> = {
  path: 'administrative-units',
  permission: 'ADMINISTRATIVE_UNITS',
  scope: 'organization',
  store: unitStore,
  input: UnitInputSchema,
  doc: UnitDocSchema,
  values: (input) => ({ name: input.name, notes: input.notes }),
  present: (row) => ({
    _id: row.id,
    name: row.name,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  messages: UNIT_MESSAGES,
  conflicts: { administrative_units_name_key: UNIT_MESSAGES.nameTaken },
  async deleteGuard(db, _scope, id) {
    const total = await countContractsOfUnit(db, id);
    return total > 0 ? contractsInUse('la unidad administrativa', total) : null;
  },
};
