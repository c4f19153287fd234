import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../shared/constants/limits';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  SETTINGS_MESSAGES,
  SettingsBodySchema,
  SettingsResponseSchema,
  ThemeBodySchema,
} from '../../../shared/schemas/settings';
import { AppError } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth';
import { requireOrganization } from '../../plugins/organization';
import { changeCover, changeSettings, changeTheme, loadSettings } from './settings.service';

/**
 * The public-site settings of the current monitor (SETTINGS permission, see plugins/access.ts):
 * texts and flags, cover and theme. Only the monitor of the header is ever read or written.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];

  app.get(
    '/load-settings',
    {
      schema: {
        tags,
        summary: "The current monitor's public-site settings (contactEmail included) and its periods",
        headers: OrganizationHeaderSchema,
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: '',
      data: await loadSettings(app.deps, await requireOrganization(request)),
    }),
  );

  app.post(
    '/change-settings',
    {
      schema: {
        tags,
        summary: 'Change texts and flags of the current monitor (fields left out stay as they are)',
        description:
          'welcomeTitle, title and description keep only b, strong, i, em, u, br and p (no attributes); ' +
          'the other texts are plain. An empty text clears the field.',
        headers: OrganizationHeaderSchema,
        body: SettingsBodySchema,
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: SETTINGS_MESSAGES.saved,
      data: await changeSettings(app.deps, await requireOrganization(request), request.body),
    }),
  );

  app.post(
    '/change-cover',
    {
      schema: {
        tags,
        summary: `Replace the cover of the current monitor (multipart field cover: PNG, JPEG, GIF or SVG, ${LIMITS.coverBytes / 1024 / 1024} MB)`,
        headers: OrganizationHeaderSchema,
        consumes: ['multipart/form-data'],
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      const data = await readCover(request);
      return {
        error: false as const,
        message: SETTINGS_MESSAGES.coverSaved,
        data: await changeCover(app.deps, organization, actorOf(request), data),
      };
    },
  );

  app.post(
    '/change-theme',
    {
      schema: {
        tags,
        summary: 'Choose one of the 14 themes for the current monitor; its colour follows',
        headers: OrganizationHeaderSchema,
        body: ThemeBodySchema,
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      message: SETTINGS_MESSAGES.themeSaved,
      data: await changeTheme(app.deps, await requireOrganization(request), request.body.theme),
    }),
  );
};

/** The bytes of the multipart field `cover` (other parts are read and dropped), within the cover limit. */
async function readCover(request: FastifyRequest): Promise<Buffer> {
  const { file } = await readUpload(request, 'cover', {
    maxBytes: LIMITS.coverBytes,
    messages: { notMultipart: SETTINGS_MESSAGES.coverMissing, tooLarge: SETTINGS_MESSAGES.coverSize },
  });
  if (!file) throw new AppError('BAD_REQUEST', SETTINGS_MESSAGES.coverMissing);
  return file;
}
