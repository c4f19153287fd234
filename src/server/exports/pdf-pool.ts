import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-thread';
import type { PdfPayload } from './pdf-draw';
import type { PdfWorkerReply } from './pdf-worker';

export interface PdfPoolOptions {
  /** Threads at most (PDF_WORKERS); the download gate admits no more PDFs than this at once. */
  size: number;
  /** Heap of each thread: a PDF needing more kills its thread, never the server. */
  heapMb?: number;
  /** A thread whose heap stays above this after a PDF is replaced (memory budget). */
  retireHeapMb?: number;
  /** A PDF taking longer than this kills its thread (time budget). */
  timeoutMs?: number;
  /** A thread is replaced after this many PDFs (fragmentation, leaks in libraries). */
  maxJobs?: number;
}

interface Job {
  payload: PdfPayload;
  signal: AbortSignal | undefined;
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  jobs: number;
  /** The PDF being drawn and how to end it (answer, abort, death). */
  busy: { job: Job; finish: () => void } | null;
}

/**
 * A few long-lived PDF threads, started on first use and reused: a thread loads the TypeScript
 * loader, pdfkit and the fonts once instead of once per PDF. A thread that dies, runs out of its
 * time budget, is abandoned (the visitor left) or keeps too much heap is ended and a fresh one
 * takes its place on the next PDF. Admission (how many PDFs wait) stays with the download gate.
 */
export class PdfPool {
  private readonly threads = new Set<Thread>();
  private readonly idle: Thread[] = [];
  private readonly waiting: Job[] = [];
  private closed = false;
  /** Threads started so far (tests check reuse and replacement). */
  started = 0;

  constructor(private readonly options: PdfPoolOptions) {}

  /** Draws one PDF on a pooled thread; rejects on abort, thread death or the time budget. */
  render(payload: PdfPayload, signal?: AbortSignal): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('PDF pool closed'));
        return;
      }
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const job: Job = { payload, signal, resolve, reject };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(job);
        if (index !== -1) {
          this.waiting.splice(index, 1);
          reject(signal?.reason);
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      job.resolve = (pdf) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(pdf);
      };
      job.reject = (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      this.waiting.push(job);
      this.dispatch();
    });
  }

  /** Ends every thread (the server is stopping); PDFs under way are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('PDF pool closed'));
    await Promise.all([...this.threads].map((thread) => this.retire(thread)));
  }

  /** Threads alive now. */
  get size(): number {
    return this.threads.size;
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let thread = this.idle.pop();
      if (!thread) {
        if (this.threads.size >= this.options.size) return;
        thread = this.start();
      }
      this.run(thread, this.waiting.shift()!);
    }
  }

  private start(): Thread {
    const worker = startWorker(new URL('./pdf-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? 1024 },
    });
    // An idle thread never keeps the process alive.
    worker.unref();
    const thread: Thread = { worker, jobs: 0, busy: null };
    this.threads.add(thread);
    this.started += 1;
    const lost = (error: Error): void => {
      if (!this.threads.has(thread)) return;
      this.forget(thread);
      thread.busy?.job.reject(error);
      thread.busy?.finish();
      this.dispatch();
    };
    worker.on('error', (error) => lost(error));
    worker.on('exit', (code) => lost(new Error(`PDF worker exited with code ${code} before answering`)));
    return thread;
  }

  private run(thread: Thread, job: Job): void {
    const { signal } = job;
    const limit = this.options.timeoutMs ?? 120_000;
    const timer = setTimeout(() => {
      job.reject(new Error(`PDF worker took longer than ${limit} ms`));
      void this.retire(thread);
    }, limit);
    const onAbort = (): void => {
      job.reject(signal?.reason);
      // Drawing is synchronous: the only way to stop it is to end the thread.
      void this.retire(thread);
    };
    const onMessage = (reply: PdfWorkerReply): void => {
      finish();
      thread.jobs += 1;
      if (reply.ok) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else job.reject(new Error(`PDF worker failed: ${reply.message}`));
      const overBudget =
        reply.heapMb > (this.options.retireHeapMb ?? 512) || thread.jobs >= (this.options.maxJobs ?? 200);
      if (overBudget || this.closed) void this.retire(thread);
      else this.idle.push(thread);
      this.dispatch();
    };
    const finish = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      thread.worker.off('message', onMessage);
      thread.busy = null;
    };
    thread.busy = { job, finish };
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.worker.on('message', onMessage);
    thread.worker.postMessage(job.payload);
  }

  private forget(thread: Thread): void {
    this.threads.delete(thread);
    const index = this.idle.indexOf(thread);
    if (index !== -1) this.idle.splice(index, 1);
  }

  /** Ends a thread; its PDF (if any) has already been answered or is rejected by 'exit'. */
  private async retire(thread: Thread): Promise<void> {
    if (!this.threads.has(thread)) return;
    this.forget(thread);
    thread.busy?.finish();
    await thread.worker.terminate();
    this.dispatch();
  }
}
