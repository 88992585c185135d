import { z } from 'zod';

/** One entry of the run database `.brow-use/runs.json`. */

export const TerminationReason = z.enum(['frontier-empty', 'maxSteps', 'maxLoopHits', 'done', 'error']);
export type TerminationReason = z.infer<typeof TerminationReason>;

export const RunMode = z.enum(['playwright', 'cdp', 'remote', 'crx']);
export type RunMode = z.infer<typeof RunMode>;

export const Usage = z.object({
  calls: z.number().int().min(0),
  tokensIn: z.number().int().min(0),
  tokensOut: z.number().int().min(0),
  cost: z.number().min(0),
});
export type Usage = z.infer<typeof Usage>;

/** Loose on purpose (`z.looseObject`): later versions may add fields that older readers keep. */
export const RunRecord = z.looseObject({
  sessionId: z.string().min(1),
  command: z.string().min(1),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  url: z.string(),
  mode: RunMode,
  artifacts: z.record(z.string(), z.string()),
  pagesVisited: z.number().int().min(0).optional(),
  terminationReason: TerminationReason.optional(),
  error: z.string().optional(),
  intent: z.string().optional(),
  instruction: z.string().optional(),
  format: z.string().optional(),
  recordsExtracted: z.number().int().min(0).optional(),
  sourceExploreId: z.string().optional(),
  usage: Usage.optional(),
  steps: z.number().int().min(0).optional(),
});
export type RunRecord = z.infer<typeof RunRecord>;

export const RunDatabase = z.array(RunRecord);
