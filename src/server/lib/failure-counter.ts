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
    if (this.entries.size > this.maxKeys) this.evict(now, key);
  }

  /**
   * Makes room without ever dropping the key just counted: an expired key first, then the oldest
   * key not yet held, and only when every other key is held, the one whose window ends first.
   * Flooding made-up keys therefore neither frees a held account nor stops new ones being held.
   */
  private evict(now: number, keep: string): void {
    let oldestFree: string | undefined;
    let soonest: { key: string; resetAt: number } | undefined;
    for (const [key, entry] of this.entries) {
      if (key === keep) continue;
      if (entry.resetAt <= now) {
        this.entries.delete(key);
        return;
      }
      if (oldestFree === undefined && entry.count < this.max) oldestFree = key;
      if (!soonest || entry.resetAt < soonest.resetAt) soonest = { key, resetAt: entry.resetAt };
    }
    const victim = oldestFree ?? soonest?.key;
    if (victim !== undefined) this.entries.delete(victim);
  }

  clear(key: string): void {
    this.entries.delete(key);
  }
}
