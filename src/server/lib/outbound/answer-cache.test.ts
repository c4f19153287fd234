import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

/** The guarded client's cache: bounded in bytes and in time, on an injected clock. */
describe('AnswerCache', () => {
  const schema = {};
  const answer = (name: string) => ({ name: name.padEnd(98, '.') }); // 109 bytes as JSON

  it('keeps at most its budget in bytes, dropping the oldest answers first', () => {
    const cache = new AnswerCache({ ttlMs: 60_000, maxBytes: 350, now: () => 0 });
    for (const id of ['a', 'b', 'c', 'd']) cache.set(id, schema, answer(id));
    expect([cache.size, cache.bytes]).toEqual([3, 327]);
    expect(cache.get('a', schema)).toBeUndefined();
    expect(cache.get('d', schema)).toEqual({ value: answer('d') });
    // An answer larger than the whole budget is not kept, and pushes nothing out.
    cache.set('huge', schema, { name: 'x'.repeat(400) });
    expect([cache.get('huge', schema), cache.size]).toEqual([undefined, 3]);
    // Another schema is another reading of the same address.
    expect(cache.get('d', {})).toBeUndefined();
  });

  it('drops answers once they expire, even when nothing pushes them out', () => {
    let clock = 1_000;
    const cache = new AnswerCache({ ttlMs: 60_000, maxBytes: 1_000_000, now: () => clock });
    cache.set('a', schema, answer('a'));
    clock += 30_000;
    cache.set('b', schema, answer('b'));
    clock += 30_000;
    // 'a' is 60 s old: gone at the next use; 'b' is kept.
    expect(cache.get('b', schema)).toEqual({ value: answer('b') });
    expect([cache.size, cache.bytes]).toEqual([1, 109]);
    clock += 30_000;
    cache.set('c', schema, answer('c'));
    expect([cache.size, cache.bytes]).toEqual([1, 109]);
    expect(cache.get('b', schema)).toBeUndefined();
    // Kept again: a fresh minute from now.
    cache.set('c', schema, answer('c'));
    clock += 59_999;
    expect(cache.get('c', schema)).toBeDefined();
  });

  it('keeps nothing with no time to keep it', () => {
    const cache = new AnswerCache({ ttlMs: 0, maxBytes: 1_000, now: () => 0 });
    cache.set('a', schema, answer('a'));
    expect(cache.size).toBe(0);
  });
});
