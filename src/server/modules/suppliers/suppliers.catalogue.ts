import {
  SUPPLIER_MESSAGES,
  type SupplierDoc,
  SupplierDocSchema,
  SupplierInputSchema,
} from '../../../shared/schemas/catalogues';
import { type CatalogueDefinition, contractsInUse } from '../catalogues/catalogue';
import { refreshFlagsLater } from '../red-flags/red-flags.service';
import { countContractsOfSupplier, type SupplierRow, supplierStore } from './suppliers-catalogue.repository';

/** Suppliers kept by hand (SUPPLIERS); one that contracts still name cannot be deleted. */
export const supplierCatalogue: CatalogueDefinition<typeof SupplierInputSchema, SupplierRow, SupplierDoc> = {
  path: 'suppliers',
  permission: 'SUPPLIERS',
  scope: 'organization',
  store: supplierStore,
  input: SupplierInputSchema,
  doc: SupplierDocSchema,
  values: (input) => ({ name: input.name, rfc: input.rfc, notes: input.notes }),
  // A new name or RFC changes the flags of the supplier's contracts that a contract write does not
  // recompute (a malformed RFC, the SAT's and the sanctions' lists, an RFC published under other
  // names): the monitor's flags are recomputed whole once the edit commits (decision 0052).
  async updated(deps, tx, scope, before, after) {
    if (scope.organization && (before.name !== after.name || before.rfc !== after.rfc))
      await refreshFlagsLater(deps, scope.organization.id, tx, 'whole');
  },
  present: (row) => ({
    _id: row.id,
    name: row.name,
    rfc: row.rfc,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  messages: SUPPLIER_MESSAGES,
  conflicts: {
    suppliers_name_key: SUPPLIER_MESSAGES.nameTaken,
    suppliers_rfc_key: SUPPLIER_MESSAGES.rfcTaken,
  },
  async deleteGuard(db, _scope, id) {
    const total = await countContractsOfSupplier(db, id);
    return total > 0 ? contractsInUse('el proveedor', total) : null;
  },
};
