import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/**
 * The only frames a page may show: the contact page's Google Maps embed (maps.google.com/maps,
 * which may redirect to www.google.com/maps; decision 0015).
 */
export const MAP_FRAME_SOURCES = ['https://maps.google.com/maps', 'https://www.google.com/maps'];

/**
 * The security headers every answer carries, as helmet writes them. The Content-Security-Policy
 * allows only our own scripts; styles may be inline because Mantine writes its CSS variables at
 * run time; blob: workers are for the captcha. Nothing in them depends on the request, so they
 * are built once (helmet rebuilt its middleware and the policy text on every request).
 */
export function securityHeaders(config: Pick<AppConfig, 'publicUrl'>): [name: string, value: string][] {
  const https = config.publicUrl.startsWith('https://');
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The contact page asks the map's address first, to show a link when it cannot be reached.
        connectSrc: ["'self'", ...MAP_FRAME_SOURCES],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        frameSrc: MAP_FRAME_SOURCES,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet writes its headers on a response: this one only records them.
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Puts the security headers on every answer (pages, files, API answers, errors, the admin's event
 * stream), before any route runs: a route may replace one (a file's stricter policy).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
