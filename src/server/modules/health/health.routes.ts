import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../shared/schemas/health';
import { pingDatabaseOnce } from './health.service';

const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness (the process answers) and readiness (it can reach its database and is not shutting
 * down). Load balancers route traffic by /health/ready.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/live', { schema: { hide: true, response: { 200: HealthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (_request, reply) => {
      const database = closing ? false : await pingDatabase(app);
      const body = {
        status: database ? ('ok' as const) : ('unavailable' as const),
        checks: { database: database ? ('ok' as const) : ('failed' as const) },
      };
      return reply.code(database ? 200 : 503).send(body);
    },
  );
};

async function pingDatabase(app: Parameters<FastifyPluginAsyncZod>[0]): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
    });
    await Promise.race([pingDatabaseOnce(app.deps), timeout]);
    return true;
  } catch (error) {
    app.log.warn({ err: error }, 'readiness check failed');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
