import { describe, expect, it } from 'vitest';
import type { EventBus } from './events';
import { RowCache } from './row-cache';

/** A bus whose events and gaps the test sends by hand, and whose catching up can fail. */
function fakeBus() {
  let onEvent: ((event: { organizationId: string | null }) => void) | null = null;
  let onGap: (() => void) | null = null;
  const bus = {
    reachable: true,
    subscriptions: 0,
    async subscribe(_channel: string, handler: typeof onEvent, gap: typeof onGap) {
      if (!bus.reachable) throw new Error('database away');
      bus.subscriptions++;
      onEvent = handler;
      onGap = gap;
      return () => {};
    },
    async caughtUp() {
      if (!bus.reachable) throw new Error('database away');
    },
    changed: (organizationId: string | null) => onEvent?.({ organizationId }),
    gap: () => onGap?.(),
  };
  return bus;
}

function cacheOver(rows: Map<string, { id: string; version: number }>, bus = fakeBus()) {
  const reads: string[] = [];
  let duringLoad: (() => void) | null = null;
  const cache = new RowCache({
    events: bus as unknown as EventBus,
    channel: 'organizations',
    load: async (key) => {
      reads.push(key);
      const row = rows.get(key);
      duringLoad?.();
      duringLoad = null;
      return row ? { ...row } : undefined;
    },
    maxEntries: 2,
  });
  return { cache, bus, reads, whileLoading: (fn: () => void) => (duringLoad = fn) };
}

describe('the row cache', () => {
  it('reads a row once and then answers from memory until the row changes', async () => {
    const rows = new Map([['a', { id: 'a', version: 1 }]]);
    const { cache, bus, reads } = cacheOver(rows);
    expect(await cache.get('a')).toEqual({ id: 'a', version: 1 });
    expect(await cache.get('a')).toEqual({ id: 'a', version: 1 });
    expect(reads).toEqual(['a']);
    expect(bus.subscriptions).toBe(1);

    rows.set('a', { id: 'a', version: 2 });
    bus.changed('a');
    expect(await cache.get('a')).toEqual({ id: 'a', version: 2 });
    expect(reads).toEqual(['a', 'a']);
  });

  it('drops every row on an event without a key and when events may have been missed', async () => {
    const rows = new Map([
      ['a', { id: 'a', version: 1 }],
      ['b', { id: 'b', version: 1 }],
    ]);
    const { cache, bus, reads } = cacheOver(rows);
    await cache.get('a');
    await cache.get('b');
    bus.changed(null);
    await cache.get('a');
    expect(reads).toEqual(['a', 'b', 'a']);
    bus.gap();
    await cache.get('a');
    await cache.get('b');
    expect(reads).toEqual(['a', 'b', 'a', 'a', 'b']);
  });

  it('never keeps a row read while a change was announced (it may be the row before the change)', async () => {
    const rows = new Map([['a', { id: 'a', version: 1 }]]);
    const { cache, bus, reads, whileLoading } = cacheOver(rows);
    whileLoading(() => bus.changed('a'));
    await cache.get('a');
    await cache.get('a');
    expect(reads).toEqual(['a', 'a']);
    await cache.get('a');
    expect(reads).toEqual(['a', 'a']);
  });

  it('reads from the database, keeping nothing, while it cannot know the rows are current', async () => {
    const rows = new Map([['a', { id: 'a', version: 1 }]]);
    const { cache, bus, reads } = cacheOver(rows);
    await cache.get('a');
    bus.reachable = false;
    rows.set('a', { id: 'a', version: 2 });
    // The change's event was lost with the connection: memory is not trusted any more.
    expect(await cache.get('a')).toEqual({ id: 'a', version: 2 });
    expect(await cache.get('a')).toEqual({ id: 'a', version: 2 });
    expect(cache.size).toBe(0);
    expect(reads).toEqual(['a', 'a', 'a']);
    bus.reachable = true;
    await cache.get('a');
    await cache.get('a');
    expect(reads).toEqual(['a', 'a', 'a', 'a']);
  });

  it('does not keep unknown keys, and keeps at most maxEntries rows', async () => {
    const rows = new Map([
      ['a', { id: 'a', version: 1 }],
      ['b', { id: 'b', version: 1 }],
      ['c', { id: 'c', version: 1 }],
    ]);
    const { cache } = cacheOver(rows);
    expect(await cache.get('missing')).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    expect(cache.size).toBe(2);
  });

  it('tries to subscribe again after the database was away at first', async () => {
    const rows = new Map([['a', { id: 'a', version: 1 }]]);
    const bus = fakeBus();
    bus.reachable = false;
    const { cache, reads } = cacheOver(rows, bus);
    expect(await cache.get('a')).toEqual({ id: 'a', version: 1 });
    bus.reachable = true;
    await cache.get('a');
    await cache.get('a');
    expect(bus.subscriptions).toBe(1);
    expect(reads).toEqual(['a', 'a']);
  });
});
