/**
 * Counts failures per key (an account's e-mail) in a fixed window, in this process's memory
 * (rate-limit counters may be per process: docs/decisions). Bounded: the oldest keys are dropped
 * past `maxKeys`, so made-up e-mails cannot exhaust memory.
 */
export class FailureCounter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Whether the key already reached its limit in the current window. */
  isHeld(key: string, now: number): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.resetAt <= now) {
      this.entries.delete(key);
      return false;
    }
    return entry.count >= this.max;
  }

  fail(key: string, now: number): void {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    this.entries.delete(key);
    this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    if (this.entries.size > this.maxKeys) this.evict(now);
  }

  /** Drops an expired or the oldest not-yet-held key: flooding made-up keys never frees a held account. */
  private evict(now: number): void {
    let victim: string | undefined;
    for (const [key, entry] of this.entries) {
      if (entry.resetAt <= now) {
        victim = key;
        break;
      }
      if (victim === undefined && entry.count < this.max) victim = key;
    }
    this.entries.delete(victim ?? this.entries.keys().next().value!);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }
}
