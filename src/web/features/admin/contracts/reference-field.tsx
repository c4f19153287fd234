import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RetrieveResponse } from '../../../../shared/schemas/catalogues';
import { apiRequest } from '../../../lib/api-client';
import type { FieldProps } from '../catalogue/fields';

type Source = 'suppliers' | 'administrative-units';

/** The choices of one picker: the monitor's rows matching the typed text, plus the chosen one. */
function useChoices(source: Source, search: string, include: string | null) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (include) params.set('include', include);
  return useQuery({
    queryKey: ['admin', 'catalogue', 'contracts', 'retrieve', source, search, include],
    queryFn: ({ signal }) =>
      apiRequest<RetrieveResponse>(`/api/contracts/retrieve/${source}?${params}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * A supplier or administrative unit of the current monitor, found by typing (the server answers
 * at most 50 names at a time, so monitors with thousands of suppliers stay quick).
 */
export function ReferenceField({
  field,
  label,
  source,
  required,
  draft,
  set,
  errors,
}: FieldProps & { field: string; label: string; source: Source; required?: boolean }) {
  const value = typeof draft[field] === 'string' ? (draft[field] as string) : null;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const choices = useChoices(source, debounced, value);
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
