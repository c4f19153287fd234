import type { EventBus } from './events';

/** The channels whose events name the key of a changed row (`null`: any row may have changed). */
type KeyedChannel = 'organizations' | 'copies';

export interface RowCacheOptions<T> {
  events: EventBus;
  /** The channel on which every change of a row is published (by a trigger, whatever the writer). */
  channel: KeyedChannel;
  /** Reads the row from the database; `undefined` when there is none (never cached). */
  load: (key: string) => Promise<T | undefined>;
  /** Bound on the number of rows kept (the oldest go first). */
  maxEntries: number;
}

/**
 * Rows kept in this process's memory and never served after they changed in any process
 * (decision 0020). Every change of a row is published on an event channel (a trigger on the
 * table); the event drops the row. Before answering from memory, `get` waits until every event
 * committed before the call has been delivered (`EventBus.caughtUp`), so a request that starts
 * after a change committed never sees the row as it was. When that cannot be known (listening
 * connection lost), the rows are dropped and read from the database until it can.
 */
export class RowCache<T extends object> {
  private readonly entries = new Map<string, T>();
  /** Bumped by every drop: a row read while one happened may be older than the drop, and is not kept. */
  private generation = 0;
  private subscribed: Promise<unknown> | null = null;

  constructor(private readonly options: RowCacheOptions<T>) {}

  /** The row with this key, from memory when it is known to be current, else from the database. */
  async get(key: string): Promise<T | undefined> {
    const current = await this.isCurrent();
    if (current) {
      const kept = this.entries.get(key);
      if (kept) return kept;
    }
    const generation = this.generation;
    const row = await this.options.load(key);
    if (current && row && generation === this.generation) {
      if (this.entries.size >= this.options.maxEntries) {
        this.entries.delete(this.entries.keys().next().value as string);
      }
      this.entries.set(key, Object.freeze(row));
    }
    return row;
  }

  /**
   * The row with this key as this process last knew it, without asking the database anything: it
   * may be older than a change whose event is still on its way (milliseconds). Only for what may
   * be that late: an HTTP revalidation (plugins/http-cache.ts).
   */
  peek(key: string): T | undefined {
    return this.subscribed ? this.entries.get(key) : undefined;
  }

  /** Number of rows kept (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether the rows in memory reflect every change committed before now (subscribing on first use). */
  private async isCurrent(): Promise<boolean> {
    try {
      if (!this.subscribed) {
        const subscribing = this.options.events.subscribe(
          this.options.channel,
          (event) => this.drop(event.organizationId),
          () => this.drop(null),
        );
        this.subscribed = subscribing;
        // Not listening (database away, bus closed): the next call tries again.
        subscribing.catch(() => {
          if (this.subscribed === subscribing) this.subscribed = null;
        });
      }
      await this.subscribed;
      await this.options.events.caughtUp(this.options.channel);
      return true;
    } catch {
      this.drop(null);
      return false;
    }
  }

  private drop(key: string | null): void {
    this.generation++;
    if (key === null) this.entries.clear();
    else this.entries.delete(key);
  }
}
