import { z } from 'zod';
import { RED_FLAG_CATEGORIES, RED_FLAG_CODES } from '../red-flags/definitions';
import { successEnvelope } from './common';

/** The red flags' public shapes (issue 32, decision 0052). */

const Code = z.enum(RED_FLAG_CODES);
const Category = z.enum(RED_FLAG_CATEGORIES.map((category) => category.code) as [string, ...string[]]);

/** A raised flag of a contract: its name, the sentence of facts that raised it and the facts themselves. */
export const ContractFlagSchema = z.object({
  code: Code,
  name: z.string(),
  category: Category,
  sentence: z.string().describe('One Spanish sentence with the facts that raised the flag'),
  /** The sentence as a template and its values, so that the web can translate it. */
  template: z.object({ text: z.string(), values: z.record(z.string(), z.string()) }),
  evidence: z
    .record(z.string(), z.unknown())
    .describe(
      'The facts, as computed: a chain’s contracts, the holiday, the bidder, the list entry and its dates…',
    ),
});
export type ContractFlag = z.infer<typeof ContractFlagSchema>;

/** A flag that could not be evaluated for a contract ('sin datos'), with why. */
export const UnevaluatedFlagSchema = z.object({ code: Code, name: z.string(), reason: z.string() });
export type UnevaluatedFlag = z.infer<typeof UnevaluatedFlagSchema>;

/** What the contract detail carries about flags. */
export const ContractFlagsShape = {
  flags: z.array(ContractFlagSchema).describe('The raised red flags only'),
  unevaluated: z.array(UnevaluatedFlagSchema).describe('The flags that could not be evaluated, with why'),
  flagsMethodVersion: z.number().int().describe('The version of the red flags’ method that computed them'),
};

/** A list of suppliers loaded into the portal: its own date and when it was loaded. */
export const SupplierListInfoSchema = z.object({
  cutOff: z.string().nullable(),
  loadedAt: z.string(),
  rows: z.number().int(),
});

/** GET /public-api/flags: every flag with this monitor's parameters and how many contracts carry it. */
export const RedFlagsOverviewSchema = z.object({
  methodVersion: z.number().int(),
  parameters: z.record(z.string(), z.unknown()),
  flags: z.array(
    z.object({
      code: Code,
      name: z.string(),
      category: Category,
      categoryName: z.string(),
      rule: z.string(),
      why: z.string(),
      needs: z.string(),
      enabled: z.boolean(),
      contracts: z.number().int(),
    }),
  ),
  lists: z.object({
    sat69b: SupplierListInfoSchema.nullable(),
    sanctions: SupplierListInfoSchema.nullable(),
  }),
});
export type RedFlagsOverview = z.infer<typeof RedFlagsOverviewSchema>;
export const RedFlagsOverviewResponseSchema = successEnvelope(RedFlagsOverviewSchema);
