import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { organizations } from './db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

/** What every module gets from the app: configuration, the database and the clock. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  now: () => Date;
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
