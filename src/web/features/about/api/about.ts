import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AboutResponse, TO_BE_DEFINED as SharedToBeDefined } from '../../../../shared/schemas/about';
import { apiRequest } from '../../../lib/api-client';

/**
 * The placeholder the server sends for a text the installation has not configured. Written here
 * rather than imported so zod stays out of the web bundle; the type keeps it equal to the contract's.
 */
export const TO_BE_DEFINED: typeof SharedToBeDefined = 'Por definir...';

/** A configured text, or null when it is empty or still the placeholder. */
export function configuredText(value: string | undefined): string | null {
  const text = value?.trim();
  return text && text !== TO_BE_DEFINED ? text : null;
}

/**
 * The civil association behind this installation (GET /public-api/about). It is the same for every
 * monitor, so one cache entry serves them all; it changes only when the server is reconfigured.
 */
export const aboutQuery = () =>
  queryOptions({
    queryKey: ['about'],
    queryFn: async ({ signal }) => {
      const response = await apiRequest<AboutResponse>('/public-api/about', { signal });
      return response.data;
    },
    staleTime: 30 * 60_000,
  });

export function useAbout() {
  return useQuery(aboutQuery());
}
