/** Told to a producer whose reader stopped reading: it should end (and undo what it holds). */
export class ReaderLeft extends Error {
  constructor() {
    super('the reader stopped reading');
  }
}

/**
 * The items a producer hands over, read as an async generator, one ahead: `give` resolves as soon
 * as the reader took the item, so the producer makes the next one while the reader works on this
 * one, and never more. For work that must run inside a callback (a database transaction) and be
 * read a piece at a time. When the reader stops early (return, a throw), the pending and every
 * later `give` reject with ReaderLeft, and the generator's end waits for the producer to finish
 * (its transaction rolled back). A producer's failure is thrown to the reader.
 */
export async function* handedOver<T>(
  produce: (give: (item: T) => Promise<void>) => Promise<void>,
): AsyncGenerator<T> {
  let slot: { item: T; taken: () => void; refused: (error: Error) => void } | null = null;
  let wake: (() => void) | null = null;
  let finished = false;
  let failure: { error: unknown } | null = null;
  let stopped = false;
  const rouse = () => {
    const waking = wake;
    wake = null;
    waking?.();
  };
  const give = (item: T) =>
    new Promise<void>((taken, refused) => {
      if (stopped) return refused(new ReaderLeft());
      slot = { item, taken, refused };
      rouse();
    });
  const running = Promise.resolve()
    .then(() => produce(give))
    .then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof ReaderLeft)) failure = { error };
      },
    )
    .finally(() => {
      finished = true;
      rouse();
    });
  try {
    for (;;) {
      if (!slot && !finished) await new Promise<void>((resolve) => (wake = resolve));
      const current = slot as { item: T; taken: () => void } | null;
      if (current) {
        slot = null;
        current.taken();
        yield current.item;
        continue;
      }
      if (failure) throw (failure as { error: unknown }).error;
      return;
    }
  } finally {
    stopped = true;
    (slot as { refused: (error: Error) => void } | null)?.refused(new ReaderLeft());
    slot = null;
    await running;
  }
}
