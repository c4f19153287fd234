import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ABOUT_MESSAGES, AboutBodySchema, AboutSettingsResponseSchema } from '../../../shared/schemas/about';
import { actorOf } from '../../plugins/auth';
import { aboutSettings, changeAbout } from './about.service';

/**
 * The association's texts in the installation tab of the settings screen: installation-wide, so
 * GENERAL administrators only and no monitor header (plugins/access.ts).
 */
export const aboutSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];

  app.get(
    '/load-about',
    {
      schema: {
        tags,
        summary: "The association's texts (About, sign-in page); empty where not configured",
        response: { 200: AboutSettingsResponseSchema },
      },
    },
    async () => ({ error: false as const, message: '', data: await aboutSettings(app.deps) }),
  );

  app.post(
    '/change-about',
    {
      schema: {
        tags,
        summary: 'Replace every text of the association (plain text; GENERAL administrators only)',
        body: AboutBodySchema,
        response: { 200: AboutSettingsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: ABOUT_MESSAGES.saved,
      data: await changeAbout(app.deps, actorOf(request), request.body),
    }),
  );
};
