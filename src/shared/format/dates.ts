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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(value: string | Date): [string, string, string] | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const iso = value.toISOString();
    return [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
  }
  const match = ISO_DATE.exec(value);
  return match ? [match[1]!, match[2]!, match[3]!] : null;
}

/**
 * Contract dates are calendar dates (no time). `2024-03-02` → `02/03/2024`.
 * Timestamps are shown by their UTC date, as the spec says for tables.
 */
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
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(now);
}
