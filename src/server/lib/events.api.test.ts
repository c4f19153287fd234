import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { EventBus, publish } from './events';

const silentLog = () =>
  ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };
const eventually = { timeout: 5_000 };

describe('the event bus', () => {
  let database: DatabaseHandle;
  let bus: EventBus;
  let log: ReturnType<typeof silentLog>;

  beforeAll(async () => {
    database = await createTestDatabase();
    log = silentLog();
    bus = new EventBus(database, log);
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('delivers a published event to every subscriber of its channel', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await bus.subscribe('notifications', (event) => first.push(event.organizationId));
    const stopSecond = await bus.subscribe('notifications', (event) => second.push(event.organizationId));
    expect(bus.size).toBe(2);
    await publish(database.db, 'notifications', { organizationId: 'one' });
    await expect.poll(() => first, eventually).toEqual(['one']);
    expect(second).toEqual(['one']);
    stopFirst();
    stopSecond();
    expect(bus.size).toBe(0);
  });

  it('stops delivering to a subscriber once it unsubscribes', async () => {
    const gone: string[] = [];
    const kept: string[] = [];
    const unsubscribe = await bus.subscribe('notifications', (event) => gone.push(event.organizationId));
    const stopKept = await bus.subscribe('notifications', (event) => kept.push(event.organizationId));
    unsubscribe();
    await publish(database.db, 'notifications', { organizationId: 'after' });
    // Both would be called in the same turn: once the kept one has it, the other never will.
    await expect.poll(() => kept, eventually).toEqual(['after']);
    expect(gone).toEqual([]);
    stopKept();
  });

  it('delivers an event published in a transaction when it commits, never when it rolls back', async () => {
    const received: string[] = [];
    const unsubscribe = await bus.subscribe('notifications', (event) => received.push(event.organizationId));
    await database.db
      .transaction(async (tx) => {
        await publish(tx, 'notifications', { organizationId: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await publish(tx, 'notifications', { organizationId: 'committed' });
    });
    await expect.poll(() => received, eventually).toEqual(['committed']);
    unsubscribe();
  });

  it('keeps delivering to the others when a subscriber throws, and logs the failure', async () => {
    const received: string[] = [];
    const failing = await bus.subscribe('notifications', () => {
      throw new Error('handler broke');
    });
    const working = await bus.subscribe('notifications', (event) => received.push(event.organizationId));
    await publish(database.db, 'notifications', { organizationId: 'still' });
    await expect.poll(() => received, eventually).toEqual(['still']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'notifications' }),
      'event handler failed',
    );
    failing();
    working();
  });

  it('refuses subscribers once closed', async () => {
    const closing = new EventBus(database, silentLog());
    await (await closing.subscribe('notifications', () => {}))();
    await closing.close();
    await expect(closing.subscribe('notifications', () => {})).rejects.toThrow('closed');
  });
});

describe.runIf(process.env.TEST_ENGINE === 'postgres')('the event bus across server processes', () => {
  it('delivers an event published through one database handle to a subscriber on another', async () => {
    const first = await createTestDatabase();
    const second = await openDatabase({ kind: 'postgres', url: first.url!, poolMax: 2 });
    const firstBus = new EventBus(first, silentLog());
    const secondBus = new EventBus(second, silentLog());
    try {
      const onFirst: string[] = [];
      const onSecond: string[] = [];
      await firstBus.subscribe('notifications', (event) => onFirst.push(event.organizationId));
      const unsubscribe = await secondBus.subscribe('notifications', (event) =>
        onSecond.push(event.organizationId),
      );
      await publish(first.db, 'notifications', { organizationId: 'from-first' });
      await expect.poll(() => onSecond, eventually).toEqual(['from-first']);
      await expect.poll(() => onFirst, eventually).toEqual(['from-first']);

      unsubscribe();
      await publish(second.db, 'notifications', { organizationId: 'from-second' });
      await expect.poll(() => onFirst, eventually).toEqual(['from-first', 'from-second']);
      expect(onSecond).toEqual(['from-first']);
    } finally {
      await secondBus.close();
      await firstBus.close();
      await second.close();
      await first.close();
    }
  });
});
