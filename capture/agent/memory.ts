import { z } from 'zod';
import { ModelUnavailableError } from '../../core/llm/client.ts';
import { countTokens } from '../../core/llm/tokens.ts';
import type { ReasoningNote } from '../types.ts';
import type { ModelAsker } from './asker.ts';
import { summaryMessages } from './messages.ts';
import { StepHistory } from './step-history.ts';

/**
 * Memory summarisation: when the history shown to the model passes a length, the model writes a
 * summary of progress and next steps, which replaces the older entries. The summary is logged.
 */

/** History length (tokens) that triggers a summary: long enough to rarely cost a call, short enough to keep steps small. */
export const kDefaultHistoryTokens = 1_500;

export const SummaryAnswer = z.strictObject({ summary: z.string().min(1).describe('progress so far and next steps, at most 200 words') });

export function historyTokens(history: StepHistory): number {
  return countTokens(history.render());
}

/** Folds the older entries into a summary when the history is over `limit` tokens; true when it did. */
export async function summariseIfLong(options: {
  asker: ModelAsker; history: StepHistory; task: string; limit: number; signal: AbortSignal; notes: ReasoningNote[];
}): Promise<boolean> {
  const { history } = options;
  if (historyTokens(history) <= options.limit || !history.foldable().length) return false;
  const before = history.summary ? [`summary of steps 1-${history.summary.throughStep}: ${history.summary.text}`] : [];
  const folded = [...before, ...StepHistory.renderEntries(history.foldable())].join('\n');
  let answer;
  try {
    answer = await options.asker.ask('agent.summarize', summaryMessages({ task: options.task, history: folded }), options.signal, SummaryAnswer);
  } catch (err) {
    if (err instanceof ModelUnavailableError) return false;
    throw err;
  }
  if (!answer.ok) {
    options.notes.push({ kind: 'error', text: `memory summary not usable: ${answer.error}` });
    return false;
  }
  const range = history.fold(answer.value.summary);
  if (range) options.notes.push({ kind: 'observation', text: `memory summary of steps ${range.from}-${range.to}: ${answer.value.summary}` });
  return range !== null;
}
