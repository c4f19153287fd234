/**
 * Other servers' answers kept for a short while by the guarded client (lib/outbound). What is kept
 * is what the caller's schema made of the answer, never the body as it came: a peer can pad a
 * valid answer with megabytes the schema drops (empty objects cost some 60 bytes each once parsed).
 * Bounded in bytes (the oldest go first) and in time (expired answers are dropped as soon as the
 * cache is used, not only when pushed out), so a visitor naming a new monitor id at every call
 * cannot grow the server.
 */
export interface AnswerCacheOptions {
  /** How long an answer is kept (0: nothing is kept). */
  ttlMs: number;
  /** The most kept in all, as the size of the kept values' JSON text. */
  maxBytes: number;
  now: () => number;
}

interface Entry {
  until: number;
  bytes: number;
  /** The schema that read the value: another schema asking the same address reads it afresh. */
  schema: unknown;
  value: unknown;
}

export class AnswerCache {
  // Every entry lives ttlMs and is (re)inserted at the end: insertion order is expiry order.
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly options: AnswerCacheOptions) {}

  /** The value kept for `key` as `schema` read it, or undefined. */
  get(key: string, schema: unknown): { value: unknown } | undefined {
    this.dropExpired();
    const entry = this.entries.get(key);
    return entry && entry.schema === schema ? { value: entry.value } : undefined;
  }

  /** Keeps a validated value, unless it alone is larger than the whole budget. */
  set(key: string, schema: unknown, value: unknown): void {
    this.delete(key);
    if (this.options.ttlMs <= 0) return;
    const bytes = sizeOf(value);
    if (bytes === null || bytes > this.options.maxBytes) return;
    this.entries.set(key, { until: this.options.now() + this.options.ttlMs, bytes, schema, value });
    this.total += bytes;
    this.dropExpired();
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Answers kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Their size, as the JSON text of the kept values. */
  get bytes(): number {
    return this.total;
  }

  private dropExpired(): void {
    const now = this.options.now();
    for (const [key, entry] of this.entries) {
      if (entry.until > now) break;
      this.delete(key);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}

/** The length of a value's JSON text (validated answers are JSON data), or null. */
function sizeOf(value: unknown): number | null {
  try {
    return JSON.stringify(value)?.length ?? null;
  } catch {
    return null;
  }
}
