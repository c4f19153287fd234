import { validate, version } from 'uuid';
import { describe, expect, it, vi } from 'vitest';
import { isUuid, newId } from './ids';

describe('newId', () => {
  it('makes UUIDs of version 7 that carry the time they were made', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(7);
    const msecs = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(after);
  });

  it('sorts ids in the order they were made, many in one millisecond and across its pool refills', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps the order when the clock stands still or goes back', () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(Date.UTC(2030, 0, 1));
    const first = [newId(), newId()];
    now.mockReturnValue(Date.UTC(2029, 0, 1));
    const later = [newId(), newId()];
    now.mockRestore();
    const ids = [...first, ...later];
    expect([...ids].sort()).toEqual(ids);
  });

  it('tells ids from other strings', () => {
    expect(isUuid(newId())).toBe(true);
    expect(isUuid('1; DROP TABLE contracts')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
