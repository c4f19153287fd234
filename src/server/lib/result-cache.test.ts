import { describe, expect, it } from 'vitest';
import { cacheKeyOf, ResultCache } from './result-cache';

describe('result cache', () => {
  it('computes once per key and serves the stored result afterwards', async () => {
    const cache = new ResultCache(10);
    let computations = 0;
    const compute = async () => ++computations;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    expect(cache.hits).toBe(1);
  });

  it('shares one computation between concurrent requests for a key', async () => {
    const cache = new ResultCache(10);
    let computations = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computations), 20));
    const results = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(results).toEqual([1, 1, 1]);
    expect(computations).toBe(1);
  });

  it('evicts the least recently used entry beyond its size, and never stores failures', async () => {
    const cache = new ResultCache(2);
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('a', async () => 'A2');
    await cache.get('c', async () => 'C');
    expect(await cache.get('b', async () => 'B2')).toBe('B2');
    expect(await cache.get('a', async () => 'A3')).toBe('A3');
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
  });

  it('does not cache at all with a size of zero', async () => {
    const cache = new ResultCache(0);
    let computations = 0;
    await cache.get('a', async () => ++computations);
    await cache.get('a', async () => ++computations);
    expect(computations).toBe(2);
  });

  it('builds the same key for the same filters in any order', () => {
    expect(cacheKeyOf({ b: ['2', '1'], a: 'x', empty: [], none: undefined })).toBe(
      cacheKeyOf({ a: 'x', b: ['1', '2'] }),
    );
    expect(cacheKeyOf({ a: ['1'] })).not.toBe(cacheKeyOf({ a: ['2'] }));
  });
});
