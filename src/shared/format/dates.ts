/** Spanish month names, for 'DD de MMMM de YYYY' labels. */
export const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MEXICO_CITY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' });

/**
 * Year, month and day of a value. A calendar date (`2024-03-02`) is taken as it is; a moment
 * (a Date or a timestamp text) is the day it was in Mexico City, so an update made at 19:00
 * local time is not shown as the next day.
 */
function parts(value: string | Date): [string, string, string] | null {
  const calendar = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (calendar) return [calendar[1]!, calendar[2]!, calendar[3]!];
  const moment = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(moment.getTime())) return null;
  const [year, month, day] = MEXICO_CITY.format(moment).split('-');
  return year && month && day ? [year, month, day] : null;
}

/** Contract dates are calendar dates (no time). `2024-03-02` → `02/03/2024`. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const p = parts(value);
  return p ? `${p[2]}/${p[1]}/${p[0]}` : '';
}

/** `2024-03-02` → `02 de marzo de 2024` (the "Última actualización" label). */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const p = parts(value);
  if (!p) return '';
  return `${p[2]} de ${SPANISH_MONTHS[Number(p[1]) - 1]} de ${p[0]}`;
}

/**
 * The long date in the visitor's language: the spec's Spanish form for `es`, the language's own
 * long form otherwise (`October 29, 2026`, `2026年10月29日`).
 */
export function formatLongDateIn(value: string | Date | null | undefined, language: string): string {
  if (language === 'es' || !value) return formatLongDate(value);
  const p = parts(value);
  if (!p) return '';
  const day = Date.UTC(Number(p[0]), Number(p[1]) - 1, Number(p[2]));
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
}

/** The quarter label of the specs: quarter 1 of 2019 → `1o 2019`. */
export function quarterLabel(quarter: number, year: number): string {
  return `${quarter}o ${year}`;
}

/** Parses `1o 2019` into its parts, or null when the text is not a quarter label. */
export function parseQuarterLabel(label: string): { quarter: number; year: number } | null {
  const match = /^([1-4])o (\d{4})$/.exec(label);
  return match ? { quarter: Number(match[1]), year: Number(match[2]) } : null;
}

/** The calendar date in Mexico City, as `YYYY-MM-DD`, for "today" in deadlines and labels. */
export function mexicoCityDate(now: Date): string {
  return MEXICO_CITY.format(now);
}
