import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_MESSAGES,
  AlertExportSchema,
  AlertFollowParamsSchema,
  AlertTokenParamsSchema,
  ConfirmationResponseSchema,
  ConfirmedResponseSchema,
  DoneResponseSchema,
  FollowBodySchema,
  FollowDeleteResponseSchema,
  FollowPatchResponseSchema,
  FollowPatchSchema,
  FollowPendingResponseSchema,
  followPendingMessage,
  ManageResponseSchema,
  UnsubscribeBodySchema,
} from '../../../shared/schemas/alerts';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import { createCaptcha } from '../../lib/captcha';
import { AppError } from '../../lib/errors';
import { requireOrganization } from '../../plugins/organization';
import {
  changeFollow,
  confirm,
  confirmationOf,
  endFollow,
  eraseAddress,
  exportAddress,
  manage,
  newManagementLink,
  requestFollow,
  unsubscribe,
} from './follows.service';

const tags = ['alerts'];
const ok = <T>(data: T, message = '') => ({ error: false as const, message, data });

/**
 * /public-api/alerts: following something by e-mail without an account (decision 0053). The form
 * (header's monitor, captcha), the confirmation link, the management page behind the address's
 * link and the one-click unsubscribe of the e-mails (RFC 8058). Token routes need no monitor.
 */
export const alertsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = createCaptcha(app.deps.sessionKey);
  // Mail clients post RFC 8058's one-click form (`List-Unsubscribe=One-Click`); only these routes read it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Every answer below is about one person's address: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/follow',
    {
      config: {
        rateLimit: {
          max: app.deps.config.rateLimits.contactPerHour,
          timeWindow: 60 * 60_000,
          errorResponseBuilder: () => new AppError('RATE_LIMITED'),
        },
      },
      schema: {
        tags,
        summary: 'Follow new contracts, a red flag, the index or the publication of the monitor by e-mail',
        description:
          'Double opt-in: answers 202 and e-mails a confirmation link; nothing is sent before it is used. ' +
          'The same answer whether or not the address already follows something. Needs a solved, unused ' +
          'ALTCHA challenge (GET /public-api/contact/challenge). At most 20 follows per address (409) and 5 ' +
          'e-mails per address and hour (429); an address that unsubscribed in the last 30 days gets 409 ' +
          '(recentlyUnsubscribed) unless `again` is true.',
        headers: OrganizationHeaderSchema,
        body: FollowBodySchema,
        response: { 202: FollowPendingResponseSchema },
      },
    },
    async (request, reply) => {
      const organization = await requireOrganization(request);
      await requestFollow(app.deps, captcha, organization, request.body, request.log);
      reply.code(202);
      return ok({ pending: true as const }, followPendingMessage(request.body.email));
    },
  );

  app.get(
    '/confirm/:token',
    {
      schema: {
        tags,
        summary: 'What a confirmation link is about, and whether it was used (no side effect)',
        params: AlertTokenParamsSchema,
        response: { 200: ConfirmationResponseSchema },
      },
    },
    async (request) => ok(await confirmationOf(app.deps, request.params.token)),
  );

  app.post(
    '/confirm/:token',
    {
      schema: {
        tags,
        summary: "Confirms the follow; gives the address's management token",
        description: 'A link already used answers 409; an unknown one 404.',
        params: AlertTokenParamsSchema,
        response: { 200: ConfirmedResponseSchema },
      },
    },
    async (request) => ok(await confirm(app.deps, request.params.token), ALERT_MESSAGES.confirmed),
  );

  app.get(
    '/manage/:token',
    {
      schema: {
        tags,
        summary: 'The address of a management link and every follow of it',
        params: AlertTokenParamsSchema,
        response: { 200: ManageResponseSchema },
      },
    },
    async (request) => ok(await manage(app.deps, request.params.token)),
  );

  app.patch(
    '/manage/:token/follows/:id',
    {
      schema: {
        tags,
        summary: "Changes a follow's frequency, or an index follow's threshold",
        params: AlertFollowParamsSchema,
        body: FollowPatchSchema,
        response: { 200: FollowPatchResponseSchema },
      },
    },
    async (request) => {
      const { token, id } = request.params;
      return ok({ follow: await changeFollow(app.deps, token, id, request.body) }, ALERT_MESSAGES.updated);
    },
  );

  app.delete(
    '/manage/:token/follows/:id',
    {
      schema: {
        tags,
        summary: 'Ends one follow; the last one takes the address with it',
        params: AlertFollowParamsSchema,
        response: { 200: FollowDeleteResponseSchema },
      },
    },
    async (request) =>
      ok(await endFollow(app.deps, request.params.token, request.params.id), ALERT_MESSAGES.followDeleted),
  );

  app.post(
    '/manage/:token/new-link',
    {
      schema: {
        tags,
        summary: 'E-mails a new management link; every earlier one stops working',
        params: AlertTokenParamsSchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request) => {
      await newManagementLink(app.deps, request.params.token);
      return ok({ done: true as const }, ALERT_MESSAGES.newLinkSent);
    },
  );

  app.get(
    '/manage/:token/export',
    {
      schema: {
        tags,
        summary: 'Everything stored about the address, as a JSON file',
        params: AlertTokenParamsSchema,
        response: { 200: AlertExportSchema },
      },
    },
    async (request, reply) => {
      const data = await exportAddress(app.deps, request.params.token);
      reply.header('content-disposition', 'attachment; filename="vigia-avisos.json"');
      return data;
    },
  );

  app.delete(
    '/manage/:token',
    {
      schema: {
        tags,
        summary: 'Erases the address, every follow and every alert of it',
        description:
          'Only the SHA-256 of the address is kept, for 30 days (no confirmation e-mail meanwhile).',
        params: AlertTokenParamsSchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request) => {
      await eraseAddress(app.deps, request.params.token);
      return ok({ done: true as const }, ALERT_MESSAGES.erased);
    },
  );

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags,
        summary: "One-click unsubscribe (RFC 8058) with an e-mail's management token",
        description:
          'Accepts `List-Unsubscribe=One-Click` as application/x-www-form-urlencoded (mail clients), a JSON ' +
          'object or no body (the web page). Ends every follow and erases the address; 200 also when it ' +
          'is gone already. No monitor, cookie or session needed.',
        params: AlertTokenParamsSchema,
        body: UnsubscribeBodySchema,
        response: { 200: DoneResponseSchema },
      },
    },
    async (request) => {
      await unsubscribe(app.deps, request.params.token);
      return ok({ done: true as const }, ALERT_MESSAGES.unsubscribed);
    },
  );
};
