import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGES } from '../../../shared/errors';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { AppError } from '../../lib/errors';
import { authenticate } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { liveSessionUser } from '../accounts/accounts.service';

const HEARTBEAT_MS = 25_000;
/** Open notification streams per session (one per browser tab): enough for people, not for a flood. */
const MAX_STREAMS_PER_SESSION = 5;

/**
 * The live stream of the current monitor's notifications (server-sent events, fed by the event
 * bus), under /api/admin beside the dashboard's routes (admin.routes.ts).
 */
export const notificationStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const streams = new Set<() => void>();
  const openStreams = new Map<string, number>();
  // Before the server stops accepting: an open stream would otherwise hold the close.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary: "Server-sent events: `notifications` whenever the monitor's notifications change",
        description:
          'Authenticated like every /api call (Authorization header; browsers read it with fetch). ' +
          'Ends when the session ends. Delivered across server processes through PostgreSQL LISTEN/NOTIFY.',
        headers: OrganizationHeaderSchema,
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      const principal = await authenticate(request);
      // HEAD (derived from this GET) gets the stream's headers only: a stream held open would
      // never answer, since a HEAD response has no body to write events into.
      if (request.method === 'HEAD') {
        return reply.header('cache-control', 'no-store').type('text/event-stream; charset=utf-8').send('');
      }
      const { deps } = app;
      const open = openStreams.get(principal.sessionId) ?? 0;
      if (open >= MAX_STREAMS_PER_SESSION) {
        throw new AppError(
          'RATE_LIMITED',
          'Hay demasiadas pestañas abiertas con esta sesión. Cierra alguna e intenta nuevamente.',
        );
      }
      openStreams.set(principal.sessionId, open + 1);
      reply.hijack();
      const raw = reply.raw;
      let unsubscribe = () => {};
      let heartbeat: NodeJS.Timeout | undefined;
      let closed = false;
      const stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        const left = (openStreams.get(principal.sessionId) ?? 1) - 1;
        if (left > 0) openStreams.set(principal.sessionId, left);
        else openStreams.delete(principal.sessionId);
      };
      const end = () => {
        stop();
        raw.end();
      };
      // Registered first: a client gone while we subscribe must not leave anything behind.
      raw.on('close', stop);
      streams.add(end);
      try {
        const subscription = await deps.events.subscribe('notifications', (event) => {
          if (event.organizationId === organization.id) raw.write('event: notifications\ndata: {}\n\n');
        });
        if (closed) subscription();
        else unsubscribe = subscription;
      } catch (error) {
        request.log.error({ err: error }, 'notification stream could not subscribe');
        raw.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        raw.end(
          JSON.stringify({
            error: true,
            code: 'UNAVAILABLE',
            message: DEFAULT_ERROR_MESSAGES.UNAVAILABLE,
            requestId: String(request.id),
          }),
        );
        stop();
        return;
      }
      if (closed) return;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': String(request.id),
      });
      raw.write('retry: 5000\nevent: ready\ndata: {}\n\n');
      // The stream lives only as long as the session: checked on every heartbeat.
      heartbeat = setInterval(() => {
        liveSessionUser(deps, principal.sessionId, principal.user.id)
          .then((user) => {
            if (user) raw.write(': ping\n\n');
            else {
              raw.write('event: session-ended\ndata: {}\n\n');
              end();
            }
          })
          .catch(() => end());
      }, HEARTBEAT_MS);
    },
  );
};
