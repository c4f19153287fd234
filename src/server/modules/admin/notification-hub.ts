import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';

export const NOTIFICATION_CHANNEL = 'vigia_notifications';

type Listener = () => void;

/**
 * Tells the signed-in administrators of a monitor, on every server process, that its
 * notifications changed. Writers call `announce` (a NOTIFY, delivered when their transaction
 * commits); each process LISTENs once and wakes its own open streams of that monitor.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `listener` whenever the monitor's notifications change; returns the unsubscribe. */
  async subscribe(organizationId: string, listener: Listener): Promise<() => void> {
    await this.ensureListening();
    let set = this.listeners.get(organizationId);
    if (!set) {
      set = new Set();
      this.listeners.set(organizationId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(organizationId);
    };
  }

  /** Number of open streams in this process (for tests and logs). */
  get size(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  private ensureListening(): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The notification hub is closed.'));
    if (!this.listening) {
      const listening = this.database.listen(NOTIFICATION_CHANNEL, (payload) => this.dispatch(payload));
      this.listening = listening;
      // A failure (database briefly away) is not kept: the next stream tries again.
      listening.catch(() => {
        if (this.listening === listening) this.listening = null;
      });
    }
    return this.listening;
  }

  private dispatch(organizationId: string): void {
    for (const listener of this.listeners.get(organizationId) ?? []) {
      try {
        listener();
      } catch (error) {
        this.log.error({ err: error }, 'notification listener failed');
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.();
  }
}

/** Wakes every process's streams of the monitor (on commit, when inside a transaction). */
export async function announce(db: Database, organizationId: string): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${NOTIFICATION_CHANNEL}, ${organizationId})`);
}
