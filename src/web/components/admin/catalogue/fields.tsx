import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import 'dayjs/locale/es';
import '@mantine/dates/styles.css';

/** What a catalogue modal's field receives from the screen. */
export interface FieldProps {
  draft: Record<string, unknown>;
  set: (field: string, value: unknown) => void;
  errors: Record<string, string>;
  /** The id of the entry being edited; absent for a new one. */
  entryId?: string;
}

/** One field of a draft: its key, label and whether it is required. */
type Field = FieldProps & { field: string; label: string; required?: boolean };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const chosen = (value: unknown) => (typeof value === 'string' ? value : null);

/** What every field shows the same way: label, required mark and its error (which may hold '\nEjemplo: …'). */
const bound = ({ field, label, required, errors }: Field) => ({
  label,
  required,
  error: errors[field],
  styles: { error: { whiteSpace: 'pre-line' as const } },
});

/** A text field bound to one key of the draft, with its error (formats show their example). */
export function TextField(props: Field & { description?: string; type?: string; placeholder?: string }) {
  const { field, description, type, placeholder, draft, set } = props;
  return (
    <TextInput
      {...bound(props)}
      description={description}
      type={type}
      placeholder={placeholder}
      value={text(draft[field])}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );
}

/** The free-text notes most catalogues have. */
export function NotesField({ draft, set, errors }: FieldProps) {
  return (
    <Textarea
      label="Notas"
      autosize
      minRows={2}
      value={text(draft.notes)}
      error={errors.notes}
      onChange={(event) => set('notes', event.currentTarget.value)}
    />
  );
}

/**
 * A choice among coded values, shown with their Spanish labels. A required one cannot be emptied:
 * clicking the chosen option again keeps it (Mantine's default would clear it).
 */
export function ChoiceField(props: Field & { labels: Record<string, string> }) {
  const { field, labels, required, draft, set } = props;
  return (
    <Select
      {...bound(props)}
      clearable={!required}
      allowDeselect={!required}
      data={Object.entries(labels).map(([value, label]) => ({ value, label }))}
      value={chosen(draft[field])}
      onChange={(value) => set(field, value)}
    />
  );
}

/** A date in dd/mm/yyyy, Spanish, weeks starting on Sunday; kept as YYYY-MM-DD. */
export function DateField(props: Field) {
  const { field, draft, set } = props;
  return (
    <DatePickerInput
      {...bound(props)}
      clearable
      locale="es"
      firstDayOfWeek={0}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      value={chosen(draft[field])}
      onChange={(value) => set(field, value)}
    />
  );
}

/** An amount in pesos, two decimals. */
export function MoneyField(props: Field) {
  const { field, draft, set } = props;
  const value = draft[field];
  return (
    <NumberInput
      {...bound(props)}
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      min={0}
      allowNegative={false}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      // Kept as typed ('150000.50' stays a string while typing); the shared schema reads it.
      onChange={(next) => set(field, next === '' ? null : next)}
    />
  );
}
