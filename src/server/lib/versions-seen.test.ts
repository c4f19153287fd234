import { describe, expect, it, vi } from 'vitest';
import type { RowCache } from './row-cache';
import { VersionsSeen } from './versions-seen';

/** A RowCache stand-in whose count the test sets; counts its reads. */
function rows(start: number) {
  const state = { version: start, reads: 0 };
  const cache = {
    get: vi.fn(async () => {
      state.reads++;
      return { version: state.version };
    }),
    peek: vi.fn(() => ({ version: state.version })),
  } as unknown as RowCache<{ version: number }>;
  return { state, cache };
}

describe('VersionsSeen', () => {
  it('looks at a count again only once the one it holds is older than its age', async () => {
    let now = 0;
    const { state, cache } = rows(5);
    const seen = new VersionsSeen(cache, 2_000, () => now);
    expect(await seen.get('a')).toBe(5);
    state.version = 6;
    now = 1_999;
    expect(await seen.get('a')).toBe(5);
    expect(seen.peek('a')).toBe(5);
    expect(state.reads).toBe(1);
    now = 2_000;
    // Too old to vouch for without looking: a revalidation goes to the route.
    expect(seen.peek('a')).toBeUndefined();
    expect(await seen.get('a')).toBe(6);
    expect(state.reads).toBe(2);
    expect(seen.peek('a')).toBe(6);
    expect(seen.peek('b')).toBeUndefined();
  });

  it('with age 0 every request looks, and a revalidation reads what the RowCache holds', async () => {
    const { state, cache } = rows(1);
    const seen = new VersionsSeen(cache, 0);
    expect(await seen.get('a')).toBe(1);
    state.version = 2;
    expect(await seen.get('a')).toBe(2);
    expect(seen.peek('a')).toBe(2);
    expect(state.reads).toBe(2);
  });
});
