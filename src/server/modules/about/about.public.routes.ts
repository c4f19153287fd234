import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AboutResponseSchema } from '../../../shared/schemas/about';

/** The association behind this installation, for the About and Privacy pages. */
export const aboutPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['public'],
        summary: 'The association that runs this installation (About and Privacy pages)',
        description: 'Configured with ABOUT_FILE; every text not configured reads "Por definir...".',
        response: { 200: AboutResponseSchema },
      },
    },
    async () => ({ error: false as const, message: '', data: app.deps.config.about }),
  );
};
