import { describe, expect, it } from 'vitest';
import { cacheKeyOf, ResultCache, type ResultKey } from './result-cache';

const key = (name: string, version = 1): ResultKey => ({ name, version });

/** A computation that ends when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('result cache', () => {
  it('computes once per key and serves the stored result afterwards', async () => {
    const cache = new ResultCache(10);
    let computations = 0;
    const compute = async () => ++computations;
    expect(await cache.get(key('a'), compute)).toBe(1);
    expect(await cache.get(key('a'), compute)).toBe(1);
    expect(await cache.get(key('b'), compute)).toBe(2);
    expect(cache.hits).toBe(1);
  });

  it('shares one computation between concurrent requests for a key', async () => {
    const cache = new ResultCache(10);
    let computations = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computations), 20));
    const results = await Promise.all([
      cache.get(key('k'), slow),
      cache.get(key('k'), slow),
      cache.get(key('k'), slow),
    ]);
    expect(results).toEqual([1, 1, 1]);
    expect(computations).toBe(1);
  });

  it('evicts the least recently used entry beyond its size, and never stores failures', async () => {
    const cache = new ResultCache(2);
    await cache.get(key('a'), async () => 'A');
    await cache.get(key('b'), async () => 'B');
    await cache.get(key('a'), async () => 'A2');
    await cache.get(key('c'), async () => 'C');
    expect(await cache.get(key('b'), async () => 'B2')).toBe('B2');
    expect(await cache.get(key('a'), async () => 'A3')).toBe('A3');
    await expect(cache.get(key('x'), async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get(key('x'), async () => 'ok')).toBe('ok');
  });

  it('does not cache at all with a size of zero', async () => {
    const cache = new ResultCache(0);
    let computations = 0;
    await cache.get(key('a'), async () => ++computations);
    await cache.get(key('a'), async () => ++computations);
    expect(computations).toBe(2);
  });

  it('builds the same key for the same filters in any order', () => {
    expect(cacheKeyOf({ b: ['2', '1'], a: 'x', empty: [], none: undefined })).toBe(
      cacheKeyOf({ a: 'x', b: ['1', '2'] }),
    );
    expect(cacheKeyOf({ a: ['1'] })).not.toBe(cacheKeyOf({ a: ['2'] }));
  });

  describe('after a data change (decision 0030)', () => {
    it('serves the previous version whole while the new one is computed, then the new one', async () => {
      const cache = new ResultCache(10, { previousAfterMs: 5 });
      await cache.get(key('totals', 1), async () => ({ total: 10, rows: ['a'] }));
      const slow = deferred<{ total: number; rows: string[] }>();
      let computations = 0;
      const compute = () => {
        computations++;
        return slow.promise;
      };
      expect(await cache.get(key('totals', 2), compute)).toEqual({ total: 10, rows: ['a'] });
      expect(await cache.get(key('totals', 2), compute)).toEqual({ total: 10, rows: ['a'] });
      expect(cache.previousServed).toBe(2);
      slow.resolve({ total: 11, rows: ['a', 'b'] });
      await slow.promise;
      expect(await cache.get(key('totals', 2), compute)).toEqual({ total: 11, rows: ['a', 'b'] });
      expect(computations).toBe(1);
    });

    it('gives the new version when it is ready within the wait', async () => {
      const cache = new ResultCache(10, { previousAfterMs: 60_000 });
      await cache.get(key('totals', 1), async () => 'old');
      expect(await cache.get(key('totals', 2), async () => 'new')).toBe('new');
      expect(cache.previousServed).toBe(0);
    });

    it('always waits without a wait configured, inside fresh() and inside a computation', async () => {
      for (const previousAfterMs of [undefined, 0]) {
        const cache = new ResultCache(10, { previousAfterMs });
        await cache.get(key('totals', 1), async () => 'old');
        await cache.get(key('page', 1), async () => 'old page');
        const ask = (version: number) => cache.get(key('totals', version), async () => `new ${version}`);
        if (previousAfterMs === undefined) expect(await ask(2)).toBe('new 2');
        expect(await cache.fresh(() => ask(4))).toBe('new 4');
        // A page computed for the new version reads the new totals, never the previous ones.
        expect(
          await cache.fresh(() => cache.get(key('page', 5), async () => `page with ${await ask(5)}`)),
        ).toBe('page with new 5');
      }
    });

    it('never lets a slower computation of an older version replace a newer answer', async () => {
      const cache = new ResultCache(10, { previousAfterMs: 0 });
      await cache.get(key('totals', 1), async () => 'v1');
      const slow = deferred<string>();
      expect(await cache.get(key('totals', 2), () => slow.promise)).toBe('v1');
      expect(await cache.fresh(() => cache.get(key('totals', 3), async () => 'v3'))).toBe('v3');
      slow.resolve('v2');
      await slow.promise;
      expect(await cache.get(key('totals', 3), async () => 'again')).toBe('v3');
    });

    it('keeps serving the previous answer when the new computation fails, and tries again', async () => {
      const cache = new ResultCache(10, { previousAfterMs: 0 });
      await cache.get(key('totals', 1), async () => 'v1');
      const failing = deferred<string>();
      expect(await cache.get(key('totals', 2), () => failing.promise)).toBe('v1');
      // Rejected after the request was answered: nothing unhandled, and the next request computes again.
      failing.reject(new Error('database gone'));
      await failing.promise.catch(() => {});
      await new Promise((done) => setTimeout(done, 0));
      let computations = 0;
      const retry = deferred<string>();
      expect(
        await cache.get(key('totals', 2), () => {
          computations++;
          return retry.promise;
        }),
      ).toBe('v1');
      expect(computations).toBe(1);
      retry.resolve('v2');
      await retry.promise;
      expect(await cache.get(key('totals', 2), async () => 'x')).toBe('v2');
    });
  });
});
