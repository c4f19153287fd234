import { Textarea, TextInput } from '@mantine/core';

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
