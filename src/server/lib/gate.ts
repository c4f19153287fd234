/**
 * At most `limit` tasks at once; the others wait their turn in arrival order. Used where one kind
 * of slow work must leave room on a shared resource for everything else (the figures engine's
 * scans of raw contracts leave half the database pool to the rest of the site).
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks that ever ran at once (tests read it). */
  peak = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('A gate lets at least one task through');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
