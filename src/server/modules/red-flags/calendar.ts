/**
 * Mexican non-working days for the NON_WORKING_DAY flag: Saturdays, Sundays and the days of rest of
 * Ley Federal del Trabajo art. 74, as the law read in each year (contracts go back to 2000):
 *
 * - I, IV, V, VIII: 1 January, 1 May, 16 September, 25 December.
 * - II and VI: the first Monday of February and the third Monday of November since the reform
 *   published in the DOF on 17 January 2006 (in force the next day); before it, the fixed days they
 *   commemorate, 5 February and 20 November.
 * - III: the third Monday of March from 2007 (that reform's transitory article); 21 March before.
 * - VII: the day the federal executive changes, every six years. The change was on 1 December
 *   (2000, 2006, 2012, 2018, and every sixth year before); since the constitutional reform of 2014
 *   the president takes office on 1 October, from 2024 on (2024, 2030, 2036…). We take 1 December
 *   for the change years before 2024 and 1 October for 2024 and later.
 * - IX (election days set by electoral laws) is left out: ordinary elections are held on Sundays,
 *   which are non-working days anyway.
 *
 * Dates are calendar dates already in Mexico City (`YYYY-MM-DD`); no Date object or time zone is
 * involved, so the result never depends on the machine's zone. Years are proleptic Gregorian.
 */

import { HOLIDAY_NAMES as H } from '../../../shared/red-flags/sentence-values';

export interface Holiday {
  /** `YYYY-MM-DD`. */
  date: string;
  /** Spanish, with the rule that sets it: 'Día de la Constitución (primer lunes de febrero)' (the closed set of `HOLIDAY_NAMES`). */
  name: string;
}

export interface NonWorkingDay {
  kind: 'SATURDAY' | 'SUNDAY' | 'HOLIDAY';
  /** 'sábado', 'domingo' or the holiday's name. */
  name: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1;
const MAX_YEAR = 9999;
/** The first year of each reform (see above). */
const MOVING_MONDAYS_FROM = 2006;
const MOVING_MARCH_FROM = 2007;
const OCTOBER_HANDOVER_FROM = 2024;

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Day of the week, 0 = Sunday … 6 = Saturday (Sakamoto's method, proleptic Gregorian). */
const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
function weekday(year: number, month: number, day: number): number {
  const y = month < 3 ? year - 1 : year;
  return (
    (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + MONTH_OFFSETS[month - 1]! + day) % 7
  );
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const iso = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** The day of the month of the nth Monday of a month. */
function nthMonday(year: number, month: number, n: number): number {
  const first = weekday(year, month, 1);
  return 1 + ((8 - first) % 7) + 7 * (n - 1);
}

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`Not a year from ${MIN_YEAR} to ${MAX_YEAR}: ${String(year).slice(0, 40)}`);
  }
}

/** A `YYYY-MM-DD` text that names a real day, as numbers; anything else throws a RangeError. */
function parseDate(value: string): { year: number; month: number; day: number } {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || year < MIN_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(String(value).slice(0, 40))}`);
  }
  return { year, month, day };
}

function computeHolidays(year: number): Holiday[] {
  const moving = year >= MOVING_MONDAYS_FROM;
  const movingMarch = year >= MOVING_MARCH_FROM;
  const handover = (year - OCTOBER_HANDOVER_FROM) % 6 === 0;
  const list: [number, number, string][] = [
    [1, 1, H.newYear],
    moving ? [2, nthMonday(year, 2, 1), H.constitution] : [2, 5, H.constitutionBefore2006],
    movingMarch ? [3, nthMonday(year, 3, 3), H.juarez] : [3, 21, H.juarezBefore2007],
    [5, 1, H.labour],
    [9, 16, H.independence],
    moving ? [11, nthMonday(year, 11, 3), H.revolution] : [11, 20, H.revolutionBefore2006],
    [12, 25, H.christmas],
  ];
  if (handover) {
    list.push(year >= OCTOBER_HANDOVER_FROM ? [10, 1, H.handover] : [12, 1, H.handoverBefore2024]);
  }
  return list
    .map(([month, day, name]) => ({ date: iso(year, month, day), name }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Each year's holidays, computed once: flagging calls nonWorkingDay for every contract. */
const byYear = new Map<number, { list: readonly Holiday[]; names: ReadonlyMap<string, string> }>();
function holidaysCached(year: number) {
  let entry = byYear.get(year);
  if (!entry) {
    const list = computeHolidays(year);
    entry = { list, names: new Map(list.map((holiday) => [holiday.date, holiday.name])) };
    byYear.set(year, entry);
  }
  return entry;
}

/** The days of rest of art. 74 in a year, in date order, as the law read that year. */
export function holidaysOf(year: number): Holiday[] {
  checkYear(year);
  return holidaysCached(year).list.map((holiday) => ({ ...holiday }));
}

/**
 * Why a contract date is a non-working day, or null for a working day. A holiday on a weekend is
 * reported as the holiday (the reader learns more from 'Navidad' than from 'sábado'). A text that is
 * not a real `YYYY-MM-DD` date throws a RangeError: callers decide 'sin datos' for a missing date
 * before asking, so a bad one here is a bug, and answering null would silently call it working.
 */
export function nonWorkingDay(date: string): NonWorkingDay | null {
  const { year, month, day } = parseDate(date);
  const holiday = holidaysCached(year).names.get(date);
  if (holiday) return { kind: 'HOLIDAY', name: holiday };
  const dayOfWeek = weekday(year, month, day);
  if (dayOfWeek === 6) return { kind: 'SATURDAY', name: 'sábado' };
  if (dayOfWeek === 0) return { kind: 'SUNDAY', name: 'domingo' };
  return null;
}

/**
 * Every holiday from `from` to `to`, both included, in date order: the parameter the flagging SQL
 * receives (weekends it finds itself). An empty range (`from` after `to`) gives none; a bad date
 * throws a RangeError as in nonWorkingDay.
 */
export function holidaysBetween(from: string, to: string): Holiday[] {
  const start = parseDate(from);
  const end = parseDate(to);
  const holidays: Holiday[] = [];
  for (let year = start.year; year <= end.year; year++) {
    for (const holiday of holidaysCached(year).list) {
      if (holiday.date >= from && holiday.date <= to) holidays.push({ ...holiday });
    }
  }
  return holidays;
}
