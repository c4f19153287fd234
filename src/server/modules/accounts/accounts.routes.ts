import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  LoginBodySchema,
  LoginResponseSchema,
  MessageResponseSchema,
  NewPasswordBodySchema,
  ResetPasswordBodySchema,
  SessionSchema,
} from '../../../shared/schemas/accounts';
import { successEnvelope } from '../../../shared/schemas/common';
import { principalOf } from '../../plugins/auth';
import { login, logout, requestPasswordReset, sessionView, setPasswordWithToken } from './accounts.service';

const FIFTEEN_MINUTES = 15 * 60_000;

/** Sign-in and password links: no session needed, every route rate-limited per address. */
export const accountsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.deps.config;

  app.post(
    '/login',
    {
      config: { rateLimit: { max: rateLimits.loginPer15Minutes, timeWindow: FIFTEEN_MINUTES } },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail (username) and password',
        description:
          'Returns a session token valid for 86,400 s. Wrong e-mail, wrong password and inactive account ' +
          'give the same 401. Rate-limited per address and, for failures, per account and address.',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) => {
      const session = await login(app.deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return { error: false as const, message: 'Sesión iniciada.', data: session };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: { max: rateLimits.resetPerHour, timeWindow: 60 * 60_000 } },
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a password-reset link',
        description:
          'Always answers the same, whether or not the address has an account. The link is valid for 60 minutes, once.',
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(app.deps, request.body.email);
      return { error: false as const, message: ACCOUNT_MESSAGES.resetSent };
    },
  );

  app.post(
    '/valid-token/',
    {
      config: { rateLimit: { max: rateLimits.loginPer15Minutes, timeWindow: FIFTEEN_MINUTES } },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the token of a reset or invitation link',
        description:
          'A used, unknown or expired token gives 410 LINK_EXPIRED. Ends every session of the user.',
        body: NewPasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await setPasswordWithToken(app.deps, request.body);
      return { error: false as const, message: ACCOUNT_MESSAGES.passwordUpdated };
    },
  );
};

/** The signed-in session: who it is (fresh permissions) and signing out on the server. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user and permissions, as they are now',
        response: { 200: successEnvelope(SessionSchema.omit({ token: true, expiresAt: true })) },
      },
    },
    async (request) => ({ error: false as const, message: '', data: sessionView(principalOf(request).user) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End this session on the server',
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await logout(app.deps, principalOf(request).sessionId);
      return { error: false as const, message: ACCOUNT_MESSAGES.loggedOut };
    },
  );
};
