import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after a response was sent (e-mails), so the answer's timing says nothing about
 * it. Failures are logged; closing the app waits for what is under way.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves when every task started so far has finished. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
