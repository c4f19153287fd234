import { Divider, SimpleGrid, Switch, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  ADMINISTRATIVE_UNIT_TYPE_LABELS,
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_TYPE_LABELS,
  PROCEDURE_STATE_LABELS,
  PROCEDURE_TYPE_LABELS,
} from '../../../shared/constants/enums';
import { formatMoney } from '../../../shared/format/money';
import {
  CONTRACT_EXAMPLES,
  type ContractDoc,
  ContractInputSchema,
  CONTRACT_LABELS as L,
} from '../../../shared/schemas/catalogues';
import { type CatalogueConfig, CatalogueScreen } from '../../features/admin/catalogue/catalogue-screen';
import type { CatalogueColumn } from '../../features/admin/catalogue/columns';
import {
  ChoiceField,
  DateField,
  type FieldProps,
  MoneyField,
  NotesField,
  TextField,
} from '../../features/admin/catalogue/fields';
import { ReferenceField } from '../../features/admin/contracts/reference-field';

/** A column of the spec's list; sortable only where the server names the sort (decision 0021). */
const column = (
  field: keyof typeof L,
  extra: Partial<CatalogueColumn> & { sortable?: boolean; shown?: boolean } = {},
): CatalogueColumn => {
  const { sortable, shown, ...rest } = extra;
  return {
    field,
    label: L[field],
    ...(sortable ? { sort: field } : {}),
    visible: shown === true,
    ...rest,
  };
};
const named = (
  field: 'supplier' | 'organizerAdministrativeUnit' | 'applicantAdministrativeUnit',
  shown = false,
) =>
  ({
    field: `${field}.name`,
    label: L[field],
    sort: `${field}.name`,
    maxWidth: 260,
    visible: shown,
  }) satisfies CatalogueColumn;

/**
 * The spec's columns. Eight show at first, in the order a reader scans a contract (the supplier
 * stays fixed at the left); the others wait under 'Columnas'.
 */
const COLUMNS: CatalogueColumn[] = [
  named('supplier', true),
  column('contractNumber', { sortable: true, shown: true, inline: true, type: 'highlight' }),
  column('contractDate', { sortable: true, shown: true, type: 'date' }),
  column('totalOrMaxAmount', { sortable: true, shown: true, type: 'currency' }),
  column('procedureType', { sortable: true, shown: true, type: 'i18n', labels: PROCEDURE_TYPE_LABELS }),
  column('procedureState', { sortable: true, shown: true, type: 'i18n', labels: PROCEDURE_STATE_LABELS }),
  column('administrationPeriod', { sortable: true, shown: true, inline: true }),
  column('servicesDescription', { shown: true, inline: true, maxWidth: 320 }),
  column('category', { type: 'i18n', labels: CONTRACT_CATEGORY_LABELS }),
  column('fiscalYear', { sortable: true, inline: true }),
  column('period', { inline: true }),
  column('contractId', { inline: true, type: 'highlight' }),
  column('partida', { inline: true }),
  column('announcementUrl'),
  column('announcementDate', { type: 'date' }),
  column('clarificationMeetingDate', { type: 'date' }),
  column('clarificationMeetingJudgmentUrl'),
  column('presentationProposalsDocUrl'),
  named('organizerAdministrativeUnit'),
  named('applicantAdministrativeUnit'),
  column('administrativeUnitType', { type: 'i18n', labels: ADMINISTRATIVE_UNIT_TYPE_LABELS }),
  column('contractType', { type: 'i18n', labels: CONTRACT_TYPE_LABELS }),
  column('totalAmount', { type: 'currency' }),
  column('minAmount', { type: 'currency' }),
  column('maxAmount', { type: 'currency' }),
  column('contractUrl'),
  column('areaInCharge', { inline: true }),
  column('updateDate', { type: 'date' }),
  column('isEmpty', { type: 'boolean' }),
  { field: 'createdAt', label: 'Fecha de creación', type: 'date', sort: 'createdAt', visible: false },
];

const EMPTY = {
  supplier: null,
  procedureType: null,
  category: null,
  administrationPeriod: '',
  fiscalYear: '',
  period: '',
  contractId: '',
  partida: '',
  procedureState: null,
  announcementUrl: '',
  announcementDate: null,
  servicesDescription: '',
  clarificationMeetingDate: null,
  clarificationMeetingJudgmentUrl: '',
  presentationProposalsDocUrl: '',
  organizerAdministrativeUnit: null,
  applicantAdministrativeUnit: null,
  administrativeUnitType: null,
  contractNumber: '',
  contractDate: null,
  contractType: null,
  totalAmount: null,
  minAmount: null,
  maxAmount: null,
  contractUrl: '',
  areaInCharge: '',
  updateDate: null,
  notes: '',
  karewaNotes: '',
  informationDate: null,
  limitExceeded: false,
  amountExceeded: null,
  isEmpty: false,
};

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

/** The large contract form (spec: contracts catalogue modal). */
function ContractForm(props: FieldProps) {
  const { draft, set } = props;
  const required = !draft.isEmpty;
  const open = draft.contractType === 'OPEN';
  const typed = open ? draft.maxAmount : draft.totalAmount;
  const derived = typed === null || typed === undefined || typed === '' ? null : Number(typed);
  return (
    <>
      <Switch
        label={L.isEmpty}
        description="Marca esta opción si en el periodo no se realizaron procedimientos: solo se piden los datos generales."
        checked={Boolean(draft.isEmpty)}
        onChange={(event) => set('isEmpty', event.currentTarget.checked)}
      />
      <Divider label="Procedimiento" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ChoiceField
          {...props}
          field="procedureType"
          label={L.procedureType}
          labels={PROCEDURE_TYPE_LABELS}
          required
        />
        <ChoiceField
          {...props}
          field="category"
          label={L.category}
          labels={CONTRACT_CATEGORY_LABELS}
          required
        />
        <TextField
          {...props}
          field="administrationPeriod"
          label={L.administrationPeriod}
          placeholder={CONTRACT_EXAMPLES.administrationPeriod}
          required
        />
        <TextField
          {...props}
          field="fiscalYear"
          label={L.fiscalYear}
          placeholder={CONTRACT_EXAMPLES.fiscalYear}
          required
        />
        <TextField
          {...props}
          field="period"
          label={L.period}
          placeholder={CONTRACT_EXAMPLES.period}
          required
        />
        <TextField
          {...props}
          field="contractId"
          label={L.contractId}
          placeholder={CONTRACT_EXAMPLES.contractId}
        />
        <TextField {...props} field="partida" label={L.partida} />
        <ChoiceField
          {...props}
          field="procedureState"
          label={L.procedureState}
          labels={PROCEDURE_STATE_LABELS}
        />
        <TextField {...props} field="announcementUrl" label={L.announcementUrl} placeholder="https://" />
        <DateField {...props} field="announcementDate" label={L.announcementDate} />
        <DateField {...props} field="clarificationMeetingDate" label={L.clarificationMeetingDate} />
        <TextField
          {...props}
          field="clarificationMeetingJudgmentUrl"
          label={L.clarificationMeetingJudgmentUrl}
          placeholder="https://"
        />
        <TextField
          {...props}
          field="presentationProposalsDocUrl"
          label={L.presentationProposalsDocUrl}
          placeholder="https://"
        />
      </SimpleGrid>
      <TextField {...props} field="servicesDescription" label={L.servicesDescription} required={required} />
      <Divider label="Unidades y proveedor" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ReferenceField
          {...props}
          field="organizerAdministrativeUnit"
          label={L.organizerAdministrativeUnit}
          source="administrative-units"
          required
        />
        <ReferenceField
          {...props}
          field="applicantAdministrativeUnit"
          label={L.applicantAdministrativeUnit}
          source="administrative-units"
          required
        />
        <ChoiceField
          {...props}
          field="administrativeUnitType"
          label={L.administrativeUnitType}
          labels={ADMINISTRATIVE_UNIT_TYPE_LABELS}
          required={required}
        />
        <TextField {...props} field="areaInCharge" label={L.areaInCharge} required />
        <ReferenceField {...props} field="supplier" label={L.supplier} source="suppliers" />
      </SimpleGrid>
      <Divider label="Contrato" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField {...props} field="contractNumber" label={L.contractNumber} required={required} />
        <DateField {...props} field="contractDate" label={L.contractDate} required={required} />
        <ChoiceField
          {...props}
          field="contractType"
          label={L.contractType}
          labels={CONTRACT_TYPE_LABELS}
          required={required}
        />
        <MoneyField {...props} field="totalAmount" label={L.totalAmount} required={required && !open} />
        <MoneyField {...props} field="minAmount" label={L.minAmount} required={required && open} />
        <MoneyField {...props} field="maxAmount" label={L.maxAmount} required={required && open} />
        <div>
          <Text fz="sm" fw={500}>
            {L.totalOrMaxAmount}
          </Text>
          <Text fz="sm" c="dimmed" data-testid="total-or-max">
            {derived !== null && Number.isFinite(derived) ? formatMoney(derived) : '—'} ·{' '}
            {open ? 'el monto máximo (contrato abierto)' : 'el monto total (contrato normal)'}
          </Text>
        </div>
        <TextField {...props} field="contractUrl" label={L.contractUrl} placeholder="https://" />
        <DateField {...props} field="updateDate" label={L.updateDate} />
        <DateField {...props} field="informationDate" label={L.informationDate} />
      </SimpleGrid>
      {draft.procedureType === 'NO_BID' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Switch
            mt="lg"
            label={L.limitExceeded}
            checked={Boolean(draft.limitExceeded)}
            onChange={(event) => set('limitExceeded', event.currentTarget.checked)}
          />
          <MoneyField {...props} field="amountExceeded" label={L.amountExceeded} />
        </SimpleGrid>
      ) : null}
      <NotesField {...props} />
      <TextField {...props} field="karewaNotes" label={L.karewaNotes} />
    </>
  );
}

const CONTRACTS: CatalogueConfig<ContractDoc> = {
  path: 'contracts',
  plural: 'Contratos',
  newLabel: 'Nuevo contrato',
  testId: 'contracts-catalogue',
  columns: COLUMNS,
  modalSize: 'xl',
  schema: ContractInputSchema,
  empty: EMPTY,
  toDraft,
  rowLabel: (doc) => doc.contractNumber ?? doc.contractId ?? 'contrato sin número',
  form: (props) => <ContractForm {...props} />,
};

/** /admin/contracts (CONTRACTS): contracts entered or corrected by hand ('Carga Manual'). */
export function ContractsCataloguePage() {
  useDocumentTitle('Contratos · Administración · Vigía');
  return <CatalogueScreen config={CONTRACTS} />;
}
