import { formatLongDate, mexicoCityDate } from '../../../../shared/format/dates';

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** 'domingo, 22 de noviembre de 2026' for today in Mexico City. */
export function spanishToday(): string {
  const today = mexicoCityDate(new Date());
  const weekday = WEEKDAYS[new Date(`${today}T12:00:00Z`).getUTCDay()]!;
  return `${weekday}, ${formatLongDate(today).replace(/^0/, '')}`;
}
