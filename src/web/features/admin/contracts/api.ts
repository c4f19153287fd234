import { queryOptions } from '@tanstack/react-query';
import type { PublicRelations } from '../../../../shared/contracts/relations';
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

/** A contract's bidders, invited, amendments and other lists (GET /api/contracts/relations/:id). */
export const contractRelationsQuery = (organizationId: string, contractId: string) =>
  queryOptions({
    queryKey: ['admin', 'contract-relations', organizationId, contractId],
    queryFn: ({ signal }) =>
      apiRequest<{ data: PublicRelations }>(`/api/contracts/relations/${contractId}`, { signal }),
    staleTime: 0,
  });
