import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponseSchema } from '../../../shared/schemas/accounts';
import { successEnvelope } from '../../../shared/schemas/common';
import {
  IdBodySchema,
  ProfileResponseSchema,
  ProfileUpdateBodySchema,
  USER_MESSAGES,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserSaveBodySchema,
  UsersUpdatedDocsBodySchema,
} from '../../../shared/schemas/users';
import { AppError } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { actorOf, principalOf } from '../../plugins/auth';
import {
  deleteCatalogueEntry,
  listCatalogue,
  type Scope,
  saveCatalogueEntries,
  saveCatalogueEntry,
} from '../catalogues/catalogue';
import { replaceProfilePicture, updateProfile } from './profile.service';
import { userCatalogue } from './users.catalogue';
import { presentProfile } from './users.presenter';
import type { AccountEffects } from './users.service';

/**
 * The users catalogue (USERS) and everyone's own profile (signed in); see plugins/access.ts. What
 * their changes do to accounts (sessions, links, invitations, holds) is the port the app passes in.
 */
export const usersRoutes =
  (accounts: AccountEffects): FastifyPluginAsyncZod =>
  async (app) => {
    const catalogue = userCatalogue(accounts);
    // Users belong to the installation: no monitor, only who acts.
    const scopeOf = (request: FastifyRequest): Scope => ({ organization: null, actor: actorOf(request) });

    app.get(
      '/list',
      {
        schema: {
          tags: ['users'],
          summary: 'Users catalogue: one page (10), newest first, searchable by name, last name and e-mail',
          querystring: UserListQuerySchema,
          response: { 200: UserListResponseSchema },
        },
      },
      async (request) => {
        const { docs, total, page, pages } = await listCatalogue(
          app.deps,
          catalogue,
          scopeOf(request),
          request.query,
        );
        return { error: false as const, message: '', data: { docs, total, page, pages } };
      },
    );

    app.post(
      '/save',
      {
        schema: {
          tags: ['users'],
          summary: 'Invite a user (no _id: an e-mail with a link to choose a password) or update one',
          body: UserSaveBodySchema,
          response: { 200: UserResponseSchema },
        },
      },
      async (request) => {
        const { doc, created } = await saveCatalogueEntry(
          app.deps,
          catalogue,
          scopeOf(request),
          request.body,
        );
        return {
          error: false as const,
          message: created ? USER_MESSAGES.created : USER_MESSAGES.updated,
          data: doc,
        };
      },
    );

    app.post(
      '/delete',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete a user (ends their sessions); never oneself or the last GENERAL administrator',
          body: IdBodySchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (request) => {
        await deleteCatalogueEntry(app.deps, catalogue, scopeOf(request), request.body._id);
        return { error: false as const, message: USER_MESSAGES.deleted };
      },
    );

    app.post(
      '/save-updated-docs',
      {
        schema: {
          tags: ['users'],
          summary: 'Save the rows changed in the inline edit mode: all or none',
          body: UsersUpdatedDocsBodySchema,
          response: { 200: successEnvelope(z.object({ saved: z.number().int() })) },
        },
      },
      async (request) => {
        const saved = await saveCatalogueEntries(app.deps, catalogue, scopeOf(request), request.body.docs);
        return { error: false as const, message: USER_MESSAGES.rowsSaved, data: { saved } };
      },
    );

    app.get(
      '/getProfileInfo',
      {
        schema: {
          tags: ['users'],
          summary: "The signed-in user's own profile",
          querystring: z.object({ id: z.string().max(64).optional() }),
          response: { 200: ProfileResponseSchema },
        },
      },
      async (request) => {
        const { user } = principalOf(request);
        if (request.query.id && request.query.id !== user.id) throw new AppError('FORBIDDEN');
        return { error: false as const, message: '', data: presentProfile(user) };
      },
    );

    app.post(
      '/updateProfileInfo',
      {
        // Per address, as sign-in: each password change costs two argon2 runs.
        config: { rateLimit: { max: app.deps.config.rateLimits.loginPer15Minutes, timeWindow: 15 * 60_000 } },
        schema: {
          tags: ['users'],
          summary: "Change one's own name and last name, or password (with the current one)",
          body: ProfileUpdateBodySchema,
          response: { 200: ProfileResponseSchema },
        },
      },
      async (request) => {
        const user = await updateProfile(app.deps, accounts, actorOf(request), request.body);
        return { error: false as const, message: USER_MESSAGES.profileSaved, data: presentProfile(user) };
      },
    );

    app.post(
      '/uploadProfilePicture',
      {
        schema: {
          tags: ['users'],
          summary:
            "Replace one's own profile picture (multipart field profilePicture: PNG, JPEG, GIF or SVG, 2 MB)",
          consumes: ['multipart/form-data'],
          response: { 200: ProfileResponseSchema },
        },
      },
      async (request) => {
        const { file } = await readUpload(request, 'profilePicture', {
          messages: { notMultipart: USER_MESSAGES.pictureType, tooLarge: USER_MESSAGES.pictureSize },
        });
        if (!file) throw new AppError('BAD_REQUEST', 'Selecciona una imagen (campo profilePicture).');
        const user = await replaceProfilePicture(app.deps, actorOf(request), file);
        return { error: false as const, message: USER_MESSAGES.profileSaved, data: presentProfile(user) };
      },
    );
  };
