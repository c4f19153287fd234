import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { deferred } from '../test/deferred';
import { createTestApp, type TestContext } from '../test/test-app';
import { SharedAnswers } from './shared-answers';

/**
 * Public answers computed once for every process (decision 0054): two processes' SharedAnswers on
 * one database, as two app servers have them.
 */
describe('answers shared by the processes of one database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const pair = (options = {}) => {
    const { db } = ctx.database;
    return [
      new SharedAnswers(db, { pollMs: 10, ...options }),
      new SharedAnswers(db, { pollMs: 10, ...options }),
    ] as const;
  };

  it("one process computes an answer's version; the other, asking meanwhile, takes its text", async () => {
    const [first, second] = pair();
    const slow = deferred<string>();
    let secondComputed = false;
    const a = first.once('lista|1', 7, () => slow.promise);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const b = second.once('lista|1', 7, async () => {
      secondComputed = true;
      return 'otra';
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    slow.resolve('{"total":10}');
    expect(await a).toBe('{"total":10}');
    expect(await b).toBe('{"total":10}');
    expect(secondComputed).toBe(false);
    expect([first.computed, first.taken, second.computed, second.taken]).toEqual([1, 0, 0, 1]);
    // Later askers of the same version take it too; a new version is computed again, once.
    expect(await second.once('lista|1', 7, async () => 'nunca')).toBe('{"total":10}');
    expect(await second.once('lista|1', 8, async () => '{"total":11}')).toBe('{"total":11}');
    expect(await first.once('lista|1', 8, async () => 'nunca')).toBe('{"total":11}');
  });

  it('a computation that fails gives its claim back: the other process computes it', async () => {
    const [first, second] = pair();
    const failing = deferred<string>();
    const a = first.once('grafica|1', 3, () => failing.promise);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const b = second.once('grafica|1', 3, async () => '{"ok":true}');
    await new Promise((resolve) => setTimeout(resolve, 30));
    failing.reject(new Error('la base de datos no respondió'));
    await expect(a).rejects.toThrow('la base de datos no respondió');
    expect(await b).toBe('{"ok":true}');
    expect(second.computed).toBe(1);
  });

  it('a claim whose process stopped lapses after its lease', async () => {
    const [first, second] = pair({ leaseMs: 100 });
    // Claimed and never finished (the process was killed).
    void first.once('totales|1', 5, () => new Promise<string>(() => {}));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await second.once('totales|1', 5, async () => '{"n":5}')).toBe('{"n":5}');
  });

  it('a process behind the kept version computes its own answer and leaves the newer one kept', async () => {
    const [first, second] = pair();
    expect(await first.once('opciones|1', 20, async () => 'v20')).toBe('v20');
    expect(await second.once('opciones|1', 19, async () => 'v19')).toBe('v19');
    const [row] = await queryRows<{ version: number; body: string }>(
      ctx.database.db,
      sql`SELECT version, body FROM shared_answers WHERE name = 'opciones|1'`,
    );
    expect(row).toEqual({ version: 20, body: 'v20' });
  });

  it('keeps at most so many answers, the ones stored last', async () => {
    const [first] = pair({ maxAnswers: 3, sweepEvery: 5 });
    for (let index = 1; index <= 5; index++) await first.once(`barrido|${index}`, 1, async () => `r${index}`);
    await first.swept;
    const rows = await queryRows<{ name: string }>(
      ctx.database.db,
      sql`SELECT name FROM shared_answers WHERE name LIKE 'barrido|%' ORDER BY name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['barrido|3', 'barrido|4', 'barrido|5']);
  });
});
