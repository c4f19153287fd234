import { z } from 'zod';
import { successEnvelope } from './common';
import { PublicFiltersSchema } from './filters';

/** The chart filters come at the top level of the body (original client) or under `filters`. */
export const ChartBodySchema = z
  .union([z.object({ filters: PublicFiltersSchema }), PublicFiltersSchema])
  .transform((body) => ('filters' in body ? body.filters : body));

export const PeriodAmountSchema = z.object({
  _id: z.object({ period: z.string().describe('Quarter, e.g. "1o"'), year: z.string() }),
  totalPublic: z.number(),
  totalInvitation: z.number(),
  totalNoBid: z.number(),
});
export type PeriodAmount = z.infer<typeof PeriodAmountSchema>;
export const AmountByPeriodResponseSchema = successEnvelope(z.array(PeriodAmountSchema));
export type AmountByPeriodResponse = z.infer<typeof AmountByPeriodResponseSchema>;

/** The chart series, in the order and colours of the spec, with the field each has in a quarter. */
export const CHART_SERIES = [
  { key: 'PUBLIC', label: 'Lic. pública', color: '#6ec284', periodField: 'totalPublic' },
  { key: 'INVITATION', label: 'Por invitación', color: '#ffc043', periodField: 'totalInvitation' },
  { key: 'NO_BID', label: 'Adj. directa', color: '#eb6262', periodField: 'totalNoBid' },
] as const;

export const AmountByProcedureResponseSchema = successEnvelope(
  z.object({
    data: z.object({
      labels: z.array(z.string()),
      datasets: z.array(z.object({ data: z.array(z.number()), backgroundColor: z.array(z.string()) })),
    }),
  }),
);
export type AmountByProcedureResponse = z.infer<typeof AmountByProcedureResponseSchema>;
