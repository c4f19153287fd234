import { randomInt } from 'node:crypto';
import { DOWNLOAD_MESSAGES } from '../../shared/constants/downloads';
import type { BackgroundTasks } from '../lib/background';
import { AppError } from '../lib/errors';
import type { PlaceStore } from '../lib/limiter';

/** How long a refused visitor is asked to wait before trying again (seconds). */
export const DOWNLOAD_RETRY_AFTER_SECONDS = 10;

/**
 * A download's place is held for this long and renewed a third of the way: the place of a process
 * that died is free again within a minute.
 */
export const DOWNLOAD_LEASE_MS = 60_000;
const RENEW_EVERY_MS = DOWNLOAD_LEASE_MS / 3;

export interface DownloadLimits {
  /** Downloads under way at once per address key (any format, waiting included), in all processes. */
  perAddress: number;
  /** PDFs built at the same time (one worker thread each). */
  pdfWorkers: number;
  /** PDFs that may wait for a worker; the next one is refused. */
  pdfQueue: number;
}

/** One admitted download. release() ends it (called once the answer is over, whatever happened). */
export interface DownloadTicket {
  /**
   * Waits for a PDF worker and resolves with the function that gives it back. Smaller documents
   * go first, so a one-page supplier PDF never waits behind a line of 10,000-row ones.
   */
  pdfTurn(rows: number, signal?: AbortSignal): Promise<() => void>;
  release(): void;
}

interface Waiter {
  rows: number;
  order: number;
  start: () => void;
}

/**
 * The fair share of downloads: each address may have a few under way across every process (its
 * places are leases in the shared counters, decision 0018), and PDFs (seconds of CPU and hundreds
 * of MB each) are built a few at a time per process with a bounded line behind them. Everything
 * past a bound is refused at once with a Spanish message and Retry-After, before the download's
 * own database work, instead of queueing without end.
 */
export class DownloadGate {
  /** Places this process holds (key → token), renewed while they are held. */
  private readonly held = new Map<string, number>();
  /** Places given back and not yet deleted, per address: the address's next download waits for them. */
  private readonly releasing = new Map<string, Set<Promise<void>>>();
  private renewal: NodeJS.Timeout | undefined;
  /** PDFs admitted and not yet answered: building or waiting. */
  private pdfAdmitted = 0;
  private pdfBuilding = 0;
  private readonly waiting: Waiter[] = [];
  private arrivals = 0;

  constructor(
    private readonly limits: DownloadLimits,
    private readonly places: PlaceStore,
    private readonly now: () => Date,
    private readonly background: BackgroundTasks,
  ) {}

  /** Claims a place for a download of `address` or throws the 429 / 503 that says why not. */
  async admit(address: string, pdf: boolean): Promise<DownloadTicket> {
    const pending = this.releasing.get(address);
    if (pending) await Promise.all(pending);
    const keys = Array.from(
      { length: this.limits.perAddress },
      (_, index) => `download:${address}:${index + 1}`,
    );
    const token = randomInt(1, 2 ** 31 - 1);
    const now = this.now();
    const key = await this.places.claim(keys, token, new Date(now.getTime() + DOWNLOAD_LEASE_MS), now);
    if (!key) {
      throw new AppError('RATE_LIMITED', DOWNLOAD_MESSAGES.perAddress, {
        retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
      });
    }
    if (pdf && this.pdfAdmitted >= this.limits.pdfWorkers + this.limits.pdfQueue) {
      this.givePlaceBack(address, key, token);
      throw new AppError('UNAVAILABLE', DOWNLOAD_MESSAGES.busy, {
        retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
      });
    }
    this.hold(key, token);
    if (pdf) this.pdfAdmitted += 1;
    let released = false;
    return {
      pdfTurn: (rows, signal) => this.pdfTurn(rows, signal),
      release: () => {
        if (released) return;
        released = true;
        if (pdf) this.pdfAdmitted -= 1;
        this.givePlaceBack(address, key, token);
      },
    };
  }

  /** Downloads under way in this process, for tests and logs. */
  get active(): number {
    return this.held.size;
  }

  /** Stops renewing (the app is closing; its downloads' places are given back as they end). */
  close(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  private hold(key: string, token: number): void {
    this.held.set(key, token);
    this.renewal ??= setInterval(() => {
      const places = [...this.held].map(([heldKey, heldToken]) => ({ key: heldKey, token: heldToken }));
      const until = new Date(this.now().getTime() + DOWNLOAD_LEASE_MS);
      this.background.run('download places renewal', () => this.places.renew(places, until));
    }, RENEW_EVERY_MS).unref();
  }

  private givePlaceBack(address: string, key: string, token: number): void {
    this.held.delete(key);
    if (this.held.size === 0) this.close();
    const pending = this.releasing.get(address) ?? new Set<Promise<void>>();
    this.releasing.set(address, pending);
    const done = new Promise<void>((resolve) => {
      this.background.run('download place release', async () => {
        try {
          await this.places.release(key, token);
        } finally {
          resolve();
        }
      });
    });
    pending.add(done);
    void done.then(() => {
      pending.delete(done);
      if (pending.size === 0 && this.releasing.get(address) === pending) this.releasing.delete(address);
    });
  }

  private async pdfTurn(rows: number, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.pdfBuilding < this.limits.pdfWorkers) {
      this.pdfBuilding += 1;
      return this.giveBack();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { rows, order: this.arrivals++, start: resolve };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      waiter.start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Smallest document first; equal sizes in arrival order.
      const at = this.waiting.findIndex((other) => other.rows > rows);
      this.waiting.splice(at === -1 ? this.waiting.length : at, 0, waiter);
    });
    // The builder that woke us handed its place over: pdfBuilding is unchanged.
    return this.giveBack();
  }

  private giveBack(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) next.start();
      else this.pdfBuilding -= 1;
    };
  }
}
