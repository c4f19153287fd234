import { describe, expect, it } from 'vitest';
import { niceAxis } from './axis';

describe('niceAxis', () => {
  it('gives six labels at round steps, above the highest bar', () => {
    expect(niceAxis(347.2)).toEqual({ min: 0, max: 500, interval: 100 });
    expect(niceAxis(93)).toEqual({ min: 0, max: 100, interval: 20 });
    expect(niceAxis(11)).toEqual({ min: 0, max: 12.5, interval: 2.5 });
    expect(niceAxis(0.4)).toEqual({ min: 0, max: 0.5, interval: 0.1 });
    expect(niceAxis(1000)).toEqual({ min: 0, max: 1000, interval: 200 });
  });

  it('still draws an axis with nothing to show', () => {
    expect(niceAxis(0)).toEqual({ min: 0, max: 5, interval: 1 });
  });
});
