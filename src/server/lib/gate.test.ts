import { describe, expect, it } from 'vitest';
import { deferred } from '../test/deferred';
import { Gate } from './gate';

describe('Gate', () => {
  it('runs at most `limit` tasks at once and the rest in arrival order', async () => {
    const gate = new Gate(2);
    const started: number[] = [];
    const blockers = [deferred(), deferred(), deferred(), deferred(), deferred()];
    const runs = blockers.map((blocker, index) =>
      gate.run(async () => {
        started.push(index);
        await blocker.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.queued).toBe(3);
    blockers[1]!.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const blocker of blockers) blocker.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(gate.peak).toBe(2);
    expect(gate.queued).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('fallo')))).rejects.toThrow('fallo');
    expect(await gate.run(async () => 'siguiente')).toBe('siguiente');
  });

  it('refuses a limit below one', () => {
    expect(() => new Gate(0)).toThrow();
  });
});
