import { ActionIcon, Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { DEFAULT_SCALE, type ScaleRow, scaleProblem } from '../../../../shared/calculations/evaluate';
import type { FieldProps } from '../../../components/admin/catalogue/fields';
import { scaleOf } from './calculation-draft';

/**
 * The percent scale: on, its ranges (minimum, maximum, points) one row each, added, removed or
 * reset to the default, with the first problem of the ranges under them.
 */
export function ScaleEditor({ draft, set, errors }: FieldProps) {
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
