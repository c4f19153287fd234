import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrganizationHeaderSchema, PageQuerySchema, SearchTextSchema } from '../../../shared/schemas/common';
import { DownloadFormatSchema, DownloadQuerySchema } from '../../../shared/schemas/filters';
import {
  SupplierBidsQuerySchema,
  SupplierBidsResponseSchema,
  SupplierContractsQuerySchema,
  SupplierContractsResponseSchema,
  SupplierDetailBodySchema,
  SupplierDetailQuerySchema,
  SupplierDetailResponseSchema,
  SupplierListResponseSchema,
} from '../../../shared/schemas/suppliers';
import { DOWNLOAD_RATE_LIMIT, downloadSignal, sendExport } from '../../exports/send';
import { sendCachedAnswer } from '../../lib/cached-answer';
import { filteredListRoutes } from '../../lib/filtered-list-routes';
import { REVALIDATE_BY_MONITOR } from '../../plugins/http-cache';
import { requireOrganization } from '../../plugins/organization';
import type { OrganizationRow } from '../../types';
import { resultKey } from '../figures/result-keys';
import { lastUpdateOf } from '../organizations/organizations.presenter';
import { supplierDetailExport, suppliersExport } from './suppliers.export';
import { getSupplierDetail, listSuppliers, supplierBids, supplierContracts } from './suppliers.service';

const tags = ['public: suppliers'];

export const suppliersPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A page of the list (both list routes answer one), kept in the result cache as sent. */
  const sendPage = (
    reply: FastifyReply,
    organization: OrganizationRow,
    filters: Parameters<typeof listSuppliers>[2],
    page: number,
  ) =>
    sendCachedAnswer(reply, resultKey(organization, 'suppliers', filters, String(page)), async () => ({
      error: false as const,
      message: '',
      data: await listSuppliers(app.deps, organization, filters, page),
      ...lastUpdateOf(organization),
    }));

  app.get(
    '/list',
    {
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: "Suppliers of the monitor's contracts, largest total first",
        headers: OrganizationHeaderSchema,
        querystring: PageQuerySchema.extend({ search: SearchTextSchema.optional() }),
        response: { 200: SupplierListResponseSchema },
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
    summary: 'Suppliers of the contracts matching the public filters',
    response: SupplierListResponseSchema,
    sendPage,
  });

  app.get(
    '/download/:format',
    {
      config: { rateLimit: DOWNLOAD_RATE_LIMIT },
      onSend: downloadSignal,
      schema: {
        tags,
        summary: 'The filtered suppliers list as a file (xls = XLSX, pdf, json)',
        headers: OrganizationHeaderSchema,
        params: z.object({ format: DownloadFormatSchema }),
        querystring: DownloadQuerySchema,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, {
        format: request.params.format,
        name: 'proveedores',
        now: app.deps.now(),
        files: async () =>
          suppliersExport(app.deps, await requireOrganization(request), request.query.filters),
      }),
  );

  app.get(
    '/download-detail/:id/:format',
    {
      config: { rateLimit: DOWNLOAD_RATE_LIMIT },
      onSend: downloadSignal,
      schema: {
        tags,
        summary: "A supplier's contracts as a file (xls = XLSX, pdf, json)",
        headers: OrganizationHeaderSchema,
        params: z.object({
          id: z.uuid({ message: 'El identificador del proveedor no es válido.' }),
          format: DownloadFormatSchema,
        }),
        querystring: DownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, format } = request.params;
      const { suppliers: _ignored, ...filters } = request.query.filters;
      return sendExport(request, reply, {
        format,
        name: 'proveedores-detalle',
        now: app.deps.now(),
        files: async () => supplierDetailExport(app.deps, await requireOrganization(request), id, filters),
      });
    },
  );

  app.route({
    method: 'GET',
    url: '/detail/bids',
    config: REVALIDATE_BY_MONITOR,
    schema: {
      tags,
      summary: 'More procedures the supplier bid for without winning (every period), most recent first',
      headers: OrganizationHeaderSchema,
      querystring: SupplierBidsQuerySchema,
      response: { 200: SupplierBidsResponseSchema },
    },
    handler: async (request, reply) => {
      const { id, page } = request.query;
      const organization = await requireOrganization(request);
      return sendCachedAnswer(
        reply,
        resultKey(organization, `supplier-bids:${id}`, {}, String(page)),
        async () => ({
          error: false as const,
          message: '',
          data: await supplierBids(app.deps, organization, id, page),
        }),
      );
    },
  });

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/detail',
      // The GET form is revalidated (plugins/http-cache.ts); the POST one cannot be kept by anyone.
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: 'A supplier with its totals and its contracts by procedure type',
        headers: OrganizationHeaderSchema,
        querystring: SupplierDetailQuerySchema,
        ...(method === 'POST' ? { body: SupplierDetailBodySchema } : {}),
        response: { 200: SupplierDetailResponseSchema },
      },
      handler: async (request, reply) => {
        const filters = ((request.body ?? {}) as { filters?: object }).filters ?? {};
        const organization = await requireOrganization(request);
        const { id } = request.query;
        return sendCachedAnswer(reply, resultKey(organization, `supplier:${id}`, filters), async () => ({
          error: false as const,
          message: '',
          data: await getSupplierDetail(app.deps, organization, id, filters),
          ...lastUpdateOf(organization),
        }));
      },
    });

    app.route({
      method,
      url: '/detail/contracts',
      config: REVALIDATE_BY_MONITOR,
      schema: {
        tags,
        summary: 'More contracts of a supplier, of one procedure type, most recent first',
        headers: OrganizationHeaderSchema,
        querystring: SupplierContractsQuerySchema,
        ...(method === 'POST' ? { body: SupplierDetailBodySchema } : {}),
        response: { 200: SupplierContractsResponseSchema },
      },
      handler: async (request, reply) => {
        const filters = ((request.body ?? {}) as { filters?: object }).filters ?? {};
        const { id, procedureType, page } = request.query;
        const organization = await requireOrganization(request);
        const key = resultKey(
          organization,
          `supplier-contracts:${id}:${procedureType}`,
          filters,
          String(page),
        );
        return sendCachedAnswer(reply, key, async () => ({
          error: false as const,
          message: '',
          data: await supplierContracts(app.deps, organization, id, procedureType, page, filters),
        }));
      },
    });
  }
};
