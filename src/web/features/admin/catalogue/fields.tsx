import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import 'dayjs/locale/es';
import '@mantine/dates/styles.css';

/** What a catalogue modal's field receives from the screen. */
export interface FieldProps {
  draft: Record<string, unknown>;
  set: (field: string, value: unknown) => void;
  errors: Record<string, string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A text field bound to one key of the draft, with its error. */
export function TextField({
  field,
  label,
  required,
  description,
  type,
  draft,
  set,
  errors,
}: FieldProps & { field: string; label: string; required?: boolean; description?: string; type?: string }) {
  return (
    <TextInput
      label={label}
      description={description}
      required={required}
      type={type}
      value={text(draft[field])}
      error={errors[field]}
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

/** Error texts may hold a line break ('…formato correcto.\nEjemplo: …'). */
const multilineError = { error: { whiteSpace: 'pre-line' as const } };

/** A choice among coded values, shown with their Spanish labels. */
export function ChoiceField({
  field,
  label,
  labels,
  required,
  draft,
  set,
  errors,
}: FieldProps & { field: string; label: string; labels: Record<string, string>; required?: boolean }) {
  return (
    <Select
      label={label}
      required={required}
      clearable={!required}
      data={Object.entries(labels).map(([value, text]) => ({ value, label: text }))}
      value={typeof draft[field] === 'string' ? (draft[field] as string) : null}
      error={errors[field]}
      styles={multilineError}
      onChange={(value) => set(field, value)}
    />
  );
}

/** A date in dd/mm/yyyy, Spanish, weeks starting on Sunday; kept as YYYY-MM-DD. */
export function DateField({
  field,
  label,
  required,
  draft,
  set,
  errors,
}: FieldProps & { field: string; label: string; required?: boolean }) {
  return (
    <DatePickerInput
      label={label}
      required={required}
      clearable
      locale="es"
      firstDayOfWeek={0}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      value={typeof draft[field] === 'string' ? (draft[field] as string) : null}
      error={errors[field]}
      styles={multilineError}
      onChange={(value) => set(field, value)}
    />
  );
}

/** An amount in pesos, two decimals. */
export function MoneyField({
  field,
  label,
  required,
  draft,
  set,
  errors,
}: FieldProps & { field: string; label: string; required?: boolean }) {
  const value = draft[field];
  return (
    <NumberInput
      label={label}
      required={required}
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      min={0}
      allowNegative={false}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      error={errors[field]}
      styles={multilineError}
      // Kept as typed ('150000.50' stays a string while typing); the shared schema reads it.
      onChange={(next) => set(field, next === '' ? null : next)}
    />
  );
}

/** A formatted text (periods, links) whose error may carry an example on a second line. */
export function FormattedField(
  props: FieldProps & { field: string; label: string; required?: boolean; placeholder?: string },
) {
  const { field, label, required, placeholder, draft, set, errors } = props;
  return (
    <TextInput
      label={label}
      required={required}
      placeholder={placeholder}
      value={text(draft[field])}
      error={errors[field]}
      styles={multilineError}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );
}
