import { getTableColumns } from 'drizzle-orm';
import { CONTRACT_FIELD_KEYS, CONTRACT_FIELDS } from '../../shared/contracts/fields';
import { contracts } from '../db/schema';
import type { BulkColumn } from './bulk';
import type { ContractRow, SupplierRow, UnitRow } from './rows';

export const UNIT_COLUMNS: readonly BulkColumn<UnitRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'organization_id', type: 'uuid', value: (r) => r.organizationId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.createdAt },
];

export const SUPPLIER_COLUMNS: readonly BulkColumn<SupplierRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'organization_id', type: 'uuid', value: (r) => r.organizationId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'rfc', type: 'text', value: (r) => r.rfc },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.createdAt },
];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const contractColumns = getTableColumns(contracts);

/** Every field of a contract (shared/contracts/fields.ts) in its column, with the column's type. */
export const CONTRACT_COLUMNS: readonly BulkColumn<ContractRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.id },
  { name: 'organization_id', type: 'uuid', value: (r) => r.organizationId },
  ...CONTRACT_FIELD_KEYS.map((key): BulkColumn<ContractRow> => {
    const column = CONTRACT_FIELDS[key].column;
    return { name: snakeCase(column), type: contractColumns[column].getSQLType(), value: (r) => r[column] };
  }),
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.updatedAt },
];
