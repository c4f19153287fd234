import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatLongDate,
  formatLongDateIn,
  mexicoCityDate,
  parseQuarterLabel,
  quarterLabel,
} from './dates';

describe('date formatting', () => {
  it('shows contract dates as DD/MM/YYYY without shifting the day', () => {
    expect(formatDate('2024-03-02')).toBe('02/03/2024');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('shows moments by their day in Mexico City', () => {
    // 00:30 UTC on 1 January is still 31 December in Mexico City.
    expect(formatDate(new Date('2025-01-01T00:30:00Z'))).toBe('31/12/2024');
    expect(formatDate('2025-01-01T12:00:00.000Z')).toBe('01/01/2025');
  });

  it('writes the last-update label in Spanish', () => {
    expect(formatLongDate('2026-11-05')).toBe('05 de noviembre de 2026');
    expect(formatLongDate(new Date('2025-01-31T12:00:00Z'))).toBe('31 de enero de 2025');
    expect(formatLongDate('2026-11-05T02:00:00Z')).toBe('04 de noviembre de 2026');
  });

  it('reads and writes quarter labels', () => {
    expect(quarterLabel(1, 2019)).toBe('1o 2019');
    expect(parseQuarterLabel('4o 2024')).toEqual({ quarter: 4, year: 2024 });
    expect(parseQuarterLabel('5o 2024')).toBeNull();
    expect(parseQuarterLabel('1O 2024')).toBeNull();
  });

  it('takes "today" in Mexico City, not UTC', () => {
    expect(mexicoCityDate(new Date('2026-03-02T05:30:00Z'))).toBe('2026-03-01');
    expect(mexicoCityDate(new Date('2026-03-02T06:30:00Z'))).toBe('2026-03-02');
  });

  it("writes the long date in the visitor's language, Spanish as the spec says", () => {
    expect(formatLongDateIn('2026-10-29', 'es')).toBe('29 de octubre de 2026');
    expect(formatLongDateIn('2026-10-29', 'en')).toBe('October 29, 2026');
    expect(formatLongDateIn('2026-10-29', 'ja')).toBe('2026年10月29日');
    // A moment late in the evening in Mexico City is still that day.
    expect(formatLongDateIn('2026-10-30T04:30:00Z', 'en')).toBe('October 29, 2026');
  });
});
