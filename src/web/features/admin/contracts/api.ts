import { queryOptions } from '@tanstack/react-query';
import type { DocumentBackup } from '../../../../shared/schemas/backups';
import { apiRequest } from '../../../lib/api-client';

/** A contract's four documents and their copies (GET /api/backups/contract/:id). */
export const contractBackupsQuery = (organizationId: string, contractId: string) =>
  queryOptions({
    queryKey: ['admin', 'backups', organizationId, 'contract', contractId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: DocumentBackup[] }>(`/api/backups/contract/${contractId}`, { signal }),
    staleTime: 0,
  });
