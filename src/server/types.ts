import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { organizations } from './db/schema';
import type { ResultCache } from './lib/result-cache';

export type OrganizationRow = typeof organizations.$inferSelect;

/** What every module gets from the app: configuration, the database, the clock and the result cache. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  now: () => Date;
  cache: ResultCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by requireOrganization(): the organization named by X-CURRENT-ORGANIZATION-ID. */
    organization?: OrganizationRow;
  }
}
