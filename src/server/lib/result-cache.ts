/**
 * A bounded in-process cache of computed results (totals, charts, lists). Keys always include
 * the monitor's data version, which triggers bump on every change to its contracts, suppliers or
 * units: an entry can never be served after the data changed, in this process or any other, so
 * several server processes need not agree on anything. Concurrent requests for the same key share
 * one computation.
 */
export class ResultCache {
  private readonly entries = new Map<string, unknown>();
  private readonly pending = new Map<string, Promise<unknown>>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries: number) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.maxEntries <= 0) return compute();
    if (this.entries.has(key)) {
      const value = this.entries.get(key) as T;
      // Least recently used first: touching an entry moves it to the end.
      this.entries.delete(key);
      this.entries.set(key, value);
      this.hits++;
      return value;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    this.misses++;
    const promise = compute().then(
      (value) => {
        this.pending.delete(key);
        this.entries.set(key, value);
        while (this.entries.size > this.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest === undefined) break;
          this.entries.delete(oldest);
        }
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, promise);
    return promise;
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
