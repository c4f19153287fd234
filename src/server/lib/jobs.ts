import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database, DatabaseHandle, Listening } from '../db/client';

import { JOBS_SCHEMA, pendingJobCount, transactionExecutor } from './jobs.repository';

export { JOBS_SCHEMA };

/**
 * The channel pg-boss sends a NOTIFY on, with the queue's name, when a job of a queue created with
 * `notify` is ready (its `notifyChannelSql`: 'pgboss_' and the schema's SHA-224, 24 hex digits).
 */
export const JOBS_CHANNEL = `pgboss_${createHash('sha224').update(JOBS_SCHEMA).digest('hex').slice(0, 24)}`;

export interface JobOptions {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) at each later one. */
  retryDelaySeconds: number;
  /** Longest wait between two attempts, in seconds. */
  retryDelayMaxSeconds?: number;
  /** Longest run of one attempt before it is failed (and retried), in seconds. */
  expireInSeconds?: number;
  /**
   * A running attempt proves it is alive this often (the worker does it by itself); one whose
   * process died is failed and retried after this many seconds instead of at its expiry (≥ 10).
   */
  heartbeatSeconds?: number;
  /**
   * pg-boss queue policy: 'standard' keeps every job; 'stately' keeps at most one queued and one
   * active job per singletonKey (a rebuild asked for twice runs once more, not twice).
   */
  policy?: 'standard' | 'stately' | 'singleton';
  /** Also runs on this schedule (cron, UTC), once per installation whatever the number of processes. */
  cron?: string;
}

export interface JobContext {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** True on the attempt after which no retry follows. */
  lastAttempt: boolean;
  /** Reports how far the job is (0..1), with an optional note; listeners of 'progress' receive it. */
  progress(fraction: number, note?: string): void;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobProgress {
  name: string;
  id: string;
  fraction: number;
  note?: string;
}

interface Definition {
  schema: z.ZodType;
  handler: (payload: never, context: JobContext) => Promise<void>;
  options: JobOptions;
}

/** The pg-boss connection: its own small pool on PostgreSQL, the one embedded connection on PGlite. */
function bossFor(handle: DatabaseHandle, extra: Partial<ConstructorParameters<typeof PgBoss>[0] & object>) {
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('An embedded database without its PGlite instance');
    return new PgBoss({ db: fromPglite(handle.pglite), backend: 'pglite', schema: JOBS_SCHEMA, ...extra });
  }
  if (!handle.url) throw new Error('A PostgreSQL database without its address');
  return new PgBoss({
    connectionString: handle.url,
    max: 3,
    application_name: 'vigia-jobs',
    schema: JOBS_SCHEMA,
    ...extra,
  });
}

/**
 * Creates or upgrades the job queue's tables (schema `pgboss`). Called with the migrations at start
 * and in the test images; pg-boss serializes concurrent starts with its own advisory lock.
 */
export async function migrateJobs(handle: DatabaseHandle): Promise<void> {
  const boss = bossFor(handle, { supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true, timeout: 1000 });
}

/**
 * Durable background work (decision 0026): jobs are rows of pg-boss's tables, so they survive a
 * restart, are claimed by one process (SKIP LOCKED), retried with exponential backoff and kept
 * with their error. Modules define their jobs once; define() before start().
 */
export class Jobs extends EventEmitter<{ progress: [JobProgress] }> {
  private readonly definitions = new Map<string, Definition>();
  private readonly boss: PgBoss;
  private started = false;
  private readonly running = new Set<Promise<unknown>>();
  /** Each queue's worker in this process, woken by name. */
  private readonly workers = new Map<string, string>();
  private listening: Listening | undefined;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollingIntervalSeconds: number; superviseIntervalSeconds?: number },
  ) {
    super();
    this.boss = bossFor(handle, {
      migrate: true,
      // The supervision pass, and its look for expired and dead attempts (the monitor), as often.
      ...(options.superviseIntervalSeconds
        ? {
            superviseIntervalSeconds: options.superviseIntervalSeconds,
            monitorIntervalSeconds: options.superviseIntervalSeconds,
          }
        : {}),
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Declares a job: its payload schema (checked when enqueued and when run), handler and retries. */
  define<S extends z.ZodType>(
    name: string,
    schema: S,
    handler: (payload: z.output<S>, context: JobContext) => Promise<void>,
    options: JobOptions,
  ): void {
    if (this.started) throw new Error(`Job ${name} defined after start`);
    if (this.definitions.has(name)) throw new Error(`Job ${name} defined twice`);
    this.definitions.set(name, { schema, handler: handler as Definition['handler'], options });
  }

  /**
   * Adds a job. With `tx` (a Drizzle transaction) the job exists only if that transaction commits,
   * so stored data and the work it needs are never split.
   */
  async enqueue(
    name: string,
    payload: unknown,
    options: { singletonKey?: string; tx?: Database; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const data = definition.schema.parse(payload) as object;
    return this.boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.tx ? { db: transactionExecutor(options.tx) } : {}),
    });
  }

  /** Starts claiming: creates each defined queue (or updates its retry settings) and one worker per queue. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    // A new job wakes its queue's worker in every process at once, through the database's own
    // listener (it reconnects after a failure; then every worker looks, a NOTIFY may have been
    // missed). Listening before the workers start leaves no moment in which a NOTIFY is lost: what
    // was queued before a worker existed is found by its first look. Workers still look on their
    // own every pollingIntervalSeconds, for what no NOTIFY announces: a start or a retry delayed
    // until later, and all work while the listener is down.
    this.listening = await this.handle.listen(
      JOBS_CHANNEL,
      (queue) => this.wake(queue),
      () => {
        for (const queue of this.workers.keys()) this.wake(queue);
      },
    );
    for (const [name, definition] of this.definitions) {
      const queue = {
        retryLimit: definition.options.retryLimit,
        retryDelay: definition.options.retryDelaySeconds,
        retryBackoff: true,
        // A job ready at once sends a NOTIFY with its insert, so at its transaction's commit.
        notify: true,
        ...(definition.options.retryDelayMaxSeconds
          ? { retryDelayMax: definition.options.retryDelayMaxSeconds }
          : {}),
        ...(definition.options.expireInSeconds
          ? { expireInSeconds: definition.options.expireInSeconds }
          : {}),
        ...(definition.options.heartbeatSeconds
          ? { heartbeatSeconds: definition.options.heartbeatSeconds }
          : {}),
      };
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, queue);
      else await this.boss.createQueue(name, { ...queue, policy: definition.options.policy ?? 'standard' });
      if (definition.options.cron) await this.boss.schedule(name, definition.options.cron, {});
      const workerId = await this.boss.work(
        name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const run = this.runOne(name, definition, job);
          this.running.add(run);
          try {
            await run;
          } finally {
            this.running.delete(run);
            // The next job of the queue at once: one queued behind this one (a 'stately' or
            // 'singleton' queue) sent its NOTIFY while this one ran, or none at all.
            this.wake(name);
          }
        },
      );
      this.workers.set(name, workerId);
    }
  }

  /** Makes the queue's worker in this process look for a job now instead of at its next look. */
  private wake(queue: string): void {
    const workerId = this.workers.get(queue);
    if (workerId && this.started) this.boss.notifyWorker(workerId);
  }

  private async runOne(
    name: string,
    definition: Definition,
    job: { id: string; data: unknown; retryCount: number; retryLimit: number; signal: AbortSignal },
  ): Promise<void> {
    const payload = definition.schema.parse(job.data);
    const context: JobContext = {
      id: job.id,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
      signal: job.signal,
      log: this.log.child({ job: { name, id: job.id } }),
      progress: (fraction, note) => {
        const event: JobProgress = { name, id: job.id, fraction: Math.min(1, Math.max(0, fraction)), note };
        this.log.debug({ job: event }, 'job progress');
        this.emit('progress', event);
      },
    };
    try {
      await definition.handler(payload as never, context);
    } catch (error) {
      this.log.error(
        { err: error, job: { name, id: job.id, attempt: context.attempt, lastAttempt: context.lastAttempt } },
        context.lastAttempt ? 'job failed, no retry left' : 'job failed, retried later',
      );
      throw error;
    }
  }

  /**
   * Resolves when no job of the defined queues is due or running (retries waiting for their delay
   * do not count): tests wait on it instead of sleeping.
   */
  async idle(timeoutMs = 30_000): Promise<void> {
    const names = [...this.definitions.keys()];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = await pendingJobCount(this.handle.db, names);
      if (pending === 0 && this.running.size === 0) return;
      if (Date.now() > deadline) throw new Error(`Jobs still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops claiming new jobs and waits (up to timeoutMs) for the running ones to finish. */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // A listener whose connection is already gone must not keep the workers from stopping.
    await this.listening?.().catch((error: unknown) =>
      this.log.warn({ err: error }, 'job listener not closed'),
    );
    this.listening = undefined;
    await this.boss.stop({ graceful: true, close: true, timeout: timeoutMs });
    // pg-boss resolves stop() once its workers were told to stop; wait for the handlers themselves.
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...this.running]), deadline]);
  }
}
