import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  RED_FLAG_PARAMETER_BOUNDS,
  RED_FLAG_PARAMETER_LABELS,
} from '../../../../shared/red-flags/definitions';
import type { DraftErrors, LimitRow } from './draft';

const bounds = RED_FLAG_PARAMETER_BOUNDS;
/** A year takes four digits; a row no wider than an amount needs, also on a wide screen. */
const YEAR_WIDTH = 84;
const ROW_WIDTH = 520;

/** The first year from this one on that has no limit yet (a new row's proposal). */
function nextYear(rows: LimitRow[]): string {
  const taken = new Set(rows.map((row) => row.year.trim()));
  let year = new Date().getFullYear();
  while (taken.has(String(year)) && year < bounds.fiscalYear.max) year += 1;
  return String(year);
}

/** The direct-award limits, one row per fiscal year (year and amount in MXN), added and removed freely. */
export function LimitsFields({
  rows,
  errors,
  onChange,
}: {
  rows: LimitRow[];
  errors: DraftErrors;
  onChange: (change: (rows: LimitRow[]) => LimitRow[]) => void;
}) {
  const set = (index: number, row: Partial<LimitRow>) =>
    onChange((list) => list.map((current, at) => (at === index ? { ...current, ...row } : current)));
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} fz="sm">
        {RED_FLAG_PARAMETER_LABELS.directAwardLimits}
      </Text>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Sin límites registrados: solo cuenta el dato «Excede el límite de la adjudicación directa» de cada
          contrato.
        </Text>
      ) : null}
      {rows.length > 0 ? (
        // The columns' names for the eye; each input names its row for screen readers.
        <Group gap="xs" wrap="nowrap" maw={ROW_WIDTH} aria-hidden>
          <Text fz="xs" c="dimmed" w={YEAR_WIDTH}>
            Ejercicio
          </Text>
          <Text fz="xs" c="dimmed">
            Límite
          </Text>
        </Group>
      ) : null}
      {rows.map((row, index) => (
        // Rows have no identity of their own; their position is what the form edits.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap" maw={ROW_WIDTH}>
          <TextInput
            aria-label={`Ejercicio fiscal ${index + 1}`}
            placeholder="AAAA"
            inputMode="numeric"
            maxLength={4}
            w={YEAR_WIDTH}
            value={row.year}
            error={errors[`limits.${index}.year`]}
            onChange={(event) => set(index, { year: event.currentTarget.value })}
          />
          <NumberInput
            aria-label={`Límite del ejercicio fiscal ${index + 1} (MXN)`}
            placeholder="Monto en pesos"
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            allowNegative={false}
            min={bounds.directAwardLimit.min}
            max={bounds.directAwardLimit.max}
            style={{ flex: 1, minWidth: 0 }}
            value={row.amount}
            error={errors[`limits.${index}.amount`]}
            onChange={(amount) => set(index, { amount })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Quitar el límite del ejercicio fiscal ${index + 1}`}
            onClick={() => onChange((list) => list.filter((_, at) => at !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange((list) => [...list, { year: nextYear(list), amount: '' }])}
        >
          Agregar ejercicio fiscal
        </Button>
      </Group>
      {errors.directAwardLimits ? (
        <Text fz="sm" c="red">
          {errors.directAwardLimits}
        </Text>
      ) : null}
    </Stack>
  );
}
