/**
 * The words a red flag's sentence can hold as values (sentences.ts keeps words in its templates,
 * with one exception): which placeholders hold them and the closed set of each. The contract page
 * translates such a value through its own catalogue key before filling the template, so a word is
 * added here and in the en and ja catalogues. Apart from sentences.ts so that the page does not
 * load the templates themselves (they come with the contract, from the API).
 */

/**
 * The names of the days of rest of Ley Federal del Trabajo art. 74, each with the rule that sets its
 * date, as the calendar (server, `modules/red-flags/calendar.ts`) gives them to NON_WORKING_DAY's
 * evidence: the values of `{{holiday}}`.
 */
export const HOLIDAY_NAMES = {
  newYear: 'Año Nuevo (1 de enero)',
  constitution: 'Día de la Constitución (primer lunes de febrero)',
  constitutionBefore2006: 'Día de la Constitución (5 de febrero)',
  juarez: 'Natalicio de Benito Juárez (tercer lunes de marzo)',
  juarezBefore2007: 'Natalicio de Benito Juárez (21 de marzo)',
  labour: 'Día del Trabajo (1 de mayo)',
  independence: 'Día de la Independencia (16 de septiembre)',
  revolution: 'Día de la Revolución (tercer lunes de noviembre)',
  revolutionBefore2006: 'Día de la Revolución (20 de noviembre)',
  christmas: 'Navidad (25 de diciembre)',
  handover: 'Transmisión del Poder Ejecutivo Federal (1 de octubre)',
  handoverBefore2024: 'Transmisión del Poder Ejecutivo Federal (1 de diciembre)',
} as const;

/**
 * The placeholders whose values are words of a closed set, with that set: the web translates such
 * a value through its own catalogue key before filling the template. Every other value is data.
 */
export const TRANSLATED_VALUES: Readonly<Record<string, readonly string[]>> = {
  holiday: Object.values(HOLIDAY_NAMES),
};
