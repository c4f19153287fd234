import type { RowCache } from './row-cache';

/**
 * A version counter per key (a monitor's document copies: AppDeps.copies, decision 0054) looked at
 * again at most every `maxAgeMs`. The count itself is kept exact by a RowCache that its event drops;
 * what is computed by the version (a contract page) is then computed again at most that often when
 * the count changes many times a second (a backup run), and shows a change that much later (0:
 * every request looks).
 */
export class VersionsSeen {
  private readonly seen = new Map<string, { version: number; at: number }>();

  constructor(
    private readonly rows: RowCache<{ version: number }>,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = () => performance.now(),
    private readonly maxEntries = 1_000,
  ) {}

  /** The key's count as last looked at, looking again when that is older than maxAgeMs. */
  async get(key: string): Promise<number> {
    const recent = this.recent(key);
    if (recent !== undefined) return recent;
    const version = (await this.rows.get(key))?.version ?? 0;
    if (this.maxAgeMs > 0) {
      this.seen.delete(key);
      this.seen.set(key, { version, at: this.clock() });
      if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value as string);
    }
    return version;
  }

  /**
   * The count without asking the database (an HTTP revalidation): the one looked at less than
   * maxAgeMs ago, or with 0 the one the RowCache holds; undefined when there is none.
   */
  peek(key: string): number | undefined {
    return this.maxAgeMs > 0 ? this.recent(key) : this.rows.peek(key)?.version;
  }

  private recent(key: string): number | undefined {
    const seen = this.seen.get(key);
    return seen && this.clock() - seen.at < this.maxAgeMs ? seen.version : undefined;
  }
}
