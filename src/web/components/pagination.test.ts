import { describe, expect, it } from 'vitest';
import { visiblePages } from './pagination';

describe('pagination', () => {
  it('shows two pages after the first, two before the last, one on each side otherwise (spec)', () => {
    expect(visiblePages(1, 10)).toEqual([1, 2, 3]);
    expect(visiblePages(10, 10)).toEqual([8, 9, 10]);
    expect(visiblePages(5, 10)).toEqual([4, 5, 6]);
    expect(visiblePages(1, 2)).toEqual([1, 2]);
    expect(visiblePages(2, 2)).toEqual([1, 2]);
    expect(visiblePages(1, 1)).toEqual([1]);
  });
});
