import { DOWNLOAD_MESSAGES } from '../../shared/constants/downloads';
import { AppError } from '../lib/errors';

/** How long a refused visitor is asked to wait before trying again (seconds). */
export const DOWNLOAD_RETRY_AFTER_SECONDS = 10;

export interface DownloadLimits {
  /** Downloads under way at once per address key (any format, waiting included). */
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
 * The fair share of downloads in one process: each address may have a few under way, and PDFs
 * (seconds of CPU and hundreds of MB each) are built a few at a time with a bounded line behind
 * them. Everything past a bound is refused at once with a Spanish message and Retry-After,
 * before any database work, instead of queueing without end.
 */
export class DownloadGate {
  private readonly byAddress = new Map<string, number>();
  /** PDFs admitted and not yet answered: building or waiting. */
  private pdfAdmitted = 0;
  private pdfBuilding = 0;
  private readonly waiting: Waiter[] = [];
  private arrivals = 0;

  constructor(private readonly limits: DownloadLimits) {}

  /** Claims a place for a download of `address` or throws the 429 / 503 that says why not. */
  admit(address: string, pdf: boolean): DownloadTicket {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) {
      throw new AppError('RATE_LIMITED', DOWNLOAD_MESSAGES.perAddress, {
        retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
      });
    }
    if (pdf && this.pdfAdmitted >= this.limits.pdfWorkers + this.limits.pdfQueue) {
      throw new AppError('UNAVAILABLE', DOWNLOAD_MESSAGES.busy, {
        retryAfterSeconds: DOWNLOAD_RETRY_AFTER_SECONDS,
      });
    }
    this.byAddress.set(address, mine + 1);
    if (pdf) this.pdfAdmitted += 1;
    let released = false;
    return {
      pdfTurn: (rows, signal) => this.pdfTurn(rows, signal),
      release: () => {
        if (released) return;
        released = true;
        if (pdf) this.pdfAdmitted -= 1;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      },
    };
  }

  /** Downloads under way, for tests and logs. */
  get active(): number {
    let total = 0;
    for (const count of this.byAddress.values()) total += count;
    return total;
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
