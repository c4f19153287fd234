import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  ContractDetailQuerySchema,
  ContractDetailResponseSchema,
  ContractListQuerySchema,
  ContractListResponseSchema,
  ContractTotalsResponseSchema,
  OptionsQuerySchema,
  OptionsResponseSchema,
} from '../../../shared/schemas/contracts';
import { DownloadFormatSchema, DownloadQuerySchema } from '../../../shared/schemas/filters';
import { DOWNLOAD_RATE_LIMIT, downloadSignal, sendExport } from '../../exports/send';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { filteredListRoutes } from '../../lib/filtered-list-routes';
import { type HttpCacheConfig, REVALIDATE_BY_MONITOR } from '../../plugins/http-cache';
import { requireOrganization } from '../../plugins/organization';
import type { OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { lastUpdateOf } from '../organizations/organizations.presenter';
import { contractsExport } from './contracts.export';
import { filterOptions, OPTION_KINDS } from './contracts.options';
import { contractTotals, getContract, listContracts } from './contracts.service';

const tags = ['public: contracts'];

/**
 * A contract page changes with the monitor's data and with its documents' copies (kept, checked,
 * gone): both counts only grow, so their sum changes whenever either does, the page's version.
 */
const contractPageVersion = (monitor: OrganizationRow, copies: number) => monitor.dataVersion + copies;

/** The contract page's revalidation: its version told from memory when this process holds both counts. */
const REVALIDATE_WITH_COPIES: HttpCacheConfig = {
  revalidate: {
    version: (monitor, deps) => {
      const copies = deps.copies.peek(monitor.id);
      return copies === undefined ? undefined : contractPageVersion(monitor, copies);
    },
  },
};

export const contractsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A page of the list (both list routes answer one), kept in the result cache as sent. */
  const sendPage = (
    reply: FastifyReply,
    organization: OrganizationRow,
    filters: Parameters<typeof listContracts>[2],
    page: number,
  ) =>
    sendCachedAnswer(reply, resultKey(organization, 'contracts', filters, String(page)), async () => ({
      error: false as const,
      message: '',
      data: await listContracts(app.deps, organization, filters, page),
      ...lastUpdateOf(organization),
    }));

  app.get(
    '/list',
    {
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: 'Contracts of the monitor, largest first, with totals',
        headers: OrganizationHeaderSchema,
        querystring: ContractListQuerySchema,
        response: { 200: ContractListResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      const filters = { search: request.query.search };
      const { page } = request.query;
      return sendPage(reply, organization, filters, page);
    },
  );

  filteredListRoutes(app, {
    tags,
    summary: 'Contracts matching the public filters, largest first, with totals',
    description:
      'Lists show every contract; totals count concluded contracts that are not amendments (docs/decisions/0004).',
    response: ContractListResponseSchema,
    sendPage,
  });

  app.get(
    '/totals',
    {
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: "Totals of all the monitor's contracts",
        headers: OrganizationHeaderSchema,
        response: { 200: ContractTotalsResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      return sendCachedAnswer(reply, resultKey(organization, 'totals', {}), async () => ({
        error: false as const,
        message: '',
        data: await contractTotals(app.deps, organization, {}),
      }));
    },
  );

  app.get(
    '/detail',
    {
      config: REVALIDATE_WITH_COPIES,
      schema: {
        tags,
        summary: 'One contract of the monitor',
        headers: OrganizationHeaderSchema,
        querystring: ContractDetailQuerySchema,
        response: { 200: ContractDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      const { id } = request.query;
      const copies = await app.deps.copies.get(organization.id);
      const key = {
        name: `${organization.id}|contract|${id}`,
        version: contractPageVersion(organization, copies),
        organizationId: organization.id,
      };
      return sendCachedAnswer(reply, key, async () => ({
        error: false as const,
        message: '',
        data: await getContract(app.deps, organization, id),
        ...lastUpdateOf(organization),
      }));
    },
  );

  app.get(
    '/download/:format',
    {
      config: { rateLimit: DOWNLOAD_RATE_LIMIT },
      onSend: downloadSignal,
      schema: {
        tags,
        summary: 'The filtered contracts list as a file (xls = XLSX, pdf, json)',
        description:
          'Every row of the filtered list, in list order, with the active filters and the totals. XLSX and JSON are ' +
          'streamed; a PDF holds at most 10,000 rows and says so when it is cut. Filters travel as JSON in ?filters=.',
        headers: OrganizationHeaderSchema,
        params: z.object({ format: DownloadFormatSchema }),
        querystring: DownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { format } = request.params;
      return sendExport(request, reply, {
        format,
        name: 'contratos',
        now: app.deps.now(),
        files: async () =>
          contractsExport(app.deps, await requireOrganization(request), request.query.filters, format),
      });
    },
  );

  app.get(
    '/retrieve/:kind',
    {
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: 'Options of a filter select',
        description:
          'administration-periods, fiscal-years, trimonths, procedure-types and administrative-units list every value ' +
          "the monitor's contracts use; suppliers and suppliers-filter are searched by name (?search=) and bounded.",
        headers: OrganizationHeaderSchema,
        params: z.object({
          kind: z.enum(OPTION_KINDS, { message: 'La lista de opciones solicitada no existe.' }),
        }),
        querystring: OptionsQuerySchema,
        response: { 200: OptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      const { kind } = request.params;
      return sendCachedAnswer(reply, resultKey(organization, `options:${kind}`, request.query), async () => ({
        error: false as const,
        message: '',
        data: { docs: await filterOptions(app.deps, organization, kind, request.query) },
      }));
    },
  );
};
