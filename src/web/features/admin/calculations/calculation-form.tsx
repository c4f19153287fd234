import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Divider,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef } from 'react';
import { displayResult } from '../../../../shared/calculations/display';
import { DEFAULT_SCALE, type ScaleRow, scaleProblem } from '../../../../shared/calculations/evaluate';
import {
  FILTER_OPERATOR_LABELS,
  FILTER_PROPERTIES,
  FILTER_PROPERTY_NAMES,
  type FilterProperty,
} from '../../../../shared/calculations/filters';
import { formulaReferences, parseFormula } from '../../../../shared/calculations/formula';
import { groupOf, VARIABLE_GROUPS, VARIABLES } from '../../../../shared/calculations/variables';
import { formulaProblem } from '../../../../shared/schemas/calculations';
import {
  ChoiceField,
  type FieldProps,
  NotesField,
  TextField,
} from '../../../components/admin/catalogue/fields';
import { ReferenceField } from '../../../components/admin/catalogue/reference-field';
import { ApiError } from '../../../lib/api-client';
import { useFormulaCheck, useOtherCalculations } from './api';

export const TYPE_LABELS = { CONTRACT: 'Contrato', GENERAL: 'General' } as const;
export const DISPLAY_FORM_LABELS = {
  NORMAL: 'Normal',
  AMOUNT: 'Cantidad',
  PERCENTAGE: 'Porcentaje',
} as const;

type FilterDraft = {
  variableAbbreviation?: string;
  propertyName?: FilterProperty;
  operator?: string;
  reference?: string | null;
  value?: string | number | null;
};

const scaleOf = (draft: FieldProps['draft']): ScaleRow[] =>
  Array.isArray(draft.scale) ? (draft.scale as ScaleRow[]) : [];
const filtersOf = (draft: FieldProps['draft']): FilterDraft[] =>
  Array.isArray(draft.filters) ? (draft.filters as FilterDraft[]) : [];
const expressionOf = (draft: FieldProps['draft']): string =>
  typeof (draft.formula as { expression?: unknown } | undefined)?.expression === 'string'
    ? (draft.formula as { expression: string }).expression
    : '';

/**
 * The calculation modal (admin spec, 'Calculations catalogue modal'): name, description, type,
 * abbreviation, administration period, enabled, locked, notes, display form, the percent scale
 * with its rows, filters, and the formula builder (variables grouped, other calculations by
 * `$$`, click to insert, live check with the position of the error, the result's preview).
 */
export function CalculationForm(props: FieldProps & { currentId: string | null }) {
  const { draft, set, errors, currentId } = props;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField {...props} field="name" label="Nombre" required />
        <TextField
          {...props}
          field="abbreviation"
          label="Abreviación"
          required
          placeholder="$$IRC"
          description="$$ y de 1 a 7 letras mayúsculas o dígitos"
        />
      </SimpleGrid>
      <Textarea
        label="Descripción"
        required
        autosize
        minRows={2}
        value={typeof draft.description === 'string' ? draft.description : ''}
        error={errors.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <ChoiceField {...props} field="type" label="Tipo" required labels={TYPE_LABELS} />
        <TextField
          {...props}
          field="administrationPeriod"
          label="Administración"
          placeholder="2024-2027"
          description="Opcional: solo se evalúa en esa administración"
        />
        <ChoiceField
          {...props}
          field="displayForm"
          label="Mostrar resultado como"
          required
          labels={DISPLAY_FORM_LABELS}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Switch
          label="Habilitado (se muestra en el portal)"
          checked={draft.enabled === true}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
        />
        <Switch
          label="Bloqueado (es el índice de riesgo de corrupción)"
          checked={draft.locked === true}
          onChange={(event) => set('locked', event.currentTarget.checked)}
        />
      </Group>
      <Divider label="Fórmula" labelPosition="left" />
      <FormulaBuilder {...props} currentId={currentId} />
      <Divider label="Escala" labelPosition="left" />
      <ScaleEditor {...props} />
      <Divider label="Filtros" labelPosition="left" />
      <FiltersEditor {...props} />
      <NotesField {...props} />
    </Stack>
  );
}

function FormulaBuilder({ draft, set, errors, currentId }: FieldProps & { currentId: string | null }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const expression = expressionOf(draft);
  const others = useOtherCalculations(currentId).data?.data.docs ?? [];
  const abbreviation = typeof draft.abbreviation === 'string' ? draft.abbreviation.trim() : '';
  const local = expression.trim() ? formulaProblem(expression, abbreviation || undefined) : null;
  // The server's check (references, cycles) and preview, once the typing pauses and the text parses.
  const body = useMemo(
    () =>
      expression.trim() && !local
        ? {
            ...(currentId ? { _id: currentId } : {}),
            formula: { expression },
            abbreviation: abbreviation || undefined,
            type: draft.type === 'GENERAL' ? 'GENERAL' : 'CONTRACT',
            administrationPeriod:
              typeof draft.administrationPeriod === 'string' &&
              /^[12]\d{3}-[12]\d{3}$/.test(draft.administrationPeriod)
                ? draft.administrationPeriod
                : null,
            hasPercentScale: draft.hasPercentScale === true && !scaleProblem(scaleOf(draft)),
            scale: draft.hasPercentScale === true && !scaleProblem(scaleOf(draft)) ? scaleOf(draft) : [],
            filters: completeFilters(filtersOf(draft)),
          }
        : null,
    [expression, local, currentId, abbreviation, draft],
  );
  const [debounced] = useDebouncedValue(body, 400);
  const check = useFormulaCheck(debounced);

  const insert = (token: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? expression.length;
    const end = element?.selectionEnd ?? expression.length;
    const before = expression.slice(0, start);
    const spaced = `${before && !/[\s(,]$/.test(before) ? ' ' : ''}${token}`;
    const next = `${before}${spaced}${expression.slice(end)}`;
    set('formula', { expression: next });
    requestAnimationFrame(() => {
      element?.focus();
      const at = start + spaced.length;
      element?.setSelectionRange(at, at);
    });
  };

  const status = !expression.trim() ? null : local ? (
    <Alert color="red" variant="light" p="xs" data-testid="formula-status">
      {local.message}
    </Alert>
  ) : check.isError ? (
    <Alert color="red" variant="light" p="xs" data-testid="formula-status">
      {check.error instanceof ApiError ? check.error.message : 'No fue posible revisar la fórmula.'}
    </Alert>
  ) : check.data && debounced === body ? (
    check.data.error ? (
      <Alert color="red" variant="light" p="xs" data-testid="formula-status">
        {check.data.message}
      </Alert>
    ) : (
      <Alert color="green" variant="light" p="xs" data-testid="formula-status">
        Fórmula válida.{' '}
        <Text span fw={700} data-testid="formula-preview">
          Resultado
          {check.data.results.administrationPeriod ? ` (${check.data.results.administrationPeriod})` : ''}:{' '}
          {displayResult(
            check.data.results.value === null ? null : Math.round(check.data.results.value * 10_000) / 10_000,
            (draft.displayForm as 'NORMAL' | 'AMOUNT' | 'PERCENTAGE') ?? 'NORMAL',
          )}
        </Text>
        {check.data.message ? ` · ${check.data.message}` : ''}
        <Text fz="xs" c="dimmed">
          {draft.type === 'GENERAL'
            ? 'Con los contratos de todas las organizaciones de esta instalación.'
            : 'Con los contratos de esta organización.'}
        </Text>
      </Alert>
    )
  ) : (
    <Text fz="sm" c="dimmed" data-testid="formula-status">
      Revisando la fórmula…
    </Text>
  );

  return (
    <Stack gap="xs">
      <Textarea
        ref={input}
        label="Expresión"
        required
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        description="Variables con $, otros cálculos con $$; + - * / y paréntesis; min(), max(), avg(), clamp(x, mínimo, máximo)."
        value={expression}
        error={errors.formula}
        onChange={(event) => set('formula', { expression: event.currentTarget.value })}
      />
      {status}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Paper withBorder p="xs" radius="sm">
          <Text fw={600} fz="sm" mb={4}>
            Variables (clic para insertar)
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            {VARIABLE_GROUPS.map((group) => (
              <div key={group}>
                <Text fz="xs" c="dimmed" tt="uppercase" mt={4}>
                  {group}
                </Text>
                {VARIABLES.filter((variable) => groupOf(variable) === group).map((variable) => (
                  <Tooltip
                    key={variable.abbreviation}
                    label={variable.description}
                    multiline
                    w={320}
                    withinPortal
                    // Beside the list (below it on a phone), never over the formula's status above.
                    position="right"
                    middlewares={{ flip: { fallbackPlacements: ['bottom-start'] }, shift: true }}
                  >
                    <UnstyledButton
                      display="block"
                      py={2}
                      onClick={() => insert(variable.abbreviation)}
                      aria-label={`Insertar ${variable.abbreviation}: ${variable.name}`}
                    >
                      <Code>{variable.abbreviation}</Code>{' '}
                      <Text span fz="sm">
                        {variable.name}
                      </Text>
                    </UnstyledButton>
                  </Tooltip>
                ))}
              </div>
            ))}
          </ScrollArea.Autosize>
        </Paper>
        <Paper withBorder p="xs" radius="sm">
          <Text fw={600} fz="sm" mb={4}>
            Otros cálculos (clic para insertar)
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            {others.length === 0 ? (
              <Text fz="sm" c="dimmed">
                No hay otros cálculos.
              </Text>
            ) : (
              others.map((other) => (
                <UnstyledButton
                  key={other._id}
                  display="block"
                  py={2}
                  onClick={() => insert(other.abbreviation)}
                  aria-label={`Insertar ${other.abbreviation}: ${other.name}`}
                >
                  <Code>{other.abbreviation}</Code>{' '}
                  <Text span fz="sm">
                    {other.name}
                  </Text>
                </UnstyledButton>
              ))
            )}
          </ScrollArea.Autosize>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** The filters the server can use already (a half-written row waits). */
function completeFilters(filters: FilterDraft[]) {
  return filters.filter((filter) => {
    if (!filter.variableAbbreviation || !filter.propertyName || !filter.operator) return false;
    return FILTER_PROPERTIES[filter.propertyName].type === 'REF'
      ? Boolean(filter.reference)
      : filter.value !== null && filter.value !== undefined && String(filter.value).trim() !== '';
  });
}

function ScaleEditor({ draft, set, errors }: FieldProps) {
  const rows = scaleOf(draft);
  const on = draft.hasPercentScale === true;
  const problem = on ? scaleProblem(rows) : null;
  const change = (index: number, key: keyof ScaleRow, value: string | number) =>
    set(
      'scale',
      rows.map((row, at) =>
        at === index ? { ...row, [key]: value === '' ? Number.NaN : Number(value) } : row,
      ),
    );
  return (
    <Stack gap="xs">
      <Switch
        label="Activar escala (convierte el resultado, de 0 a 100, en puntos)"
        checked={on}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          set('hasPercentScale', checked);
          if (checked && rows.length === 0)
            set(
              'scale',
              DEFAULT_SCALE.map((row) => ({ ...row })),
            );
        }}
      />
      {on ? (
        <>
          <Text fz="xs" c="dimmed">
            Cada rango incluye su mínimo y excluye su máximo (el último incluye los dos); deben ser contiguos.
          </Text>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position.
            <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
              {(['min', 'max', 'value'] as const).map((key) => (
                <NumberInput
                  key={key}
                  label={key === 'min' ? 'Mínimo' : key === 'max' ? 'Máximo' : 'Valor'}
                  step={0.01}
                  decimalScale={2}
                  value={Number.isFinite(row[key]) ? row[key] : ''}
                  onChange={(value) => change(index, key, value)}
                  style={{ flex: 1 }}
                  aria-label={`Rango ${index + 1}: ${key === 'min' ? 'mínimo' : key === 'max' ? 'máximo' : 'valor'}`}
                />
              ))}
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Quitar el rango ${index + 1}`}
                onClick={() =>
                  set(
                    'scale',
                    rows.filter((_, at) => at !== index),
                  )
                }
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                const last = rows.at(-1);
                set('scale', [...rows, { min: last?.max ?? 0, max: 100, value: 0 }]);
              }}
            >
              Agregar rango
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() =>
                set(
                  'scale',
                  DEFAULT_SCALE.map((row) => ({ ...row })),
                )
              }
            >
              Escala predeterminada
            </Button>
          </Group>
          {problem || errors.scale ? (
            <Text fz="sm" c="red" role="alert">
              {problem ?? errors.scale}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

function FiltersEditor({ draft, set, errors }: FieldProps) {
  const filters = filtersOf(draft);
  let variables: string[] = [];
  try {
    variables = formulaReferences(parseFormula(expressionOf(draft))).variables;
  } catch {
    variables = [];
  }
  const change = (index: number, patch: Partial<FilterDraft>) =>
    set(
      'filters',
      filters.map((filter, at) => (at === index ? { ...filter, ...patch } : filter)),
    );
  return (
    <Stack gap="xs">
      <Text fz="xs" c="dimmed">
        Un filtro cuenta, para una variable de la fórmula, solo los contratos que cumplen la condición.
      </Text>
      {filters.map((filter, index) => {
        const property = filter.propertyName ? FILTER_PROPERTIES[filter.propertyName] : null;
        const operators = Object.entries(FILTER_OPERATOR_LABELS).filter(
          ([value]) => property?.type !== 'REF' || value === 'EQUAL' || value === 'NOT_EQUAL',
        );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: filter rows have no identity but their position.
          <Paper key={index} withBorder p="xs" radius="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Select
                label="Variable"
                data={[
                  ...new Set([
                    ...variables,
                    ...(filter.variableAbbreviation ? [filter.variableAbbreviation] : []),
                  ]),
                ]}
                value={filter.variableAbbreviation ?? null}
                onChange={(value) => change(index, { variableAbbreviation: value ?? undefined })}
                placeholder={variables.length ? 'Elige una variable' : 'Escribe primero la fórmula'}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Propiedad"
                data={FILTER_PROPERTY_NAMES.map((name) => ({
                  value: name,
                  label: FILTER_PROPERTIES[name].label,
                }))}
                value={filter.propertyName ?? null}
                onChange={(value) =>
                  change(index, {
                    propertyName: (value as FilterProperty) ?? undefined,
                    reference: null,
                    value: null,
                    operator: 'EQUAL',
                  })
                }
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Operador"
                data={operators.map(([value, label]) => ({ value, label }))}
                value={filter.operator ?? null}
                onChange={(value) => change(index, { operator: value ?? undefined })}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <Group gap="xs" align="flex-end" mt="xs" wrap="nowrap">
              <div style={{ flex: 1 }}>
                {property?.type === 'REF' ? (
                  <ReferenceField
                    path="calculations"
                    field="reference"
                    label={property.label}
                    source={property.onModel === 'Supplier' ? 'suppliers' : 'administrative-units'}
                    draft={{ reference: filter.reference ?? null }}
                    set={(_field, value) => change(index, { reference: (value as string | null) ?? null })}
                    errors={{}}
                  />
                ) : property ? (
                  <NumberInput
                    label="Valor"
                    prefix="$"
                    thousandSeparator=","
                    decimalScale={2}
                    value={filter.value ?? ''}
                    onChange={(value) => change(index, { value: value === '' ? null : value })}
                  />
                ) : null}
              </div>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                mb={6}
                onClick={() =>
                  set(
                    'filters',
                    filters.filter((_, at) => at !== index),
                  )
                }
              >
                Quitar filtro
              </Button>
            </Group>
          </Paper>
        );
      })}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() =>
            set('filters', [
              ...filters,
              { variableAbbreviation: variables[0], propertyName: undefined, operator: 'EQUAL' },
            ])
          }
        >
          Agregar filtro
        </Button>
        {filters.length ? <Badge variant="light">{filters.length} filtro(s)</Badge> : null}
      </Group>
      {errors.filters ? (
        <Text fz="sm" c="red" role="alert">
          {errors.filters}
        </Text>
      ) : null}
    </Stack>
  );
}
