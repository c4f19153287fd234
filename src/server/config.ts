import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type About, AboutSchema, TO_BE_DEFINED } from '../shared/schemas/about';
import { type ObjectStoreTarget, parseStorageUrl } from './lib/object-store';
import { isAllowListEntry } from './lib/outbound/addresses';

/**
 * The only reader of process.env. Parsed once at start; a wrong value stops the process with a
 * message that names the variable (see .env.example for every variable).
 */

const bool = (fallback: boolean) =>
  z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] }).default(fallback);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optionalText.pipe(
    z
      .url({
        protocol: /^postgres(ql)?$/,
        message: 'must be a PostgreSQL address such as postgres://user:password@host:5432/database',
      })
      .optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  DB_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(8_000),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  ADMIN_EMAIL: optionalText.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(12, 'must have at least 12 characters')
      .max(100, 'must have at most 100 characters')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => !/^\d+$/.test(value), {
      message:
        "hop counts are not supported: use the load balancer's addresses or CIDR ranges (e.g. 10.0.0.0/8), or true",
    })
    .transform((value): boolean | string => {
      if (value === 'true') return true;
      if (value === 'false' || value === '') return false;
      // Otherwise: comma-separated addresses or CIDR ranges of the proxies to trust.
      return value;
    }),
  MAINTENANCE_MODE: bool(false),
  RATE_LIMIT_VISITS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  RATE_LIMIT_LOGIN_PER_15_MINUTES: z.coerce.number().int().min(1).max(100_000).default(20),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000).default(5),
  RATE_LIMIT_RESET_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  RATE_LIMIT_CONTACT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  RATE_LIMIT_ERROR_REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  RATE_LIMIT_COMPARISONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'must have at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        message: 'must be an SMTP address such as smtps://user:password@smtp.example.org:465',
      })
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Vigía <no-reply@localhost>'),
  OCID_PREFIX: z
    .string()
    .trim()
    .regex(
      /^ocds-[a-z0-9]{6}$/,
      'must be an OCDS prefix: ocds- and six lowercase letters or digits (ocds-a1b2c3)',
    )
    .refine(
      (prefix) => prefix !== 'ocds-07smqs',
      "is the federal government's (Compranet): register your own",
    )
    .default('ocds-vigia0'),
  OPEN_DATA_LICENSE: z.url({ protocol: /^https?$/ }).default('https://creativecommons.org/licenses/by/4.0/'),
  DOWNLOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000).default(2),
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  PDF_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(6),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(1).max(400).default(25),
  PEERS_ALLOW_PRIVATE: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().refine(isAllowListEntry, 'must be host names or CIDR ranges such as 10.0.0.0/8'))
        .max(100),
    ),
  PEERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
  SAT_69B_URL: optionalText.pipe(z.url({ message: 'must be an http:// or https:// address' }).optional()),
  SANCTIONS_URL: optionalText.pipe(z.url({ message: 'must be an http:// or https:// address' }).optional()),
  FILE_STORAGE_URL: optionalText.pipe(
    z
      .string()
      .transform((value, context) => {
        try {
          return parseStorageUrl(value);
        } catch (error) {
          context.addIssue({
            code: 'custom',
            message: `${error instanceof Error ? error.message : 'is not valid'}: an S3 address such as s3://ACCESS_KEY:SECRET_KEY@bucket?endpoint=http://127.0.0.1:9000&region=us-east-1`,
          });
          return z.NEVER;
        }
      })
      .optional(),
  ),
  BACKUPS_ENABLED: bool(true),
  BACKUP_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(2_000_000_000)
    .default(50 * 1024 * 1024),
  BACKUP_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(20 * 1024 ** 3),
  BACKUP_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(2),
  BACKUP_HOST_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(100),
  BACKUP_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(32),
  BACKUP_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  BACKUP_RECHECK_DAYS: z.coerce.number().min(0.001).max(365).default(7),
  BACKUP_PAGES_SEE_COPIES_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  RESULT_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2_000),
  RESULT_COMPUTING: z.coerce.number().int().min(1).max(1_000).default(1),
  RESULT_PREVIOUS_AFTER_MS: z.coerce.number().int().min(0).max(600_000).default(200),
  ABOUT_FILE: optionalText,
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Address printed at start and used in links; without PUBLIC_URL, http://localhost:PORT. */
  publicUrl: string;
  /** Whether PUBLIC_URL was configured: only then is it told to other monitors. */
  hasPublicUrl: boolean;
  /**
   * On PostgreSQL: the pool's size, the longest any statement may run (server side), and how long a
   * query waits for a free connection before its request is answered 503.
   */
  database:
    | {
        kind: 'postgres';
        url: string;
        poolMax: number;
        statementTimeoutMs: number;
        acquireTimeoutMs: number;
        /** max_parallel_workers_per_gather of the app's connections (decision 0054). */
        parallelWorkers: number;
      }
    | { kind: 'pglite'; dataDir: string };
  /**
   * On PostgreSQL, the longest one query made while answering a request waits for its answer;
   * past it the request is answered 503 (a frozen or locked database), as when it is gone.
   */
  requestQueryTimeoutMs: number;
  dataDir: string;
  seedDemo: 'auto' | 'true' | 'false';
  admin: { email: string; password: string } | null;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Whose X-Forwarded-For to believe: the balancer's addresses/ranges (preferred), or `true` for any
   * sender, which lets anyone reaching the app directly choose the address the rate limits see.
   */
  trustProxy: boolean | string;
  maintenanceMode: boolean;
  /** Counted in the database, shared by every process (decision 0018). */
  rateLimits: {
    visitsPerMinute: number;
    /** Sign-in attempts per address in 15 minutes. */
    loginPer15Minutes: number;
    /**
     * Failed sign-ins per account and address in 15 minutes before the account is held at that
     * address (decision 0017); also wrong current passwords per account in the profile.
     */
    loginFailuresPerAccount: number;
    /** Password-reset requests per address in one hour. */
    resetPerHour: number;
    /** Contact-form submissions per address (IPv6: per /64) in one hour. */
    contactPerHour: number;
    /** Error reports (and, apart, descriptions) per address (IPv6: per /64) in one hour. */
    errorReportsPerHour: number;
    /** Comparison sides (/public-api/comparations/detail, ours or another server's) per address in a minute. */
    comparisonsPerMinute: number;
  };
  /**
   * Signs session tokens. Without SESSION_SECRET, one is generated on first start and kept in
   * DATA_DIR/session-secret (see resolveSessionSecret).
   */
  sessionSecret: string | null;
  /** Outgoing mail: SMTP address, or null to write messages to the log. */
  mail: { smtpUrl: string | null; from: string };
  /** The open data's identity and terms (issue 31, decision 0051): its ocid prefix and its licence's URL. */
  openData: { ocidPrefix: string; license: string };
  /**
   * The red flags' supplier lists fetched every week through the guarded client (decision 0052):
   * the SAT's complete art. 69-B list and the sanctions directory's JSON; null: only uploaded.
   */
  supplierLists: { sat69bUrl: string | null; sanctionsUrl: string | null };
  /** Downloads under way at once per address (IPv6: per /64), and PDFs built at once and waiting. */
  downloads: { perAddress: number; pdfWorkers: number; pdfQueue: number };
  shutdownTimeoutMs: number;
  /**
   * Server processes (node:cluster): WEB_CONCURRENCY, by default one per core on PostgreSQL; one on
   * the embedded database, which one process holds (issue 34, decision 0054).
   */
  webConcurrency: number;
  /** WEB_CONCURRENCY as set (a warning when more than one is asked of the embedded database). */
  webConcurrencyAsked: number | null;
  /** How far V8 lets the heap grow over its live data before collecting (decision 0034). */
  heapGrowingPercent: number;
  /**
   * Calls to other servers (lib/outbound): the private hosts allowed anyway (host names or CIDR
   * ranges; empty by default) and the deadline of one exchange.
   */
  peers: { allowPrivate: string[]; timeoutMs: number };
  /** Where the backup copies' bytes go: an S3-compatible object store, or the database (null). */
  fileStorage: ObjectStoreTarget | null;
  /**
   * Backup copies of contract documents (decision 0037): whether this process fetches them, the
   * cap per document, the space per monitor, the politeness per host (requests at a time, pause
   * after each), requests at a time in all, the deadline of one download and the re-check period.
   */
  backups: {
    enabled: boolean;
    maxBytes: number;
    quotaBytes: number;
    hostConcurrency: number;
    hostPauseMs: number;
    concurrency: number;
    timeoutMs: number;
    recheckDays: number;
    /**
     * How long a process shows a monitor's contract pages with the copies' state it last read
     * before it reads it again (0: at every request). A backup run changes copies many times a
     * second; each change would otherwise make every contract page be computed again (decision 0054).
     */
    pagesSeeCopiesMs: number;
  };
  /**
   * Background jobs (decision 0026): how often an idle worker looks for work that no NOTIFY
   * announced (a new job wakes its worker at once; a delayed start or retry, or any job while the
   * listener reconnects, waits for a look) and the e-mail retries (exponential from the first
   * delay, capped).
   */
  jobs: {
    pollingIntervalSeconds: number;
    mailRetryLimit: number;
    mailRetryDelaySeconds: number;
    /** How often the queue looks for attempts whose process died (heartbeats) or ran past their time. */
    superviseIntervalSeconds?: number;
  };
  /**
   * The spreadsheet load's confirm: rows read, prepared and written at a time (memory against
   * speed; tests use small pages to confirm over several).
   */
  dataLoad: { confirmPageRows: number };
  /** From how many contracts written a confirm queues the VACUUM ANALYZE of what it leaves behind (figures-tidy job). */
  tidyAfterContracts: number;
  /** Computed public results (totals, charts, list pages) kept per process; 0 turns the cache off. */
  resultCacheEntries: number;
  /** Results a process computes at once; the rest wait their turn, their visitors given the previous answer (decision 0054). */
  resultComputing: number;
  /**
   * After a data change, how long a visitor waits for a result of the new data before the previous
   * version's is served while the new one is computed (decision 0030); null: always wait.
   */
  resultPreviousAfterMs: number | null;
  /** The association behind the installation (About, Privacy, sign-in) until texts are saved (decision 0022), from ABOUT_FILE. */
  about: About;
  /** Directory with the built web app (index.html + assets). */
  webDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment into the app's configuration, or throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const localHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://${localHost}:${env.PORT}`).replace(/\/+$/, ''),
    hasPublicUrl: Boolean(env.PUBLIC_URL),
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolMax: env.DB_POOL_MAX,
          statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
          acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
          parallelWorkers: env.DB_PARALLEL_WORKERS,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    requestQueryTimeoutMs: env.DB_REQUEST_TIMEOUT_MS,
    dataDir,
    seedDemo: env.SEED_DEMO,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : null,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    maintenanceMode: env.MAINTENANCE_MODE,
    rateLimits: {
      visitsPerMinute: env.RATE_LIMIT_VISITS_PER_MINUTE,
      loginPer15Minutes: env.RATE_LIMIT_LOGIN_PER_15_MINUTES,
      loginFailuresPerAccount: env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      resetPerHour: env.RATE_LIMIT_RESET_PER_HOUR,
      contactPerHour: env.RATE_LIMIT_CONTACT_PER_HOUR,
      errorReportsPerHour: env.RATE_LIMIT_ERROR_REPORTS_PER_HOUR,
      comparisonsPerMinute: env.RATE_LIMIT_COMPARISONS_PER_MINUTE,
    },
    sessionSecret: env.SESSION_SECRET ?? null,
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    openData: { ocidPrefix: env.OCID_PREFIX, license: env.OPEN_DATA_LICENSE },
    supplierLists: { sat69bUrl: env.SAT_69B_URL ?? null, sanctionsUrl: env.SANCTIONS_URL ?? null },
    downloads: {
      perAddress: env.DOWNLOADS_PER_ADDRESS,
      pdfWorkers: env.PDF_WORKERS,
      pdfQueue: env.PDF_QUEUE_MAX,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webConcurrency: env.DATABASE_URL ? (env.WEB_CONCURRENCY ?? availableParallelism()) : 1,
    webConcurrencyAsked: env.WEB_CONCURRENCY ?? null,
    heapGrowingPercent: env.HEAP_GROWING_PERCENT,
    peers: { allowPrivate: env.PEERS_ALLOW_PRIVATE, timeoutMs: env.PEERS_TIMEOUT_MS },
    fileStorage: env.FILE_STORAGE_URL ?? null,
    backups: {
      enabled: env.BACKUPS_ENABLED,
      maxBytes: env.BACKUP_MAX_BYTES,
      quotaBytes: env.BACKUP_QUOTA_BYTES,
      hostConcurrency: env.BACKUP_HOST_CONCURRENCY,
      hostPauseMs: env.BACKUP_HOST_PAUSE_MS,
      concurrency: env.BACKUP_CONCURRENCY,
      timeoutMs: env.BACKUP_TIMEOUT_MS,
      recheckDays: env.BACKUP_RECHECK_DAYS,
      pagesSeeCopiesMs: env.BACKUP_PAGES_SEE_COPIES_MS,
    },
    // Some half a day of attempts: about 30 s, 1, 2, 4 … minutes apart, each wait capped at 2 hours.
    jobs: {
      pollingIntervalSeconds: 5,
      mailRetryLimit: 12,
      mailRetryDelaySeconds: 30,
      superviseIntervalSeconds: env.JOBS_SUPERVISE_SECONDS,
    },
    // At 1,000,000 contracts on PostgreSQL, 10,000 confirmed 97,000 rows in 26.5–27.8 s against
    // 29.1–30.3 s with 5,000 (fewer checks and waits per row), for 418–456 MB of peak memory
    // against 383–412 MB (issue 12). A format-28 row carries its sub-tables too: at 10,000 a
    // 50,000-row load's confirm reached 477–500 MB, at 5,000 about 415 MB (issue 30).
    dataLoad: { confirmPageRows: 5_000 },
    // From a page's worth of contracts a confirm has rewritten the cube rows it touches once per
    // page: their dead versions and stale statistics are cleaned up after it (issue 27).
    tidyAfterContracts: 10_000,
    resultCacheEntries: env.RESULT_CACHE_ENTRIES,
    resultComputing: env.RESULT_COMPUTING,
    resultPreviousAfterMs: env.RESULT_PREVIOUS_AFTER_MS,
    about: loadAbout(env.ABOUT_FILE),
    webDir: path.resolve('dist/web'),
  };
}

const ABOUT_DEFAULTS: About = {
  association: { name: TO_BE_DEFINED, address: TO_BE_DEFINED, email: TO_BE_DEFINED, website: TO_BE_DEFINED },
  about: TO_BE_DEFINED,
  mission: TO_BE_DEFINED,
  vision: TO_BE_DEFINED,
  values: TO_BE_DEFINED,
  directiveCouncil: [],
  consultiveCouncil: [],
};

/**
 * The About texts: a JSON file with any of the fields of AboutSchema (see docs/about.example.json);
 * what it leaves out reads 'Por definir...'.
 */
function loadAbout(file: string | undefined): About {
  if (!file) return ABOUT_DEFAULTS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([`ABOUT_FILE: cannot read ${file} as JSON (${(error as Error).message})`]);
  }
  const result = partialAbout.safeParse(parsed);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `ABOUT_FILE: ${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const data = result.data as Partial<About>;
  return {
    ...ABOUT_DEFAULTS,
    ...data,
    association: { ...ABOUT_DEFAULTS.association, ...(data.association ?? {}) },
  };
}

const partialAbout = AboutSchema.partial().extend({
  association: AboutSchema.shape.association.partial().optional(),
});

/** Hides the password of a database address before it is printed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable address)';
  }
}
