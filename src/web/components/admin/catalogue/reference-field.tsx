import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type ChoiceSource, useChoices } from './api';
import type { FieldProps } from './fields';

/**
 * A supplier or administrative unit of the current monitor, found by typing (the server answers
 * at most 50 names at a time, so monitors with thousands of suppliers stay quick), through the
 * catalogue's own retrieve call (`path`: contracts, calculations).
 */
export function ReferenceField({
  path,
  field,
  label,
  source,
  required,
  draft,
  set,
  errors,
}: FieldProps & { path: string; field: string; label: string; source: ChoiceSource; required?: boolean }) {
  const value = typeof draft[field] === 'string' ? (draft[field] as string) : null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const choices = useChoices(path, source, debounced, value);
  const data = (choices.data?.data.docs ?? []).map((doc) => ({
    value: doc._id,
    label: doc.rfc ? `${doc.name} (${doc.rfc})` : doc.name,
  }));
  return (
    <Select
      label={label}
      required={required}
      searchable
      clearable
      placeholder="Escribe para buscar"
      nothingFoundMessage={choices.isFetching ? 'Buscando…' : 'Sin resultados'}
      filter={({ options }) => options}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      error={errors[field]}
      onChange={(next) => set(field, next)}
    />
  );
}
