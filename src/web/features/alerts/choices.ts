import type { AlertFrequency } from '../../../shared/schemas/alerts';
import type { PublicFilters } from '../../../shared/schemas/filters';
import { msg } from '../../i18n/msg';

/**
 * One thing a page offers to follow (the page decides, decision 0053): its label is a Spanish
 * catalogue key, translated by the form; `description` says more in words already translated.
 */
export type FollowChoice =
  | { kind: 'CONTRACTS'; label: string; description?: string; filters: Partial<PublicFilters> }
  /** A select of the red flags (and 'Cualquier señal de alerta'), starting at `code`. */
  | { kind: 'FLAG'; label: string; description?: string; code?: string }
  /** A number of points (0.5–100, 5 at first). */
  | { kind: 'INDEX'; label: string; description?: string }
  | { kind: 'PUBLICATION'; label: string; description?: string };

/** How often, as the form and the management page say it. */
export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  IMMEDIATE: msg('Después de cada actualización'),
  WEEKLY: msg('Resumen semanal'),
};
