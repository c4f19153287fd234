import { Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROCEDURE_TYPE_LABELS, type ProcedureType } from '../../../../shared/constants/enums';
import { emptyFilters, FILTER_KEYS, type FilterKey } from '../../../../shared/filters-url';
import { CONDITION_LABELS } from '../../../../shared/format/filter-conditions';
import type { PublicFilters } from '../../../../shared/schemas/filters';
import { RemovableTag } from '../../../components/removable-tag';
import { msg } from '../../../i18n/msg';
import { type OptionKind, optionsQuery, useOptions } from '../api/options';
import { optionInScope } from '../option-scope';
import { ContractConditions } from './contract-conditions';
import { RedFlagSelect, type RedFlagValue, redFlagText } from './red-flag-select';

const FIELDS: Record<FilterKey, { label: string; kind: OptionKind; valueKey: string }> = {
  administrationPeriods: {
    label: 'Administración',
    kind: 'administration-periods',
    valueKey: 'administrationPeriod',
  },
  fiscalYears: { label: 'Ejercicio', kind: 'fiscal-years', valueKey: 'fiscalYear' },
  trimonths: { label: 'Trimestre', kind: 'trimonths', valueKey: 'period' },
  procedureTypes: { label: 'Tipo de procedimiento', kind: 'procedure-types', valueKey: '_id' },
  administrativeUnits: { label: 'Unidad administrativa', kind: 'administrative-units', valueKey: '_id' },
  suppliers: { label: 'Proveedor', kind: 'suppliers-filter', valueKey: '_id' },
};

export interface FiltersPanelProps {
  organizationId: string;
  /** The filters the list shows now; the panel edits a draft of them. */
  applied: PublicFilters;
  /** Called by Filtrar and Buscar (spec: nothing is searched before). */
  onApply: (filters: PublicFilters) => void;
  /** The selects to show; all six unless said otherwise. */
  fields?: FilterKey[];
  withSearch?: boolean;
  /** The 'Señales de alerta' select (the contracts list only, issue 32). */
  withRedFlags?: boolean;
  /** What the search box finds, said in its placeholder (contracts by default). */
  searchPlaceholder?: string;
  /** Options only from this supplier's contracts (supplier detail). */
  supplierId?: string;
}

/** What 'Limpiar filtros' leaves: the list's own switch (only contracts in the totals), shown beside the list. */
const keep = (filters: PublicFilters): Partial<PublicFilters> =>
  filters.countedOnly ? { countedOnly: true } : {};

/**
 * The public filters (spec): selects whose chosen values show as removable tags, a search box, and
 * the Filtrar button; on a phone they fold away behind 'Filtros'.
 */
export function FiltersPanel({
  organizationId,
  applied,
  onApply,
  fields = FILTER_KEYS,
  withSearch,
  withRedFlags,
  searchPlaceholder = msg('Número de contrato, descripción o proveedor'),
  supplierId,
}: FiltersPanelProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PublicFilters>(applied);
  const [search, setSearch] = useState(applied.search ?? '');
  const appliedKey = JSON.stringify(applied);

  // A new applied state (navigation, back button) replaces the draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for applied.
  useEffect(() => {
    setDraft(applied);
    setSearch(applied.search ?? '');
  }, [appliedKey]);

  const names = useChosenNames(organizationId, draft, supplierId);
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    onApply({ ...draft, search: search.trim() || undefined });
  };
  const add = (key: FilterKey, value: string | null) => {
    if (value && !(draft[key] as string[]).includes(value))
      setDraft({ ...draft, [key]: [...draft[key], value] });
  };
  const remove = (key: FilterKey, value: string) =>
    setDraft({ ...draft, [key]: (draft[key] as string[]).filter((item) => item !== value) });
  const chosen = fields.flatMap((key) => (draft[key] as string[]).map((value) => ({ key, value })));
  const redFlags = withRedFlags ? (draft.redFlags ?? []) : [];
  const setRedFlags = (values: RedFlagValue[]) =>
    setDraft({ ...draft, redFlags: values.length > 0 ? values : undefined });
  // Tags the list does not show yet are said to be pending, so the screen never looks filtered when it is not.
  const pending =
    JSON.stringify(fields.map((key) => draft[key])) !== JSON.stringify(fields.map((key) => applied[key])) ||
    (search.trim() || undefined) !== (applied.search || undefined) ||
    JSON.stringify(draft.redFlags ?? []) !== JSON.stringify(applied.redFlags ?? []);

  const body = (
    <Stack gap="sm">
      {withSearch ? (
        <form onSubmit={apply} aria-label={t('Buscar')}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('Buscar')}
              placeholder={t(searchPlaceholder)}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={200}
            />
            <Button type="submit">{t('Buscar')}</Button>
          </Group>
        </form>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {fields.map((key) =>
          key === 'suppliers' ? (
            <SupplierSelect
              key={key}
              organizationId={organizationId}
              exclude={draft.suppliers}
              onPick={(id, name) => {
                names.remember(id, name);
                add('suppliers', id);
              }}
            />
          ) : (
            <OptionSelect
              key={key}
              organizationId={organizationId}
              field={key}
              exclude={draft[key] as string[]}
              chosen={draft}
              supplierId={supplierId}
              onPick={(value) => add(key, value)}
            />
          ),
        )}
        {withRedFlags ? (
          <RedFlagSelect exclude={redFlags} onPick={(value) => setRedFlags([...redFlags, value])} />
        ) : null}
      </SimpleGrid>
      {chosen.length > 0 || redFlags.length > 0 || (!withSearch && search) ? (
        <Group gap={6} role="group" aria-label={t('Filtros elegidos')}>
          {!withSearch && search ? (
            // A search carried over from a list, on a page without a search box: shown so it is
            // not a hidden filter, and removable.
            <RemovableTag onRemove={() => setSearch('')} removeLabel={`${t('Quitar')} ${search}`}>
              {t('Búsqueda')}: {search}
            </RemovableTag>
          ) : null}
          {chosen.map(({ key, value }) => (
            <RemovableTag
              key={`${key}:${value}`}
              onRemove={() => remove(key, value)}
              removeLabel={`${t('Quitar')} ${names.label(key, value)}`}
            >
              {t(FIELDS[key].label)}: {names.label(key, value)}
            </RemovableTag>
          ))}
          {redFlags.map((value) => (
            <RemovableTag
              key={`redFlags:${value}`}
              onRemove={() => setRedFlags(redFlags.filter((item) => item !== value))}
              removeLabel={`${t('Quitar')} ${t(redFlagText(value))}`}
            >
              {t(CONDITION_LABELS.redFlags)}: {t(redFlagText(value))}
            </RemovableTag>
          ))}
        </Group>
      ) : null}
      <Group gap="xs">
        <Button onClick={() => apply()}>{t('Filtrar')}</Button>
        <Button
          variant="subtle"
          onClick={() => {
            // Clearing is applied at once: tags and list must never say different things.
            setDraft(emptyFilters());
            setSearch('');
            onApply({ ...emptyFilters(), ...keep(applied) });
          }}
        >
          {t('Limpiar filtros')}
        </Button>
        {pending ? (
          <Text fz="sm" c="orange" role="status">
            {t('Hay cambios sin aplicar: pulsa Filtrar para ver la lista con ellos.')}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );

  return (
    <>
      <Paper withBorder radius="md" p="md">
        {wide ? (
          body
        ) : (
          <>
            <Button variant="light" fullWidth onClick={() => setOpen((value) => !value)} aria-expanded={open}>
              {t('Filtros')}{' '}
              {chosen.length + redFlags.length > 0 ? `(${chosen.length + redFlags.length})` : ''}
            </Button>
            <Collapse expanded={open}>
              <div style={{ paddingTop: 12 }}>{body}</div>
            </Collapse>
          </>
        )}
      </Paper>
      {/* The index's conditions, wherever a link carried them: never a hidden filter. */}
      <ContractConditions applied={applied} onApply={onApply} withoutRedFlags={withRedFlags} />
    </>
  );
}

function OptionSelect({
  organizationId,
  field,
  exclude,
  chosen,
  supplierId,
  onPick,
}: {
  organizationId: string;
  field: Exclude<FilterKey, 'suppliers'>;
  exclude: string[];
  /** The values chosen so far: years and quarters follow the chosen period and year. */
  chosen: PublicFilters;
  supplierId?: string;
  onPick: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  const { kind, valueKey, label } = FIELDS[field];
  const { data = [], isError } = useOptions(organizationId, kind, { supplierId });
  const options = useMemo(() => {
    const items = data.map((doc) => ({
      value: String(doc[valueKey] ?? doc._id),
      label:
        field === 'procedureTypes'
          ? t(PROCEDURE_TYPE_LABELS[doc._id as ProcedureType])
          : String(doc.name ?? doc[valueKey] ?? doc._id),
    }));
    // Procedure types sort by their translated label (spec); the server sorts the rest.
    if (field === 'procedureTypes') items.sort((a, b) => a.label.localeCompare(b.label));
    return items.filter(
      (item) =>
        !exclude.includes(item.value) &&
        (field !== 'fiscalYears' && field !== 'trimonths' ? true : optionInScope(field, item.value, chosen)),
    );
  }, [data, exclude, field, t, valueKey, chosen]);
  return (
    <Select
      label={t(label)}
      placeholder={t('Elige una opción')}
      data={options}
      value={null}
      onChange={onPick}
      searchable
      clearable={false}
      nothingFoundMessage={t('Sin opciones')}
      error={isError ? t('No fue posible cargar las opciones.') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Suppliers are searched on the server as the visitor types: a monitor may have tens of thousands. */
function SupplierSelect({
  organizationId,
  exclude,
  onPick,
}: {
  organizationId: string;
  exclude: string[];
  onPick: (id: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const { data = [] } = useOptions(organizationId, 'suppliers-filter', search ? { search } : {});
  const options = data
    .filter((doc) => !exclude.includes(doc._id))
    .map((doc) => ({ value: doc._id, label: String(doc.name) }));
  return (
    <Select
      label={t('Proveedor')}
      placeholder={t('Escribe para buscar')}
      data={options}
      value={null}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={({ options: items }) => items}
      onChange={(value, option) => {
        if (value) onPick(value, option?.label ?? value);
        setTyped('');
      }}
      nothingFoundMessage={t('Sin coincidencias')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Labels of chosen values: option names, and for suppliers restored from a link, looked up by id. */
function useChosenNames(organizationId: string, draft: PublicFilters, supplierId?: string) {
  const { t } = useTranslation();
  const [known, setKnown] = useState<Record<string, string>>({});
  const units = useOptions(organizationId, 'administrative-units', { supplierId }).data ?? [];
  const unknownSuppliers = draft.suppliers.filter((id) => !known[id]);
  const lookups = useQueries({
    queries: unknownSuppliers.map((id) =>
      optionsQuery(organizationId, 'suppliers-filter', { supplierId: id }),
    ),
  });
  return {
    remember: (id: string, name: string) => setKnown((current) => ({ ...current, [id]: name })),
    label: (key: FilterKey, value: string): string => {
      if (key === 'procedureTypes') return t(PROCEDURE_TYPE_LABELS[value as ProcedureType] ?? value);
      if (key === 'administrativeUnits') return String(units.find((unit) => unit._id === value)?.name ?? '…');
      if (key === 'suppliers') {
        if (known[value]) return known[value];
        const found = lookups.flatMap((lookup) => lookup.data ?? []).find((doc) => doc._id === value);
        return found ? String(found.name) : '…';
      }
      return value;
    },
  };
}
