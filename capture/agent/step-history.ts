import type { ActionOutcome } from '../types.ts';

/**
 * The compact history the model reads each step: per earlier step its evaluation, goal and
 * results, never earlier pages (those are what made other tools' prompts grow without bound).
 * Only the latest steps are shown in full; the model's own `memory` carries the rest.
 */

/** Steps shown in full; older ones are summarised by the memory. */
const kShownSteps = 6;
/** Per result line: enough for an extracted value or an error message. */
const kResultChars = 300;
/** A whole extract result (the model may need the data it asked for) may be longer. */
const kExtractChars = 1_500;

export interface StepEntry {
  step: number;
  evaluation: string;
  nextGoal: string;
  /** Filled in when the next observation reports the outcomes. */
  results: string[];
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function outcomeLine(outcome: ActionOutcome): string {
  if (!outcome.ok) return `${outcome.action} failed: ${clip(outcome.error ?? 'unknown error', kResultChars)}`;
  const limit = outcome.action === 'extract' || outcome.action === 'read_file' || outcome.action === 'dropdown_options' ? kExtractChars : kResultChars;
  return `${outcome.action}: ${clip(outcome.text, limit)}`;
}

export class StepHistory {
  readonly entries: StepEntry[] = [];

  /** A re-ask within the same step updates that step's entry and keeps its results. */
  add(entry: StepEntry): void {
    const last = this.entries[this.entries.length - 1];
    if (last && last.step === entry.step) Object.assign(last, { evaluation: entry.evaluation, nextGoal: entry.nextGoal });
    else this.entries.push(entry);
  }

  /** Attaches results to the latest entry (outcomes of its actions, or errors found before acting). */
  addResults(lines: string[]): void {
    const last = this.entries[this.entries.length - 1];
    if (last) last.results.push(...lines);
  }

  render(): string {
    if (!this.entries.length) return '(none yet)';
    const shown = this.entries.slice(-kShownSteps);
    const omitted = this.entries.length - shown.length;
    const lines = omitted ? [`(${omitted} earlier steps not shown; see memory)`] : [];
    for (const entry of shown) {
      lines.push(`step ${entry.step}: evaluation: ${clip(entry.evaluation, kResultChars)} | goal: ${clip(entry.nextGoal, kResultChars)}`);
      for (const result of entry.results) lines.push(`  ${result}`);
    }
    return lines.join('\n');
  }
}
