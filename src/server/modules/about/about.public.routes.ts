import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AboutResponseSchema } from '../../../shared/schemas/about';
import { publicAbout } from './about.service';

/** The association behind this installation, for the About and Privacy pages and the sign-in page. */
export const aboutPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['public'],
        summary: 'The association that runs this installation (About, Privacy and sign-in pages)',
        description:
          'Edited by GENERAL administrators (POST /api/settings/change-about); until then, the texts of ' +
          'ABOUT_FILE. Every text not configured reads "Por definir...".',
        response: { 200: AboutResponseSchema },
      },
    },
    async () => ({ error: false as const, message: '', data: await publicAbout(app.deps) }),
  );
};
