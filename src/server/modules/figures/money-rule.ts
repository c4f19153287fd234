/** The one rule for money, in one line, as the screens and every download say it next to the totals. */
export const MONEY_RULE_NOTE =
  'Las sumas y los conteos incluyen solo contratos concluidos; no incluyen ampliaciones, modificaciones ni adendas. Los listados muestran todos los contratos.';

/** Sums arrive as exact decimals; cents are kept exact when they become JSON numbers. */
export const round = (value: number) => Math.round(value * 100) / 100;
