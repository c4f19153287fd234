import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationById } from '../../plugins/organization';
import { type FeedRequest, monitorFeed } from './feeds.service';

/**
 * The Atom feeds of a monitor (issue 33, decision 0053), public and without the organization
 * header (a feed reader sends none): `/feeds/{organization}.atom` and the feeds of a supplier, a
 * unit and a red flag beneath it. Sent with an ETag and revalidated after five minutes; a monitor,
 * supplier, unit or flag that is not there is a 404.
 */
export const feedsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Alertas'];
  const id = z.string().max(100);
  const organization = id.meta({
    description: 'The monitor’s id',
    examples: ['0190a1b2-0000-7000-8000-000000000001'],
  });
  const produces = ['application/atom+xml'];

  const send = async (request: FastifyRequest, reply: FastifyReply, monitorId: string, feed: FeedRequest) => {
    const monitor = await organizationById(app.deps.organizations, monitorId.toLowerCase());
    const answer = await monitorFeed(app.deps, monitor, feed);
    reply.header('etag', answer.etag).header('cache-control', 'public, max-age=300');
    const asked = request.headers['if-none-match'];
    if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag))
      return reply.code(304).send();
    return reply.type('application/atom+xml; charset=utf-8').send(answer.text);
  };

  app.get(
    '/:organization.atom',
    {
      schema: {
        tags,
        produces,
        summary: 'Atom feed of a monitor: its new contracts and confirmed data loads',
        description: 'The 50 most recent entries, newest first (Atom 1.0, RFC 4287).',
        params: z.object({ organization }),
      },
    },
    (request, reply) => send(request, reply, request.params.organization, { kind: 'monitor' }),
  );

  app.get(
    '/:organization/suppliers/:supplier.atom',
    {
      schema: {
        tags,
        produces,
        summary: 'Atom feed of a supplier’s new contracts in a monitor',
        description: 'The 50 most recently created contracts of the supplier, newest first.',
        params: z.object({ organization, supplier: id }),
      },
    },
    (request, reply) =>
      send(request, reply, request.params.organization, { kind: 'supplier', id: request.params.supplier }),
  );

  app.get(
    '/:organization/units/:unit.atom',
    {
      schema: {
        tags,
        produces,
        summary: 'Atom feed of an administrative unit’s new contracts in a monitor',
        description: 'The 50 most recently created contracts the unit requested or convened, newest first.',
        params: z.object({ organization, unit: id }),
      },
    },
    (request, reply) =>
      send(request, reply, request.params.organization, { kind: 'unit', id: request.params.unit }),
  );

  app.get(
    '/:organization/flags/:code.atom',
    {
      schema: {
        tags,
        produces,
        summary: 'Atom feed of the new contracts carrying a red flag in a monitor',
        description:
          'A red flag’s code (`/public-api/flags`), or `ANY` for any flag; the flags as the monitor keeps them. ' +
          'The 50 most recently created contracts carrying it, newest first, each with the flag’s sentence.',
        params: z.object({ organization, code: id }),
      },
    },
    (request, reply) =>
      send(request, reply, request.params.organization, { kind: 'flag', code: request.params.code }),
  );
};
