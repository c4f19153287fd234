import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RedFlagParametersSchema } from '../../../shared/red-flags/parameters-schema';
import { OrganizationHeaderSchema, successEnvelope } from '../../../shared/schemas/common';
import { SupplierListInfoSchema } from '../../../shared/schemas/red-flags';
import { AppError } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { LIST_BYTES, loadList } from './lists.service';
import { changeSettings, settingsOf, supplierListsInfo } from './red-flags.service';

const tags = ['red-flags'];
const LIST_KINDS = { 'sat-69b': 'SAT_69B', sanctions: 'SANCTIONS' } as const;

const SettingsSchema = z.object({ parameters: RedFlagParametersSchema, methodVersion: z.number().int() });
const ListLoadedSchema = z.object({
  kind: z.enum(['SAT_69B', 'SANCTIONS']),
  cutOff: z.string().nullable(),
  rows: z.number().int(),
  kept: z.number().int(),
  problems: z.array(z.object({ row: z.number().int(), message: z.string() })),
});

/**
 * /api/red-flags (issue 32): a monitor's parameters and switches (CALCULATIONS: they are part of
 * the monitor's method, like its index), and the installation's supplier lists (GENERAL).
 */
export const redFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The current monitor’s red-flag parameters and switches, and the method’s version',
        headers: OrganizationHeaderSchema,
        response: { 200: successEnvelope(SettingsSchema) },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      return {
        error: false as const,
        message: '',
        data: await settingsOf(app.deps.database.db, organization.id),
      };
    },
  );

  app.post(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Change the current monitor’s red-flag parameters and switches (bumps the method’s version)',
        description: 'Every flag of the monitor is recomputed in the background with the new parameters.',
        headers: OrganizationHeaderSchema,
        body: RedFlagParametersSchema,
        response: { 200: successEnvelope(SettingsSchema) },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      const data = await changeSettings(app.deps, organization.id, request.body, actorOf(request).userId);
      return {
        error: false as const,
        message: 'Se guardaron los parámetros de las señales de alerta.',
        data,
      };
    },
  );

  app.get(
    '/lists',
    {
      schema: {
        tags,
        summary: 'The supplier lists loaded into the installation (SAT art. 69-B, sanctioned suppliers)',
        response: {
          200: successEnvelope(
            z.object({
              sat69b: SupplierListInfoSchema.nullable(),
              sanctions: SupplierListInfoSchema.nullable(),
            }),
          ),
        },
      },
    },
    async () => {
      return { error: false as const, message: '', data: await supplierListsInfo(app.deps) };
    },
  );

  app.post(
    '/lists/:kind',
    {
      schema: {
        tags,
        summary: 'Replace a supplier list with the file its publisher publishes (multipart field file)',
        description:
          '`sat-69b`: the SAT’s complete art. 69-B list (Listado_Completo_69-B.csv, Windows-1252, with its legend lines). ' +
          '`sanctions`: the federal directory of sanctioned suppliers as its portal’s JSON. The list is replaced whole and ' +
          'every monitor’s flags are recomputed.',
        consumes: ['multipart/form-data'],
        params: z.object({ kind: z.enum(['sat-69b', 'sanctions']) }),
        response: { 200: successEnvelope(ListLoadedSchema) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, 'file', {
        maxBytes: LIST_BYTES,
        messages: {
          notMultipart: 'Adjunta el archivo del listado en el campo file.',
          tooLarge: 'El archivo del listado no puede pesar más de 40 MB.',
        },
      });
      if (!upload.file) throw new AppError('BAD_REQUEST', 'Adjunta el archivo del listado en el campo file.');
      const data = await loadList(app.deps, LIST_KINDS[request.params.kind], new Uint8Array(upload.file), {
        kind: 'UPLOAD',
        userId: actorOf(request).userId,
      });
      return { error: false as const, message: 'Se cargó el listado.', data };
    },
  );
};
