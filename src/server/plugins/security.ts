import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * The only frames a page may show: the contact page's Google Maps embed (maps.google.com/maps,
 * which may redirect to www.google.com/maps; decision 0015).
 */
export const MAP_FRAME_SOURCES = ['https://maps.google.com/maps', 'https://www.google.com/maps'];

/**
 * Security headers. The Content-Security-Policy allows only our own scripts; styles may be inline
 * because Mantine writes its CSS variables at run time; blob: workers are for the captcha.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
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
}
