import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a cached result answers (`name`: the monitor, the kind of result, its filters) and the
 * version of the data it summarises (the monitor's data version, which triggers bump on every
 * change to its contracts, suppliers or units).
 */
export interface ResultKey {
  name: string;
  version: number;
  /** The monitor whose data version `version` is (an answer's HTTP validator names it). */
  organizationId?: string;
}

export interface ResultCacheOptions {
  /**
   * After a data change, how long a request waits for the answer of the new version before it is
   * given the previous version's answer instead (while the new one is still computed, once, for
   * the requests that follow). Undefined: always wait. Decision 0030.
   */
  previousAfterMs?: number;
  /**
   * How many results this process computes at once; the others wait their turn (their visitors
   * get the previous version's answer meanwhile). Undefined: no bound. After a data change every
   * kept answer of the monitor is computed again: unbounded, a process sent tens of full scans to
   * the database at once, and every request behind them waited for it (decision 0054). Results
   * asked inside another computation or inside fresh() never wait for a turn.
   */
  maxComputing?: number;
}

interface Entry {
  version: number;
  value: unknown;
}

interface Pending {
  version: number;
  startedAt: number;
  promise: Promise<unknown>;
  /** Starts it now if it waits for a turn (a computation under way needs it). */
  promote: () => void;
}

/** A computation waiting for a turn: `take` gives it one (it then holds it), `start` runs it without one. */
interface Waiter {
  take(): void;
  start(): void;
}

/** Set while a result is computed, and inside fresh(): nested results are never a previous version's. */
const freshScope = new AsyncLocalStorage<true>();

/**
 * A bounded in-process cache of computed results (totals, charts, lists): one entry per result
 * name, holding the answer for the newest data version computed. An entry is never served as the
 * answer for a newer version, in this process or any other, so several server processes need not
 * agree on anything. Concurrent requests for the same result and version share one computation.
 *
 * After a data change a request waits at most `previousAfterMs` for the new answer; past that it
 * gets the previous version's answer, whole (rows and figures of one version, never mixed), and
 * the computation goes on for the requests that follow (decision 0030). Results asked inside
 * another computation or inside fresh() always wait.
 */
export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Pending>();
  hits = 0;
  misses = 0;
  /** Requests given the previous version's answer while the new one was computed. */
  previousServed = 0;
  /** Computations under way that took a turn, and those waiting for one. */
  private computing = 0;
  private readonly turns: Waiter[] = [];

  constructor(
    private readonly maxEntries: number,
    private readonly options: ResultCacheOptions = {},
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async get<T>(key: ResultKey, compute: () => Promise<T>): Promise<T> {
    return (await this.getVersioned(key, compute)).value;
  }

  /**
   * As get, and which version the answer is: the key's, or the previous one given while the key's
   * is computed (an HTTP validator must name the version sent, not the one asked for).
   */
  async getVersioned<T>(key: ResultKey, compute: () => Promise<T>): Promise<{ value: T; version: number }> {
    const current = (value: T) => ({ value, version: key.version });
    if (this.maxEntries <= 0) return current(await compute());
    const entry = this.entries.get(key.name);
    if (entry && entry.version === key.version) {
      // Least recently used first: touching an entry moves it to the end.
      this.entries.delete(key.name);
      this.entries.set(key.name, entry);
      this.hits++;
      return current(entry.value as T);
    }
    const pending = this.computation(key, compute);
    const waitMs = this.options.previousAfterMs;
    const previousAllowed =
      entry !== undefined &&
      entry.version < key.version &&
      waitMs !== undefined &&
      freshScope.getStore() === undefined;
    if (!previousAllowed) return current((await pending.promise) as T);
    const remaining = waitMs - (this.clock() - pending.startedAt);
    const previous = { value: entry.value as T, version: entry.version };
    if (remaining <= 0) {
      this.previousServed++;
      return previous;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), remaining);
    });
    try {
      const first = await Promise.race([(pending.promise as Promise<T>).then((value) => ({ value })), late]);
      if (first !== 'late') return current(first.value);
      this.previousServed++;
      return previous;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The answer kept under `name`, of whichever version was computed last, without computing
   * anything (a caller that must not wait decides what to give: the embedded engine's index).
   */
  stored<T>(name: string): { version: number; value: T } | undefined {
    const entry = this.entries.get(name);
    return entry && { version: entry.version, value: entry.value as T };
  }

  /** Runs `task` so that every result it asks for is the current version's (downloads, the administration). */
  fresh<T>(task: () => Promise<T>): Promise<T> {
    return freshScope.run(true, task);
  }

  /** Whether the caller runs inside fresh() or a computation: every result it gives must be the current version's. */
  inFreshScope(): boolean {
    return freshScope.getStore() !== undefined;
  }

  private computation(key: ResultKey, compute: () => Promise<unknown>): Pending {
    const nested = freshScope.getStore() !== undefined;
    const inFlight = this.pending.get(key.name);
    if (inFlight && inFlight.version === key.version) {
      // A computation under way that waits for this one must not wait for a turn behind itself.
      if (nested) inFlight.promote();
      return inFlight;
    }
    this.misses++;
    const turn = this.inTurn(() => freshScope.run(true, compute), nested);
    const promise = turn.promise.then(
      (value) => {
        this.settle(key, promise);
        const stored = this.entries.get(key.name);
        // A slower computation of an older version never replaces a newer answer.
        if (!stored || stored.version <= key.version) {
          this.entries.delete(key.name);
          this.entries.set(key.name, { version: key.version, value });
          while (this.entries.size > this.maxEntries) {
            const oldest = this.entries.keys().next().value;
            if (oldest === undefined) break;
            this.entries.delete(oldest);
          }
        }
        return value;
      },
      (error: unknown) => {
        this.settle(key, promise);
        throw error;
      },
    );
    // A request given the previous answer no longer awaits this one: its failure is not unhandled.
    promise.catch(() => {});
    const started: Pending = {
      version: key.version,
      startedAt: this.clock(),
      promise,
      promote: turn.promote,
    };
    this.pending.set(key.name, started);
    return started;
  }

  /**
   * Runs `task` when fewer than maxComputing computations hold a turn, in the order they asked;
   * at once, without a turn, when `now` (asked inside a computation or fresh()) or when promoted.
   */
  private inTurn<T>(task: () => Promise<T>, now: boolean): { promise: Promise<T>; promote: () => void } {
    const max = this.options.maxComputing;
    const run = (holds: boolean) => (holds ? task().finally(() => this.passTurn()) : task());
    if (max === undefined || now) return { promise: run(false), promote: () => {} };
    if (this.computing < max) {
      this.computing++;
      return { promise: run(true), promote: () => {} };
    }
    let begin!: (holds: boolean) => void;
    const begun = new Promise<boolean>((resolve) => {
      begin = resolve;
    });
    const waiter: Waiter = { take: () => begin(true), start: () => begin(false) };
    this.turns.push(waiter);
    return {
      promise: begun.then(run),
      promote: () => {
        const index = this.turns.indexOf(waiter);
        if (index < 0) return;
        this.turns.splice(index, 1);
        waiter.start();
      },
    };
  }

  /** A computation that held a turn ended: the turn passes to the next one waiting, else it is given back. */
  private passTurn(): void {
    const next = this.turns.shift();
    if (next) next.take();
    else this.computing--;
  }

  private settle(key: ResultKey, promise: Promise<unknown>): void {
    if (this.pending.get(key.name)?.promise === promise) this.pending.delete(key.name);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A stable text for a filter object: order of keys and of values does not matter, empty filters vanish. */
export function cacheKeyOf(value: Record<string, unknown>): string {
  const normalized = Object.keys(value)
    .sort()
    .flatMap((key) => {
      const item = value[key];
      if (item === undefined || item === null || item === '' || (Array.isArray(item) && item.length === 0))
        return [];
      return [[key, Array.isArray(item) ? [...item].map(String).sort() : item]];
    });
  return JSON.stringify(normalized);
}
