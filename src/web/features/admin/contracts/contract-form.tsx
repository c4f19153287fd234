import { Divider, SimpleGrid, Switch, Text } from '@mantine/core';
import { Fragment } from 'react';
import {
  CONTRACT_FIELDS,
  type ContractField,
  type FieldSpec,
  type ReferenceField as ReferenceKey,
} from '../../../../shared/contracts/fields';
import { formatMoney } from '../../../../shared/format/money';
import type { ChoiceSource } from '../../../components/admin/catalogue/api';
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
import { ContractRelationsEditor } from './contract-relations-editor';

type Draft = FieldProps['draft'];

/**
 * A field of the form by its key in the field table (shared/contracts/fields.ts: label, kind,
 * choices, example, requirement), with what only this form says: a switch's description, and
 * when an amount is required (by the contract type, as withContractRules asks).
 */
type Entry =
  | ContractField
  | { field: ContractField; description?: string; requiredWhen?: (draft: Draft) => boolean };

interface Section {
  /** The divider above the section; none for the switch at the top and the notes at the bottom. */
  title?: string;
  /** Shown only for some contracts (a direct award's limit). */
  when?: (draft: Draft) => boolean;
  /** Two columns from small screens up. */
  grid?: readonly Entry[];
  /** Full width, after the grid. */
  wide?: readonly Entry[];
}

const open = (draft: Draft) => draft.contractType === 'OPEN';

/** The form (spec: contracts catalogue modal), section by section, in the order it shows. */
const SECTIONS: readonly Section[] = [
  {
    wide: [
      {
        field: 'isEmpty',
        description:
          'Marca esta opción si en el periodo no se realizaron procedimientos: solo se piden los datos generales.',
      },
    ],
  },
  {
    title: 'Procedimiento',
    grid: [
      'procedureType',
      'category',
      'administrationPeriod',
      'fiscalYear',
      'period',
      'contractId',
      'partida',
      'procedureState',
      'announcementUrl',
      'announcementDate',
      'clarificationMeetingDate',
      'clarificationMeetingJudgmentUrl',
      'presentationProposalsDocUrl',
    ],
    wide: ['servicesDescription'],
  },
  {
    title: 'Unidades y proveedor',
    grid: [
      'organizerAdministrativeUnit',
      'applicantAdministrativeUnit',
      'administrativeUnitType',
      'areaInCharge',
      'executingArea',
      'supplier',
    ],
  },
  {
    title: 'Contrato',
    grid: [
      'contractNumber',
      'contractDate',
      'contractType',
      { field: 'totalAmount', requiredWhen: (draft) => !open(draft) },
      { field: 'minAmount', requiredWhen: open },
      { field: 'maxAmount', requiredWhen: open },
      'totalOrMaxAmount',
      'contractUrl',
      'updateDate',
      'informationDate',
    ],
  },
  { when: (draft) => draft.procedureType === 'NO_BID', grid: ['limitExceeded', 'amountExceeded'] },
  { wide: ['notes', 'karewaNotes'] },
];

/** Where a reference field's picker looks. */
const PICKERS: Record<ReferenceKey, ChoiceSource> = {
  supplier: 'suppliers',
  organizerAdministrativeUnit: 'administrative-units',
  applicantAdministrativeUnit: 'administrative-units',
};

/** Always, by the field table; unless the period had no procedures; an amount by the contract type. */
function isRequired(spec: FieldSpec, entry: Exclude<Entry, ContractField>, draft: Draft): boolean {
  if (spec.required === 'always') return true;
  if (draft.isEmpty) return false;
  return spec.required === 'unlessEmpty' || Boolean(entry.requiredWhen?.(draft));
}

/** The large contract form (spec: contracts catalogue modal), built from SECTIONS over the field table. */
export function ContractForm(props: FieldProps) {
  const organizationId = useStoredOrganization()?.id;
  const fields = (entries: readonly Entry[], grid: boolean) =>
    entries.map((entry) => {
      const item = typeof entry === 'string' ? { field: entry } : entry;
      return <ContractInput key={item.field} {...props} entry={item} grid={grid} />;
    });
  return (
    <>
      {SECTIONS.map((section, position) =>
        section.when && !section.when(props.draft) ? null : (
          <Fragment key={section.title ?? position}>
            {section.title ? <Divider label={section.title} labelPosition="left" /> : null}
            {section.grid ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {fields(section.grid, true)}
              </SimpleGrid>
            ) : null}
            {section.wide ? fields(section.wide, false) : null}
          </Fragment>
        ),
      )}
      {organizationId ? <ContractRelationsEditor {...props} organizationId={organizationId} /> : null}
      {props.entryId && organizationId ? (
        <ContractBackups organizationId={organizationId} contractId={props.entryId} />
      ) : null}
    </>
  );
}

/** One field, shown as its kind in the field table says. */
function ContractInput({
  entry,
  grid,
  ...props
}: FieldProps & { entry: Exclude<Entry, ContractField>; grid: boolean }) {
  const { field } = entry;
  const { draft, set } = props;
  const spec: FieldSpec & { label: string } = CONTRACT_FIELDS[field];
  const bound = { ...props, field, label: spec.label, required: isRequired(spec, entry, draft) };
  // The notes every catalogue has: a text area.
  if (field === 'notes') return <NotesField {...props} />;
  switch (spec.kind) {
    case 'choice':
      return <ChoiceField {...bound} labels={spec.labels ?? {}} />;
    case 'date':
      return <DateField {...bound} />;
    case 'money':
      return spec.form?.derived ? (
        <DerivedAmount draft={draft} label={spec.label} />
      ) : (
        <MoneyField {...bound} />
      );
    case 'reference':
      return <ReferenceField path="contracts" {...bound} source={PICKERS[field as ReferenceKey]} />;
    case 'boolean':
      return (
        <Switch
          // Beside the inputs of the grid, level with their boxes below the labels.
          mt={grid ? 'lg' : undefined}
          label={spec.label}
          description={entry.description}
          checked={Boolean(draft[field])}
          onChange={(event) => set(field, event.currentTarget.checked)}
        />
      );
    default:
      return <TextField {...bound} placeholder={spec.kind === 'url' ? 'https://' : spec.example} />;
  }
}

/** The total or maximum, which the form derives: the maximum of an open contract, else its total. */
function DerivedAmount({ draft, label }: { draft: Draft; label: string }) {
  const typed = open(draft) ? draft.maxAmount : draft.totalAmount;
  const derived = typed === null || typed === undefined || typed === '' ? null : Number(typed);
  return (
    <div>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Text fz="sm" c="dimmed" data-testid="total-or-max">
        {derived !== null && Number.isFinite(derived) ? formatMoney(derived) : '—'} ·{' '}
        {open(draft) ? 'el monto máximo (contrato abierto)' : 'el monto total (contrato normal)'}
      </Text>
    </div>
  );
}
