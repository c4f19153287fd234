import { Alert, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { displayResult } from '../../../../shared/calculations/display';
import { scaleProblem } from '../../../../shared/calculations/evaluate';
import { formulaProblem } from '../../../../shared/schemas/calculations';
import type { FieldProps } from '../../../components/admin/catalogue/fields';
import { ApiError } from '../../../lib/api-client';
import { useFormulaCheck } from './api';
import { completeFilters, expressionOf, filtersOf, scaleOf } from './calculation-draft';

/**
 * The formula's check: the browser's own (syntax, the calculation naming itself) at once, then the
 * server's (references, cycles) and its preview once the typing pauses and the text parses.
 */
function useFormulaStatus(draft: FieldProps['draft'], currentId: string | null) {
  const expression = expressionOf(draft);
  const abbreviation = typeof draft.abbreviation === 'string' ? draft.abbreviation.trim() : '';
  const local = expression.trim() ? formulaProblem(expression, abbreviation || undefined) : null;
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
  return { expression, local, check, settled: debounced === body };
}

/** Under the expression: its first problem, or 'Fórmula válida.' with the result, or that it is being checked. */
export function FormulaStatus({
  draft,
  currentId,
}: {
  draft: FieldProps['draft'];
  currentId: string | null;
}) {
  const { expression, local, check, settled } = useFormulaStatus(draft, currentId);
  if (!expression.trim()) return null;
  if (local)
    return (
      <Alert color="red" variant="light" p="xs" data-testid="formula-status">
        {local.message}
      </Alert>
    );
  if (check.isError)
    return (
      <Alert color="red" variant="light" p="xs" data-testid="formula-status">
        {check.error instanceof ApiError ? check.error.message : 'No fue posible revisar la fórmula.'}
      </Alert>
    );
  if (!check.data || !settled)
    return (
      <Text fz="sm" c="dimmed" data-testid="formula-status">
        Revisando la fórmula…
      </Text>
    );
  if (check.data.error)
    return (
      <Alert color="red" variant="light" p="xs" data-testid="formula-status">
        {check.data.message}
      </Alert>
    );
  return (
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
  );
}
