import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, DatabaseHandle, Listening } from '../db/client';
import { notify } from './events.repository';
import type { JobProgress } from './jobs';

/**
 * The bus's channels and the event each carries. A new channel (job progress, say) is one entry
 * here and one in CHANNELS; its events must stay small (PostgreSQL caps a payload at 8000 bytes).
 */
export interface EventChannels {
  /** A monitor's notifications changed: its administrators' open streams reload them. */
  notifications: { organizationId: string };
  /**
   * An organization's row changed or was deleted (sent by a trigger on the table, whatever the
   * writer); `null`: possibly all of them (TRUNCATE).
   */
  organizations: { organizationId: string | null };
  /**
   * What visitors see of a monitor's document copies changed (sent by a trigger on
   * document_sources, migration 0040): the contract pages' version went up.
   */
  copies: { organizationId: string };
  /** A durable job reported how far it is (lib/jobs.ts): a repair's progress, say. */
  jobProgress: JobProgress;
}

export type EventChannel = keyof EventChannels;
export type EventHandler<C extends EventChannel> = (event: EventChannels[C]) => void;

interface ChannelDefinition<T> {
  /** The PostgreSQL channel name (LISTEN/NOTIFY identifier). */
  name: string;
  encode(event: T): string;
  decode(payload: string): T;
}

const CHANNELS: { [C in EventChannel]: ChannelDefinition<EventChannels[C]> } = {
  notifications: {
    name: 'vigia_notifications',
    // The bare monitor id: what processes of earlier versions send and read during an update.
    encode: (event) => event.organizationId,
    decode: (payload) => ({ organizationId: payload }),
  },
  organizations: {
    // Written by the trigger vigia_organization_changed (drizzle/0011_organization_changes.sql).
    name: 'vigia_organizations',
    encode: (event) => event.organizationId ?? '',
    decode: (payload) => ({ organizationId: payload || null }),
  },
  copies: {
    // Written by the trigger vigia_copies_changed (drizzle/0040_copies_versions.sql).
    name: 'vigia_copies',
    encode: (event) => event.organizationId,
    decode: (payload) => ({ organizationId: payload }),
  },
  jobProgress: {
    name: 'vigia_job_progress',
    encode: (event) => JSON.stringify(event),
    decode: (payload) => JobProgressSchema.parse(JSON.parse(payload)),
  },
};

const JobProgressSchema = z.object({
  name: z.string(),
  id: z.string(),
  fraction: z.number(),
  note: z.string().optional(),
});

/**
 * Publishes `event` to the channel's subscribers on every server process. Pass the transaction
 * that makes the change: the event is delivered when it commits, and not at all if it rolls back.
 */
export async function publish<C extends EventChannel>(
  db: Database,
  channel: C,
  event: EventChannels[C],
): Promise<void> {
  const definition = CHANNELS[channel] as ChannelDefinition<EventChannels[C]>;
  await notify(db, definition.name, definition.encode(event));
}

/**
 * Delivers the events published on the installation's database to this process's subscribers.
 * Each channel is LISTENed once, on its first subscriber (a dedicated connection that reconnects on
 * PostgreSQL, PGlite's own listener when embedded), and stays listened until `close`.
 */
export class EventBus {
  private readonly handlers = new Map<EventChannel, Set<(event: never) => void>>();
  private readonly gapHandlers = new Map<EventChannel, Set<() => void>>();
  private readonly listening = new Map<EventChannel, Promise<Listening>>();
  private closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Calls `handler` for every event of `channel` published from now on; returns the unsubscribe.
   * Rejects when the channel cannot be listened to (database away): nothing is kept, and the next
   * subscriber tries again.
   */
  async subscribe<C extends EventChannel>(
    channel: C,
    handler: EventHandler<C>,
    /** Called when events of the channel may have been missed (the listening connection was lost). */
    onGap?: () => void,
  ): Promise<() => void> {
    await this.ensureListening(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    const entry = handler as (event: never) => void;
    set.add(entry);
    let gaps = this.gapHandlers.get(channel);
    if (onGap) {
      if (!gaps) {
        gaps = new Set();
        this.gapHandlers.set(channel, gaps);
      }
      gaps.add(onGap);
    }
    return () => {
      set.delete(entry);
      if (set.size === 0) this.handlers.delete(channel);
      if (onGap) gaps?.delete(onGap);
    };
  }

  /**
   * Resolves once every event of `channel` published (committed) before the call has been
   * delivered to this process's subscribers; rejects when that cannot be known (not listening,
   * connection down). What a cache dropped by events waits for before it answers from memory.
   */
  async caughtUp(channel: EventChannel): Promise<void> {
    const listening = await this.ensureListening(channel);
    await listening.caughtUp();
  }

  /** Number of subscribers in this process (for tests and logs). */
  get size(): number {
    let total = 0;
    for (const set of this.handlers.values()) total += set.size;
    return total;
  }

  private ensureListening(channel: EventChannel): Promise<Listening> {
    if (this.closed) return Promise.reject(new Error('The event bus is closed.'));
    let listening = this.listening.get(channel);
    if (!listening) {
      const definition = CHANNELS[channel];
      const started = this.database.listen(
        definition.name,
        (payload) => this.dispatch(channel, payload),
        () => this.dispatchGap(channel),
      );
      listening = started;
      this.listening.set(channel, started);
      // A failure (database briefly away) is not kept: the next subscriber tries again.
      started.catch(() => {
        if (this.listening.get(channel) === started) this.listening.delete(channel);
      });
    }
    return listening;
  }

  private dispatch(channel: EventChannel, payload: string): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    let event: EventChannels[EventChannel];
    try {
      event = CHANNELS[channel].decode(payload);
    } catch (error) {
      this.log.error({ err: error, channel }, 'event could not be read');
      return;
    }
    for (const handler of set) {
      try {
        (handler as (event: EventChannels[EventChannel]) => void)(event);
      } catch (error) {
        this.log.error({ err: error, channel }, 'event handler failed');
      }
    }
  }

  private dispatchGap(channel: EventChannel): void {
    for (const handler of this.gapHandlers.get(channel) ?? []) {
      try {
        handler();
      } catch (error) {
        this.log.error({ err: error, channel }, 'event gap handler failed');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    this.gapHandlers.clear();
    const listening = [...this.listening.values()];
    this.listening.clear();
    await Promise.all(
      listening.map(async (started) => {
        const unlisten = await started.catch(() => null);
        await unlisten?.();
      }),
    );
  }
}
