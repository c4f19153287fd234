import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../shared/constants/limits';
import { OrganizationHeaderSchema, successEnvelope, UuidSchema } from '../../../shared/schemas/common';
import {
  AdministrationPeriodFieldSchema,
  ConfirmLoadBodySchema,
  DATA_LOAD_MESSAGES,
  DataLoadInfoSchema,
  DataLoadRowsQuerySchema,
  DataLoadRowsSchema,
} from '../../../shared/schemas/data-load';
import { AppError } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { cancelLoad, currentLoadRows, loadInfo, loadRowsPage, uploadLoad } from './data-load.service';
import { confirmLoad } from './data-load-confirm';
import { buildTemplate } from './template';
import { writeValidations } from './validations';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['data-load'];

/** /api/data-load (admin spec, section 7): the spreadsheet load of the current monitor (CONTRACTS). */
export const dataLoadRoutes: FastifyPluginAsyncZod = async (app) => {
  const infoEnvelope = successEnvelope(DataLoadInfoSchema);

  app.post(
    '/upload',
    {
      schema: {
        tags,
        summary:
          'Upload a sheet, or up to 20 (multipart: file, repeated for several; optional idDataLoad for corrections; optional administrationPeriod YYYY-YYYY for a format-28 workbook, applied to every row); read in the background',
        description:
          "The file is the original template (.xlsx, .xls, .ods or .csv) or a format-28 workbook of the national transparency platform exactly as published (recognised by its content). A format-28 row takes `administrationPeriod` when given, else the monitor's administration period whose years include its Ejercicio.",
        consumes: ['multipart/form-data'],
        headers: OrganizationHeaderSchema,
        response: { 202: infoEnvelope },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'file', {
        maxBytes: LIMITS.dataLoadBytes,
        maxFiles: LIMITS.dataLoadFiles,
        messages: {
          notMultipart: DATA_LOAD_MESSAGES.noFile,
          tooLarge: DATA_LOAD_MESSAGES.tooLarge,
          tooManyFiles: DATA_LOAD_MESSAGES.tooManyFiles,
        },
      });
      const idDataLoad = upload.fields.idDataLoad?.trim() || undefined;
      if (idDataLoad && !UuidSchema.safeParse(idDataLoad).success)
        throw new AppError('CONFLICT', DATA_LOAD_MESSAGES.notAvailable);
      const period = AdministrationPeriodFieldSchema.safeParse(upload.fields.administrationPeriod);
      if (!period.success) throw new AppError('BAD_REQUEST', DATA_LOAD_MESSAGES.administrationPeriodFormat);
      const organization = await requireOrganization(request);
      const data = await uploadLoad(app.deps, organization, actorOf(request), {
        files: upload.files,
        ...(idDataLoad ? { idDataLoad } : {}),
        administrationPeriod: period.data,
      });
      return reply.code(202).send({ error: false as const, message: DATA_LOAD_MESSAGES.uploaded, data });
    },
  );

  app.get(
    '/current-info',
    {
      schema: {
        tags,
        summary:
          'The current load (being read or waiting for review), the last confirmed one and a failed read',
        headers: OrganizationHeaderSchema,
        response: { 200: infoEnvelope },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await loadInfo(app.deps, await requireOrganization(request)),
    }),
  );

  app.get(
    '/current',
    {
      schema: {
        tags,
        summary: "One page of the current load's rows (10), in sheet order; search and status filters",
        headers: OrganizationHeaderSchema,
        querystring: DataLoadRowsQuerySchema,
        response: { 200: successEnvelope(DataLoadRowsSchema) },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await loadRowsPage(app.deps, await requireOrganization(request), request.query),
    }),
  );

  app.post(
    '/cancel-current',
    {
      schema: {
        tags,
        summary: 'Cancel the current load (its rows are dropped; a reading in progress stops)',
        headers: OrganizationHeaderSchema,
        response: { 200: infoEnvelope },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      await cancelLoad(app.deps, organization, actorOf(request));
      return {
        error: false as const,
        message: DATA_LOAD_MESSAGES.cancelled,
        data: await loadInfo(app.deps, organization),
      };
    },
  );

  app.post(
    '/confirm-current',
    {
      schema: {
        tags,
        summary:
          'Confirm the current load in one transaction; with rows in error, `ignoreErrors: true` is required (those rows are not loaded)',
        headers: OrganizationHeaderSchema,
        body: ConfirmLoadBodySchema,
        response: {
          200: successEnvelope(
            DataLoadInfoSchema.extend({
              created: z.object({
                contracts: z.number().int(),
                suppliers: z.number().int(),
                administrativeUnits: z.number().int(),
                skipped: z.number().int(),
              }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      const created = await confirmLoad(
        app.deps,
        organization,
        actorOf(request),
        request.body ?? { ignoreErrors: false },
      );
      return {
        error: false as const,
        message: DATA_LOAD_MESSAGES.confirmed,
        data: { ...(await loadInfo(app.deps, organization)), created },
      };
    },
  );

  app.get(
    '/download-validations',
    {
      schema: {
        tags,
        summary:
          "The current load's rows as .xlsx, error cells pink and info cells blue with notes, and an 'Errores' column",
        headers: OrganizationHeaderSchema,
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      const rows = await currentLoadRows(app.deps, organization);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', 'attachment; filename="validaciones.xlsx"')
        .header('cache-control', 'no-store')
        .send(writeValidations(rows));
    },
  );

  app.get(
    '/download-plantilla',
    {
      schema: {
        tags,
        summary: 'The template: codes C1..C34, Spanish headers, drop-down lists and an instructions sheet',
        headers: OrganizationHeaderSchema,
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', 'attachment; filename="plantilla-carga-de-datos.xlsx"')
        .send(await buildTemplate()),
  );
};
