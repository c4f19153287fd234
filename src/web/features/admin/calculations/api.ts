import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentOrganizationId } from '../../../lib/current-organization';

export interface OtherCalculation {
  _id: string;
  name: string;
  abbreviation: string;
  description: string;
  type: 'GENERAL' | 'CONTRACT';
}

/** The monitor's other calculations, for `$$` references (GET /api/calculations/retrieve/calculations). */
export const otherCalculationsQuery = (organizationId: string, currentId: string | null) =>
  queryOptions({
    queryKey: ['admin', 'catalogue', 'calculations', 'others', organizationId, currentId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { docs: OtherCalculation[] } }>(
        `/api/calculations/retrieve/calculations${currentId ? `?currentCalculationId=${currentId}` : ''}`,
        { signal },
      ),
  });

export function useOtherCalculations(currentId: string | null) {
  return useQuery(otherCalculationsQuery(useCurrentOrganizationId(), currentId));
}

export interface FormulaCheck {
  error: boolean;
  message: string;
  position?: number;
  results: { value: number | null; administrationPeriod: string | null };
}

/** The formula as the form has it: its first problem with the position, else its value (POST /formula/validate). */
export const formulaCheckQuery = (organizationId: string, body: Record<string, unknown>) =>
  queryOptions({
    queryKey: ['admin', 'catalogue', 'calculations', 'check', organizationId, body],
    queryFn: ({ signal }) =>
      apiRequest<FormulaCheck>('/api/calculations/formula/validate', { method: 'POST', body, signal }),
    staleTime: 10_000,
  });

export function useFormulaCheck(body: Record<string, unknown> | null) {
  const organizationId = useCurrentOrganizationId();
  return useQuery({ ...formulaCheckQuery(organizationId, body ?? {}), enabled: body !== null });
}
