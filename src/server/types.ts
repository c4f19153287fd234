import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import type { organizations } from './db/schema';
import type { DownloadGate } from './exports/gate';
import type { PdfPool } from './exports/pdf-pool';
import type { BackgroundTasks } from './lib/background';
import type { EventBus } from './lib/events';
import type { Jobs } from './lib/jobs';
import type { Limiter } from './lib/limiter';
import type { Mailer } from './lib/mailer';
import type { ObjectStore } from './lib/object-store';
import type { OutboundClient } from './lib/outbound/client';
import type { ResultCache } from './lib/result-cache';
import type { RowCache } from './lib/row-cache';
import type { SharedAnswers } from './lib/shared-answers';
import type { VersionsSeen } from './lib/versions-seen';

export type OrganizationRow = typeof organizations.$inferSelect;

/** What every module gets from the app: configuration, the database, the clock, caches and outside channels. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  now: () => Date;
  cache: ResultCache;
  /** Public answers computed by one process for all of them (PostgreSQL; null on the embedded database). */
  sharedAnswers: SharedAnswers | null;
  /** Signs and checks session tokens. */
  sessionKey: Uint8Array;
  mailer: Mailer;
  /** Short, best-effort work after the response (counter sweeps); never for work that matters. */
  background: BackgroundTasks;
  /** Events between server processes (a monitor's notifications changed), through LISTEN/NOTIFY. */
  events: EventBus;
  /** Organizations by id, as the organization header names them; never stale (decision 0020). */
  organizations: RowCache<OrganizationRow>;
  /**
   * How many times what visitors see of each monitor's document copies changed, by monitor id
   * (the contract pages' version beside the data version, decision 0054), looked at again at most
   * every BACKUP_PAGES_SEE_COPIES_MS.
   */
  copies: VersionsSeen;
  /** Durable jobs in the database (e-mails): survive restarts, run once, retried (decision 0026). */
  jobs: Jobs;
  /** Rate limits and failure holds, counted in the database so every process shares them. */
  limiter: Limiter;
  /** Admits downloads fairly: a few per address, a bounded line of PDFs. */
  downloads: DownloadGate;
  /** The PDF threads (PDF_WORKERS), started on first use and reused. */
  pdfPool: PdfPool;
  /** The one way to call another server: checked addresses, pinned connections, caps (lib/outbound). */
  outbound: OutboundClient;
  /** The object store of the backup copies (FILE_STORAGE_URL), or null: bytes in the database. */
  objects: ObjectStore | null;
  /**
   * Told by the figures engine when it scanned a search matching many contracts, which is worth
   * keeping (decision 0031); the figures' jobs answer it (figure-jobs.ts), so the engine needs
   * nothing of them. Returns at once: the visitor's answer never waits for it.
   */
  frequentSearchSeen: (organizationId: string, search: string) => void;
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
