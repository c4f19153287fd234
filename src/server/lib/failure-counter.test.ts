import { describe, expect, it } from 'vitest';
import { FailureCounter } from './failure-counter';

describe('FailureCounter', () => {
  it('holds a key after the limit and frees it when the window ends', () => {
    const counter = new FailureCounter(3, 1_000);
    for (let i = 0; i < 3; i++) {
      expect(counter.isHeld('a', 0)).toBe(false);
      counter.fail('a', 0);
    }
    expect(counter.isHeld('a', 500)).toBe(true);
    expect(counter.isHeld('b', 500)).toBe(false);
    expect(counter.isHeld('a', 1_000)).toBe(false);
  });

  it('forgets a key on success and keeps at most maxKeys keys', () => {
    const counter = new FailureCounter(1, 1_000, 2);
    counter.fail('a', 0);
    counter.clear('a');
    expect(counter.isHeld('a', 0)).toBe(false);
    counter.fail('x', 0);
    counter.fail('y', 0);
    counter.fail('z', 0);
    expect(counter.isHeld('x', 0)).toBe(false);
    expect(counter.isHeld('z', 0)).toBe(true);
  });

  it('still holds a new account when the table is full of held made-up keys', () => {
    const counter = new FailureCounter(2, 1_000, 3);
    for (const junk of ['a', 'b', 'c']) {
      counter.fail(junk, 0);
      counter.fail(junk, 0);
    }
    counter.fail('real', 10);
    counter.fail('real', 10);
    expect(counter.isHeld('real', 20)).toBe(true);
  });

  it('keeps a held key when made-up keys flood it', () => {
    const counter = new FailureCounter(2, 1_000, 3);
    counter.fail('target', 0);
    counter.fail('target', 0);
    for (let i = 0; i < 100; i++) counter.fail(`made-up-${i}`, 0);
    expect(counter.isHeld('target', 10)).toBe(true);
  });
});
