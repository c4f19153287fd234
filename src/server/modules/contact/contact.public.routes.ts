import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrganizationHeaderSchema } from '../../../shared/schemas/common';
import {
  CONTACT_MESSAGES,
  ContactBodySchema,
  ContactChallengeSchema,
  ContactInfoResponseSchema,
  ContactSubmitResponseSchema,
} from '../../../shared/schemas/contact';
import { createCaptcha } from '../../lib/captcha';
import { AppError } from '../../lib/errors';
import { requireOrganization } from '../../plugins/organization';
import { presentContactInfo } from './contact.presenter';
import { submitContactMessage } from './contact.service';

/** Challenges are cheap to make but not free: a browser needs one per tick of the box. */
const CHALLENGE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** The contact page: the monitor's contact details, a captcha challenge and the form's submission. */
export const contactPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = createCaptcha(app.deps.sessionKey);

  app.get(
    '/load-info',
    {
      schema: {
        tags: ['public'],
        summary: "The monitor's address, schedule, contact e-mail and whether the form can deliver",
        headers: OrganizationHeaderSchema,
        response: { 200: ContactInfoResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      return { error: false as const, message: '', data: presentContactInfo(organization) };
    },
  );

  app.get(
    '/challenge',
    {
      config: { rateLimit: CHALLENGE_RATE_LIMIT },
      schema: {
        tags: ['public'],
        summary: 'A new ALTCHA proof-of-work challenge (SHA-256) for the contact form',
        description: 'Signed by this installation; valid for 10 minutes and for one message.',
        response: { 200: ContactChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  app.post(
    '/submit',
    {
      config: {
        rateLimit: {
          max: app.deps.config.rateLimits.contactPerHour,
          timeWindow: 60 * 60_000,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', CONTACT_MESSAGES.tooMany),
        },
      },
      schema: {
        tags: ['public'],
        summary: "Send a message to the monitor's contact e-mail",
        description:
          'Needs a solved, unexpired and unused ALTCHA challenge (`altcha`). The message is stored, then ' +
          "e-mailed to the monitor's contact address after the answer, with reply-to set to the sender. " +
          'Rate-limited per address (IPv6: per /64).',
        headers: OrganizationHeaderSchema,
        body: ContactBodySchema,
        response: { 200: ContactSubmitResponseSchema },
      },
    },
    async (request) => {
      const organization = await requireOrganization(request);
      await submitContactMessage(app.deps, captcha, organization, request.body, request.log);
      return { error: false as const, message: CONTACT_MESSAGES.sent };
    },
  );
};
