import type { Database } from '../db/client';
import {
  claimSharedAnswer,
  findSharedAnswer,
  forgetSharedAnswers,
  releaseSharedAnswer,
  storeSharedAnswer,
} from './shared-answers.repository';

export interface SharedAnswersOptions {
  /** How long a claim holds before another process may compute the answer instead. */
  leaseMs: number;
  /** How often a process waiting for another's computation looks whether it is kept. */
  pollMs: number;
  /** Answers not stored again for this long are deleted. */
  keepMs: number;
  /**
   * At most this many answers are kept, the ones stored last (every distinct filter a visitor
   * asks is an answer: on the open internet, without a bound, a table that only grows).
   */
  maxAnswers: number;
  /** The table is swept after this many answers stored by this process, or an hour. */
  sweepEvery: number;
}

const DEFAULTS: SharedAnswersOptions = {
  leaseMs: 60_000,
  pollMs: 100,
  keepMs: 24 * 3_600_000,
  maxAnswers: 10_000,
  sweepEvery: 500,
};

/**
 * Public answers computed once for every app process on one PostgreSQL (decision 0054). After a
 * data change every process is asked for the new version of the same answers at once; each would
 * compute them all, as many full scans per answer as there are processes (servers times cores).
 * Here the first process to claim an answer's version computes it and keeps its text in the
 * database; the others wait for it (their visitors get the previous answer meanwhile, decision
 * 0030) and take it from there. A claim whose process stopped lapses after its lease; a computation
 * that fails gives its claim back; a process whose data version is older than the one kept
 * computes its own. Not used on the embedded database (one process).
 */
export class SharedAnswers {
  /** Answers this process computed, and those it took from another process. */
  computed = 0;
  taken = 0;
  private readonly options: SharedAnswersOptions;
  private lastSweep = Date.now();
  private storedSinceSweep = 0;

  constructor(
    private readonly db: Database,
    options: Partial<SharedAnswersOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The text of `name` at `version`: kept by another process, else computed here (and kept). */
  async once(name: string, version: number, compute: () => Promise<string>): Promise<string> {
    const deadline = Date.now() + this.options.leaseMs;
    for (;;) {
      const kept = await findSharedAnswer(this.db, name);
      if (kept && kept.version === version && kept.body !== null) {
        this.taken++;
        return kept.body;
      }
      // A newer version is kept or computed: this process has not heard of it yet; its own answer.
      if (kept && kept.version > version) return this.computeHere(compute);
      if (await claimSharedAnswer(this.db, name, version, this.options.leaseMs)) {
        let body: string;
        try {
          body = await this.computeHere(compute);
        } catch (error) {
          await releaseSharedAnswer(this.db, name, version).catch(() => {});
          throw error;
        }
        await storeSharedAnswer(this.db, name, version, body);
        this.sweep();
        return body;
      }
      // Another process computes it.
      if (Date.now() > deadline) return this.computeHere(compute);
      await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
    }
  }

  private async computeHere(compute: () => Promise<string>): Promise<string> {
    this.computed++;
    return compute();
  }

  /** Now and then, the answers nobody stored again for keepMs, and those beyond maxAnswers, go (best effort). */
  private sweep(): void {
    this.storedSinceSweep++;
    const now = Date.now();
    if (this.storedSinceSweep < this.options.sweepEvery && now - this.lastSweep < 3_600_000) return;
    this.lastSweep = now;
    this.storedSinceSweep = 0;
    this.swept = forgetSharedAnswers(this.db, this.options.keepMs, this.options.maxAnswers).catch(() => {});
  }

  /** The last sweep (for tests). */
  swept: Promise<void> = Promise.resolve();
}
