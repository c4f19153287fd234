import {
  CONTRACT_FIELD_KEYS,
  CONTRACT_FIELDS,
  type ContractField,
  type FieldSpec,
} from '../../../../shared/contracts/fields';
import { type ContractDoc, ContractFormSchema } from '../../../../shared/contracts/schema';
import type { CatalogueConfig } from '../../../components/admin/catalogue/catalogue-screen';
import type { CatalogueColumn, ColumnType } from '../../../components/admin/catalogue/columns';
import { ContractForm } from './contract-form';

/** How a field's kind shows in the grid (fields.ts). */
const COLUMN_TYPES: Partial<Record<FieldSpec['kind'], ColumnType>> = {
  date: 'date',
  money: 'currency',
  choice: 'i18n',
  boolean: 'boolean',
};

/** A column of the spec's list; sortable only where the server names the sort (decision 0021). */
const column = (
  field: ContractField,
  extra: Partial<CatalogueColumn> & { sortable?: boolean; shown?: boolean } = {},
): CatalogueColumn => {
  const spec: FieldSpec & { label: string } = CONTRACT_FIELDS[field];
  const { sortable, shown, ...rest } = extra;
  const type = COLUMN_TYPES[spec.kind];
  // A referenced row shows (and sorts) by its name.
  const path = spec.kind === 'reference' ? `${field}.name` : field;
  return {
    field: path,
    label: spec.label,
    ...(type ? { type } : {}),
    ...(spec.labels ? { labels: spec.labels } : {}),
    ...(sortable ? { sort: path } : {}),
    ...(spec.kind === 'reference' ? { maxWidth: 260 } : {}),
    visible: shown === true,
    ...rest,
  };
};

/**
 * The spec's columns. Eight show at first, in the order a reader scans a contract (the supplier
 * stays fixed at the left); the others wait under 'Columnas'.
 */
const COLUMNS: CatalogueColumn[] = [
  column('supplier', { sortable: true, shown: true }),
  column('contractNumber', { sortable: true, shown: true, inline: true, type: 'highlight' }),
  column('contractDate', { sortable: true, shown: true }),
  column('totalOrMaxAmount', { sortable: true, shown: true }),
  column('procedureType', { sortable: true, shown: true }),
  column('procedureState', { sortable: true, shown: true }),
  column('administrationPeriod', { sortable: true, shown: true, inline: true }),
  column('servicesDescription', { shown: true, inline: true, maxWidth: 320 }),
  column('category'),
  column('fiscalYear', { sortable: true, inline: true }),
  column('period', { inline: true }),
  column('contractId', { inline: true, type: 'highlight' }),
  column('partida', { inline: true }),
  column('announcementUrl'),
  column('announcementDate'),
  column('clarificationMeetingDate'),
  column('clarificationMeetingJudgmentUrl'),
  column('presentationProposalsDocUrl'),
  column('organizerAdministrativeUnit', { sortable: true }),
  column('applicantAdministrativeUnit', { sortable: true }),
  column('administrativeUnitType'),
  column('contractType'),
  column('totalAmount'),
  column('minAmount'),
  column('maxAmount'),
  column('contractUrl'),
  column('areaInCharge', { inline: true }),
  column('updateDate'),
  column('isEmpty'),
  { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt', visible: false },
];

/** A new contract's draft: texts empty, choices and amounts unset, switches off (derived values left out). */
const EMPTY = Object.fromEntries(
  CONTRACT_FIELD_KEYS.filter((key) => !(CONTRACT_FIELDS[key] as FieldSpec).form?.derived).map((key) => {
    const { kind } = CONTRACT_FIELDS[key] as FieldSpec;
    return [key, kind === 'text' || kind === 'url' ? '' : kind === 'boolean' ? false : null];
  }),
);

/** A listed contract as the form's draft (references by id). */
function toDraft(doc: ContractDoc): Record<string, unknown> {
  const {
    _id,
    createdAt,
    updatedAt,
    supplier,
    organizerAdministrativeUnit,
    applicantAdministrativeUnit,
    // Derived from the amounts and the type: a stale copy would contradict an edit of either.
    totalOrMaxAmount: _derived,
    ...rest
  } = doc;
  return {
    ...rest,
    supplier: supplier?._id ?? null,
    organizerAdministrativeUnit: organizerAdministrativeUnit?._id ?? null,
    applicantAdministrativeUnit: applicantAdministrativeUnit?._id ?? null,
  };
}

/** The contracts catalogue ('Carga Manual'): columns, form and rules derived from the contract fields. */
export const CONTRACTS_CATALOGUE: CatalogueConfig<ContractDoc> = {
  path: 'contracts',
  plural: 'Contratos',
  newLabel: 'Nuevo contrato',
  testId: 'contracts-catalogue',
  columns: COLUMNS,
  modalSize: 'xl',
  schema: ContractFormSchema,
  empty: EMPTY,
  toDraft,
  rowLabel: (doc) => doc.contractNumber ?? doc.contractId ?? 'contrato sin número',
  form: (props) => <ContractForm {...props} />,
};
