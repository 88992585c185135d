import { z } from 'zod';
import { describeIssues, UsageError } from '../errors.ts';

/** US dollars per million tokens, input and output. */
export const ModelPrice = z.strictObject({ input: z.number().min(0), output: z.number().min(0) });
export type ModelPrice = z.infer<typeof ModelPrice>;
export const PriceTable = z.record(z.string(), ModelPrice);
export type PriceTable = z.infer<typeof PriceTable>;

/** A small built-in table (list prices); `BU_PRICES` adds or overrides entries. Unknown models cost 0. */
const kBuiltInPrices: PriceTable = {
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
};

const kPerMillion = 1_000_000;

/** `BU_PRICES='{"my-model":{"input":0.5,"output":1.5}}'` merged over the built-in table. */
export function parsePrices(text: string | undefined): PriceTable {
  if (!text) return { ...kBuiltInPrices };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`BU_PRICES is not valid JSON (${(err as Error).message})`, 'e.g. BU_PRICES=\'{"my-model":{"input":0.5,"output":1.5}}\' (dollars per million tokens)');
  }
  const parsed = PriceTable.safeParse(value);
  if (!parsed.success) throw new UsageError(`BU_PRICES: ${describeIssues(parsed.error)}`, 'each model maps to {"input": N, "output": N} in dollars per million tokens');
  return { ...kBuiltInPrices, ...parsed.data };
}

/** Exact name first, then the longest table key the model name starts with (dated snapshots). */
function priceFor(table: PriceTable, model: string): ModelPrice | null {
  if (table[model]) return table[model];
  const prefix = Object.keys(table)
    .filter((key) => model.startsWith(key))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix]! : null;
}

export function costOf(table: PriceTable, model: string, tokensIn: number, tokensOut: number): number {
  const price = priceFor(table, model);
  if (!price) return 0;
  return (tokensIn * price.input + tokensOut * price.output) / kPerMillion;
}
