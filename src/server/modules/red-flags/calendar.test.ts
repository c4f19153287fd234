import { describe, expect, it } from 'vitest';
import { holidaysBetween, holidaysOf, nonWorkingDay } from './calendar';

const holiday = (name: string) => ({ kind: 'HOLIDAY', name });
const SATURDAY = { kind: 'SATURDAY', name: 'sábado' };
const SUNDAY = { kind: 'SUNDAY', name: 'domingo' };

/** The next or previous calendar day, through Date (an oracle independent of calendar.ts). */
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('holidaysOf', () => {
  it('lists 2024 with its moving Mondays and the 1 October handover', () => {
    expect(holidaysOf(2024)).toEqual([
      { date: '2024-01-01', name: 'Año Nuevo (1 de enero)' },
      { date: '2024-02-05', name: 'Día de la Constitución (primer lunes de febrero)' },
      { date: '2024-03-18', name: 'Natalicio de Benito Juárez (tercer lunes de marzo)' },
      { date: '2024-05-01', name: 'Día del Trabajo (1 de mayo)' },
      { date: '2024-09-16', name: 'Día de la Independencia (16 de septiembre)' },
      { date: '2024-10-01', name: 'Transmisión del Poder Ejecutivo Federal (1 de octubre)' },
      { date: '2024-11-18', name: 'Día de la Revolución (tercer lunes de noviembre)' },
      { date: '2024-12-25', name: 'Navidad (25 de diciembre)' },
    ]);
  });

  it.each([
    [2024, ['2024-02-05', '2024-03-18', '2024-11-18']],
    [2025, ['2025-02-03', '2025-03-17', '2025-11-17']],
    [2026, ['2026-02-02', '2026-03-16', '2026-11-16']],
  ])('puts the moving days of %i on Mondays: %j', (year, mondays) => {
    const dates = holidaysOf(year).map((h) => h.date);
    for (const monday of mondays) {
      expect(dates).toContain(monday);
      expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    expect(dates).toHaveLength(year === 2024 ? 8 : 7);
  });

  it('has the handover on 1 December until 2018 and on 1 October from 2024', () => {
    for (const year of [1994, 2000, 2006, 2012, 2018]) {
      expect(holidaysOf(year).map((h) => h.date)).toContain(`${year}-12-01`);
    }
    for (const year of [2030, 2036]) {
      expect(holidaysOf(year).map((h) => h.date)).toContain(`${year}-10-01`);
    }
    for (const year of [2019, 2023, 2025, 2029]) {
      expect(holidaysOf(year).some((h) => h.name.startsWith('Transmisión'))).toBe(false);
    }
  });

  it('keeps the fixed commemorations before the 2006 reform, and 21 March until 2006', () => {
    expect(holidaysOf(2005).map((h) => h.date)).toEqual([
      '2005-01-01',
      '2005-02-05',
      '2005-03-21',
      '2005-05-01',
      '2005-09-16',
      '2005-11-20',
      '2005-12-25',
    ]);
    const dates2006 = holidaysOf(2006).map((h) => h.date);
    expect(dates2006).toEqual(expect.arrayContaining(['2006-02-06', '2006-03-21', '2006-11-20']));
    expect(dates2006).not.toContain('2006-03-20');
    expect(holidaysOf(2007).map((h) => h.date)).toContain('2007-03-19');
  });

  it('returns copies the caller may change', () => {
    holidaysOf(2025)[0]!.name = 'cambiado';
    expect(holidaysOf(2025)[0]!.name).toBe('Año Nuevo (1 de enero)');
  });

  it.each([2024.5, Number.NaN, 0, -1, 10_000])('throws a RangeError for the year %s', (year) => {
    expect(() => holidaysOf(year)).toThrow(RangeError);
  });
});

describe('nonWorkingDay', () => {
  it.each([
    ['2024-02-05', 'Día de la Constitución (primer lunes de febrero)'],
    ['2025-02-03', 'Día de la Constitución (primer lunes de febrero)'],
    ['2026-02-02', 'Día de la Constitución (primer lunes de febrero)'],
    ['2024-03-18', 'Natalicio de Benito Juárez (tercer lunes de marzo)'],
    ['2025-03-17', 'Natalicio de Benito Juárez (tercer lunes de marzo)'],
    ['2026-03-16', 'Natalicio de Benito Juárez (tercer lunes de marzo)'],
    ['2024-11-18', 'Día de la Revolución (tercer lunes de noviembre)'],
    ['2025-11-17', 'Día de la Revolución (tercer lunes de noviembre)'],
    ['2026-11-16', 'Día de la Revolución (tercer lunes de noviembre)'],
  ])('flags the moving Monday %s, and not the Mondays beside it', (date, name) => {
    expect(nonWorkingDay(date)).toEqual(holiday(name));
    expect(nonWorkingDay(shift(date, -7))).toBeNull();
    expect(nonWorkingDay(shift(date, 7))).toBeNull();
  });

  it('does not flag the commemorated dates once the holiday moved to a Monday', () => {
    expect(nonWorkingDay('2025-02-05')).toBeNull(); // Wednesday
    expect(nonWorkingDay('2025-03-21')).toBeNull(); // Friday
    expect(nonWorkingDay('2025-11-20')).toBeNull(); // Thursday
  });

  it.each([
    ['2025-01-01', 'Año Nuevo (1 de enero)'],
    ['2025-05-01', 'Día del Trabajo (1 de mayo)'],
    ['2025-09-16', 'Día de la Independencia (16 de septiembre)'],
    ['2025-12-25', 'Navidad (25 de diciembre)'],
  ])('flags the fixed day %s (a weekday) and not the weekdays before and after', (date, name) => {
    expect(nonWorkingDay(date)).toEqual(holiday(name));
    expect(nonWorkingDay(shift(date, -1))).toBeNull();
    expect(nonWorkingDay(shift(date, 1))).toBeNull();
  });

  it('flags 1 October only in the years the executive changes', () => {
    expect(nonWorkingDay('2024-10-01')).toEqual(
      holiday('Transmisión del Poder Ejecutivo Federal (1 de octubre)'),
    );
    expect(nonWorkingDay('2024-09-30')).toBeNull();
    expect(nonWorkingDay('2024-10-02')).toBeNull();
    expect(nonWorkingDay('2025-10-01')).toBeNull();
    expect(nonWorkingDay('2030-10-01')).toEqual(
      holiday('Transmisión del Poder Ejecutivo Federal (1 de octubre)'),
    );
    expect(nonWorkingDay('2018-10-01')).toBeNull();
  });

  it('flags 1 December of the changes before 2024, even on a Saturday, and not 1 December 2024', () => {
    const december = holiday('Transmisión del Poder Ejecutivo Federal (1 de diciembre)');
    expect(nonWorkingDay('2018-12-01')).toEqual(december); // a Saturday: the holiday is reported
    expect(nonWorkingDay('2006-12-01')).toEqual(december); // a Friday
    expect(nonWorkingDay('2006-11-30')).toBeNull();
    expect(nonWorkingDay('2019-12-02')).toBeNull();
    expect(nonWorkingDay('2024-12-01')).toEqual(SUNDAY);
    expect(nonWorkingDay('2024-12-02')).toBeNull();
  });

  it('reports a holiday on a weekend as the holiday', () => {
    expect(nonWorkingDay('2022-01-01')).toEqual(holiday('Año Nuevo (1 de enero)')); // Saturday
    expect(nonWorkingDay('2022-12-25')).toEqual(holiday('Navidad (25 de diciembre)')); // Sunday
    expect(nonWorkingDay('2005-02-05')).toEqual(holiday('Día de la Constitución (5 de febrero)'));
    expect(nonWorkingDay('2006-02-05')).toEqual(SUNDAY); // the reform was in force by then
  });

  it('names Saturdays and Sundays, and leaves weekdays working', () => {
    expect(nonWorkingDay('2025-03-15')).toEqual(SATURDAY);
    expect(nonWorkingDay('2025-03-16')).toEqual(SUNDAY);
    expect(nonWorkingDay('2025-03-14')).toBeNull();
    expect(nonWorkingDay('2025-03-18')).toBeNull();
  });

  it('knows leap days', () => {
    expect(nonWorkingDay('2024-02-29')).toBeNull(); // Thursday
    expect(nonWorkingDay('2000-02-29')).toBeNull(); // Tuesday: 2000 is a leap year
    expect(nonWorkingDay('2020-02-29')).toEqual(SATURDAY);
    for (const date of ['2023-02-29', '1900-02-29', '2100-02-29']) {
      expect(() => nonWorkingDay(date)).toThrow(RangeError);
    }
  });

  it('agrees with the platform calendar on every day of 2000 to 2030', () => {
    for (let date = '2000-01-01'; date <= '2030-12-31'; date = shift(date, 1)) {
      const result = nonWorkingDay(date);
      const day = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (result?.kind !== 'HOLIDAY') {
        expect(result, date).toEqual(day === 6 ? SATURDAY : day === 0 ? SUNDAY : null);
      }
    }
  });

  it.each([
    '2024-02-30',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '0000-01-01',
    '2024-1-5',
    '20240105',
    '05/01/2024',
    ' 2024-01-05',
    '2024-01-05T00:00:00Z',
    '',
  ])('throws a RangeError for %j', (date) => {
    expect(() => nonWorkingDay(date)).toThrow(RangeError);
  });

  it('throws a RangeError for values that are not text', () => {
    expect(() => nonWorkingDay(null as unknown as string)).toThrow(RangeError);
    expect(() => nonWorkingDay(20240105 as unknown as string)).toThrow(RangeError);
  });
});

describe('holidaysBetween', () => {
  it('gives every holiday of the range, both ends included, in order', () => {
    expect(holidaysBetween('2024-09-16', '2025-02-03')).toEqual([
      { date: '2024-09-16', name: 'Día de la Independencia (16 de septiembre)' },
      { date: '2024-10-01', name: 'Transmisión del Poder Ejecutivo Federal (1 de octubre)' },
      { date: '2024-11-18', name: 'Día de la Revolución (tercer lunes de noviembre)' },
      { date: '2024-12-25', name: 'Navidad (25 de diciembre)' },
      { date: '2025-01-01', name: 'Año Nuevo (1 de enero)' },
      { date: '2025-02-03', name: 'Día de la Constitución (primer lunes de febrero)' },
    ]);
    expect(holidaysBetween('2024-09-17', '2025-02-02').map((h) => h.date)).toEqual([
      '2024-10-01',
      '2024-11-18',
      '2024-12-25',
      '2025-01-01',
    ]);
  });

  it('covers whole years and single days', () => {
    expect(holidaysBetween('2000-01-01', '2030-12-31')).toHaveLength(
      Array.from({ length: 31 }, (_, i) => holidaysOf(2000 + i).length).reduce((a, b) => a + b, 0),
    );
    expect(holidaysBetween('2025-12-25', '2025-12-25')).toEqual([
      { date: '2025-12-25', name: 'Navidad (25 de diciembre)' },
    ]);
    expect(holidaysBetween('2025-12-26', '2025-12-31')).toEqual([]);
  });

  it('gives none for a range that ends before it starts', () => {
    expect(holidaysBetween('2025-12-31', '2025-01-01')).toEqual([]);
  });

  it('throws a RangeError for a bad end', () => {
    expect(() => holidaysBetween('2024-02-30', '2024-12-31')).toThrow(RangeError);
    expect(() => holidaysBetween('2024-01-01', '31/12/2024')).toThrow(RangeError);
  });
});
