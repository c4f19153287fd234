import { describe, expect, it } from 'vitest';
import { deferred } from '../test/deferred';
import { cacheKeyOf, ResultCache, type ResultKey } from './result-cache';

const key = (name: string, version = 1): ResultKey => ({ name, version });

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

  describe('computations at once (maxComputing)', () => {
    it('computes at most that many results at once; the others wait their turn, in order', async () => {
      const cache = new ResultCache(10, { maxComputing: 2 });
      let running = 0;
      let most = 0;
      const order: string[] = [];
      const gates = new Map<string, ReturnType<typeof deferred<string>>>();
      const compute = (name: string) => async () => {
        running++;
        most = Math.max(most, running);
        order.push(name);
        const gate = deferred<string>();
        gates.set(name, gate);
        try {
          return await gate.promise;
        } finally {
          running--;
        }
      };
      const asked = ['a', 'b', 'c', 'd'].map((name) => cache.get(key(name), compute(name)));
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(order).toEqual(['a', 'b']);
      gates.get('b')!.resolve('B');
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(order).toEqual(['a', 'b', 'c']);
      gates.get('a')!.resolve('A');
      await new Promise((resolve) => setTimeout(resolve, 5));
      gates.get('c')!.resolve('C');
      await new Promise((resolve) => setTimeout(resolve, 5));
      gates.get('d')!.resolve('D');
      expect(await Promise.all(asked)).toEqual(['A', 'B', 'C', 'D']);
      expect(most).toBe(2);
    });

    it('gives the previous answer while a new one waits for its turn', async () => {
      let now = 0;
      const cache = new ResultCache(10, { maxComputing: 1, previousAfterMs: 200 }, () => now);
      expect(await cache.get(key('list', 1), async () => 'v1')).toBe('v1');
      const busy = deferred<string>();
      const other = cache.get(key('other', 1), () => busy.promise);
      // The data changed: the list's new answer waits behind `other`; past the wait, the previous one.
      const asking = cache.getVersioned(key('list', 2), async () => 'v2');
      now = 250;
      const late = await cache.getVersioned(key('list', 2), async () => 'v2');
      expect(late).toEqual({ value: 'v1', version: 1 });
      busy.resolve('o');
      await other;
      expect(await asking).toMatchObject({ value: 'v2', version: 2 });
      expect(await cache.get(key('list', 2), async () => 'never')).toBe('v2');
    });

    it('never deadlocks: a result a computation needs starts at once, even if it waited for a turn', async () => {
      const cache = new ResultCache(10, { maxComputing: 1 });
      const gate = deferred<void>();
      // `list` holds the only turn; `totals`, asked on its own, waits for it…
      const list = cache.get(key('list'), async () => {
        await gate.promise;
        // …and `list` then needs it: it runs at once instead of waiting behind its own asker.
        return `list of ${await cache.get(key('totals'), async () => 'T?')}`;
      });
      const totals = cache.get(key('totals'), async () => 'T');
      gate.resolve();
      expect(await list).toBe('list of T');
      expect(await totals).toBe('T');
      // The turn was given back: the next result is computed.
      expect(await cache.get(key('next'), async () => 'N')).toBe('N');
    });
  });
});
