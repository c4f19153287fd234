import { Badge, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  FILTER_OPERATOR_LABELS,
  FILTER_PROPERTIES,
  FILTER_PROPERTY_NAMES,
  type FilterProperty,
} from '../../../../shared/calculations/filters';
import { formulaReferences, parseFormula } from '../../../../shared/calculations/formula';
import type { FieldProps } from '../../../components/admin/catalogue/fields';
import { ReferenceField } from '../../../components/admin/catalogue/reference-field';
import { expressionOf, type FilterDraft, filtersOf } from './calculation-draft';

/**
 * The filters: for a variable of the formula, a contract property, an operator and a value (a
 * supplier or unit to pick for a reference, an amount otherwise); a new row takes the first variable.
 */
export function FiltersEditor({ draft, set, errors }: FieldProps) {
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
