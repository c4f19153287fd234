import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackupRetryBodySchema,
  BackupRetryResponseSchema,
  BackupSourcesQuerySchema,
  BackupSourcesResponseSchema,
  BackupSummaryResponseSchema,
  ContractBackupsResponseSchema,
} from '../../../shared/schemas/backups';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { requireOrganization } from '../../plugins/organization';
import { contractDocumentCopies } from '../contracts/contracts.service';
import { requestBackups } from './backup-jobs';
import { retry, sources, summary } from './backups.service';

const tags = ['backups'];

/**
 * /api/backups: the state of the current monitor's document copies for administrators with the
 * CONTRACTS permission (decision 0037): a summary, the documents (failed ones by reason), a
 * retry of one, some or every failed document, and a contract's four copies for its form.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      schema: {
        tags,
        summary: "The monitor's copies: copied, pending, failed by reason, gone at the source, space used",
        headers: OrganizationHeaderSchema,
        response: { 200: BackupSummaryResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await summary(app.deps, await requireOrganization(request)),
    }),
  );

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: "A page of the monitor's linked documents, optionally of one state and reason",
        headers: OrganizationHeaderSchema,
        querystring: BackupSourcesQuerySchema,
        response: { 200: BackupSourcesResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await sources(app.deps, await requireOrganization(request), request.query),
    }),
  );

  app.post(
    '/retry',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Fetches the given documents (or every failed one) again, now',
        headers: OrganizationHeaderSchema,
        body: BackupRetryBodySchema,
        response: { 200: BackupRetryResponseSchema },
      },
    },
    async (request) => {
      const result = await retry(app.deps, await requireOrganization(request), request.body.ids);
      if (result.retried > 0) await requestBackups(app.deps);
      return {
        error: false as const,
        message:
          result.retried === 1
            ? 'Se pidió de nuevo 1 documento.'
            : `Se pidieron de nuevo ${result.retried} documentos.`,
        data: result,
      };
    },
  );

  app.get(
    '/contract/:id',
    {
      schema: {
        tags,
        summary: "A contract's four documents and their copies (the contract form)",
        headers: OrganizationHeaderSchema,
        params: z.object({ id: z.uuid({ message: 'El identificador del contrato no es válido.' }) }),
        response: { 200: ContractBackupsResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      return {
        error: false as const,
        message: '',
        data: await contractDocumentCopies(app.deps, organization.id, request.params.id),
      };
    },
  );
};
