import { describe, expect, it } from 'vitest';
import { handedOver, ReaderLeft } from './hand-over';

describe('handedOver', () => {
  it('reads every item in order, the producer one item ahead of the reader and never more', async () => {
    const made: number[] = [];
    const read: number[] = [];
    const ahead: number[] = [];
    for await (const item of handedOver<number>(async (give) => {
      for (let i = 0; i < 5; i++) {
        made.push(i);
        await give(i);
      }
    })) {
      read.push(item);
      // Let the producer run as far as it may before looking.
      await new Promise((resolve) => setTimeout(resolve, 5));
      ahead.push(made.length - read.length);
    }
    expect(read).toEqual([0, 1, 2, 3, 4]);
    expect(Math.max(...ahead)).toBe(1);
  });

  it("a reader who stops early ends the producer (its cleanup runs) before the loop's end returns", async () => {
    const events: string[] = [];
    for await (const item of handedOver<number>(async (give) => {
      try {
        for (let i = 0; ; i++) await give(i);
      } catch (error) {
        events.push(error instanceof ReaderLeft ? 'told the reader left' : 'other');
        throw error;
      } finally {
        await new Promise((resolve) => setTimeout(resolve, 10));
        events.push('rolled back');
      }
    })) {
      if (item === 2) break;
    }
    expect(events).toEqual(['told the reader left', 'rolled back']);
  });

  it("throws the producer's failure to the reader, after the items it gave", async () => {
    const read: number[] = [];
    await expect(async () => {
      for await (const item of handedOver<number>(async (give) => {
        await give(1);
        throw new Error('la base de datos se fue');
      }))
        read.push(item);
    }).rejects.toThrow('la base de datos se fue');
    expect(read).toEqual([1]);
  });

  it('ends at once for a producer that gives nothing', async () => {
    const read: unknown[] = [];
    for await (const item of handedOver(async () => undefined)) read.push(item);
    expect(read).toEqual([]);
  });
});
