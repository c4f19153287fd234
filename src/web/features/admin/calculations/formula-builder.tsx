import {
  Code,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { groupOf, VARIABLE_GROUPS, VARIABLES } from '../../../../shared/calculations/variables';
import type { FieldProps } from '../../../components/admin/catalogue/fields';
import { useOtherCalculations } from './api';
import { expressionOf } from './calculation-draft';
import { FormulaStatus } from './formula-status';

/**
 * The formula: its expression with the live check under it, and the variables (grouped) and the
 * monitor's other calculations (`$$`) beside it, each inserted where the cursor is on a click.
 */
export function FormulaBuilder({ draft, set, errors, currentId }: FieldProps & { currentId: string | null }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const expression = expressionOf(draft);
  const others = useOtherCalculations(currentId).data?.data.docs ?? [];

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
      <FormulaStatus draft={draft} currentId={currentId} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <InsertList title="Variables (clic para insertar)">
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
                  <InsertButton token={variable.abbreviation} name={variable.name} onInsert={insert} />
                </Tooltip>
              ))}
            </div>
          ))}
        </InsertList>
        <InsertList title="Otros cálculos (clic para insertar)">
          {others.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No hay otros cálculos.
            </Text>
          ) : (
            others.map((other) => (
              <InsertButton key={other._id} token={other.abbreviation} name={other.name} onInsert={insert} />
            ))
          )}
        </InsertList>
      </SimpleGrid>
    </Stack>
  );
}

/** One of the two lists to insert from, scrolled past its height. */
function InsertList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text fw={600} fz="sm" mb={4}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={220} type="auto">
        {children}
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** A variable or calculation to insert: its abbreviation and its name. */
function InsertButton({
  token,
  name,
  onInsert,
  ...rest
}: {
  token: string;
  name: string;
  onInsert(token: string): void;
}) {
  return (
    <UnstyledButton
      // The tooltip around a variable hands its target a ref and its hover and focus handlers.
      {...rest}
      display="block"
      py={2}
      onClick={() => onInsert(token)}
      // The name starts with what the button shows (speech input: "click $MTG").
      aria-label={`${token} ${name}, insertar`}
    >
      <Code>{token}</Code>{' '}
      <Text span fz="sm">
        {name}
      </Text>
    </UnstyledButton>
  );
}
