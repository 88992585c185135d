import type { ActionOutcome } from '../types.ts';

/**
 * The compact history the model reads each step: per earlier step its evaluation, goal and
 * results, never earlier pages (those are what made other tools' prompts grow without bound).
 * It only grows at its end, so from one step to the next the prompt up to the newest entry is
 * the same and a provider's prompt cache serves it. Past a length the older entries are folded
 * into a summary the model writes (`fold`), and the history starts growing from there again.
 */

/** Entries kept as they are when the rest is folded into the summary: the model's immediate context. */
export const kKeptAfterFold = 2;
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
  /** The model's summary of the entries folded so far, and the last step it covers. */
  summary: { text: string; throughStep: number } | null = null;

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

  /** Entries a fold would replace (all but the latest few), oldest first. */
  foldable(): StepEntry[] {
    return this.entries.slice(0, Math.max(0, this.entries.length - kKeptAfterFold));
  }

  /** Replaces the foldable entries with the model's summary of them (and of the summary before). */
  fold(summary: string): { from: number; to: number } | null {
    const folded = this.foldable();
    if (!folded.length) return null;
    const from = this.summary ? 1 : folded[0]!.step;
    const to = folded[folded.length - 1]!.step;
    this.entries.splice(0, folded.length);
    this.summary = { text: summary.trim(), throughStep: to };
    return { from, to };
  }

  static renderEntries(entries: readonly StepEntry[]): string[] {
    const lines: string[] = [];
    for (const entry of entries) {
      lines.push(`step ${entry.step}: evaluation: ${clip(entry.evaluation, kResultChars)} | goal: ${clip(entry.nextGoal, kResultChars)}`);
      for (const result of entry.results) lines.push(`  ${result}`);
    }
    return lines;
  }

  render(): string {
    if (!this.entries.length && !this.summary) return '(none yet)';
    const lines = this.summary ? [`summary of steps 1-${this.summary.throughStep}: ${this.summary.text}`] : [];
    return [...lines, ...StepHistory.renderEntries(this.entries)].join('\n');
  }
}
