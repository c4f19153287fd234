import { Divider, SimpleGrid, Switch, Text } from '@mantine/core';
import {
  ADMINISTRATIVE_UNIT_TYPE_LABELS,
  CONTRACT_CATEGORY_LABELS,
  CONTRACT_TYPE_LABELS,
  PROCEDURE_STATE_LABELS,
  PROCEDURE_TYPE_LABELS,
} from '../../../../shared/constants/enums';
import { CONTRACT_EXAMPLES, CONTRACT_LABELS as L } from '../../../../shared/contracts/schema';
import { formatMoney } from '../../../../shared/format/money';
import {
  ChoiceField,
  DateField,
  type FieldProps,
  MoneyField,
  NotesField,
  TextField,
} from '../../../components/admin/catalogue/fields';
import { ReferenceField } from '../../../components/admin/catalogue/reference-field';
import { useStoredOrganization } from '../../../lib/current-organization';
import { ContractBackups } from './contract-backups';

/** The large contract form (spec: contracts catalogue modal). */
export function ContractForm(props: FieldProps) {
  const { draft, set } = props;
  const organizationId = useStoredOrganization()?.id;
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
          required={required}
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
          path="contracts"
          {...props}
          field="organizerAdministrativeUnit"
          label={L.organizerAdministrativeUnit}
          source="administrative-units"
          required
        />
        <ReferenceField
          path="contracts"
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
        <ReferenceField path="contracts" {...props} field="supplier" label={L.supplier} source="suppliers" />
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
      {props.entryId && organizationId ? (
        <ContractBackups organizationId={organizationId} contractId={props.entryId} />
      ) : null}
    </>
  );
}
