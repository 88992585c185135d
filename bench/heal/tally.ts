import type { RunOutcome, StrategyName, Verdict } from './run.ts';
import { judgeStep } from './run.ts';

/** Counts per app x mutation x strategy, and the printed table. */

export interface Tally {
  steps: number;
  correct: number;
  wrong: number;
  postcondition: number;
  failed: number;
  skipped: number;
  flows: number;
  ends: number;
}

export function emptyTally(): Tally {
  return { steps: 0, correct: 0, wrong: 0, postcondition: 0, failed: 0, skipped: 0, flows: 0, ends: 0 };
}

export function add(tally: Tally, outcome: RunOutcome, reference: RunOutcome | null, loose = false): Verdict[] {
  const verdicts = outcome.steps.map((step, i) => judgeStep(step, reference?.steps[i], loose));
  tally.steps += verdicts.length;
  for (const v of verdicts) {
    if (v === 'correct') tally.correct++;
    else tally[v]++;
  }
  tally.flows++;
  if (outcome.oracle === null) tally.ends++;
  return verdicts;
}

export function sum(tallies: Tally[]): Tally {
  const out = emptyTally();
  for (const t of tallies) for (const key of Object.keys(out) as (keyof Tally)[]) out[key] += t[key];
  return out;
}

function cell(t: Tally | undefined): string {
  if (!t || !t.flows) return '-'.padEnd(30);
  const pct = t.steps ? Math.round((100 * t.correct) / t.steps) : 0;
  return `${`${t.correct}/${t.steps}`.padStart(7)} ${`${pct}%`.padStart(4)} ${`${t.ends}/${t.flows}`.padStart(5)} ${String(t.wrong).padStart(2)} ${String(t.postcondition).padStart(2)} ${String(t.skipped).padStart(3)}`.padEnd(30);
}

export type Key = `${string}|${string}|${StrategyName}`;

export function table(rows: { app: string; mutant: string }[], strategies: StrategyName[], get: (app: string, mutant: string, s: StrategyName) => Tally | undefined): string {
  const head = `${'app'.padEnd(12)} ${'mutation'.padEnd(18)} ${strategies.map((s) => `${s}: steps  %   ends wr pc skp`.padEnd(30)).join(' | ')}`;
  const lines = [head, '-'.repeat(head.length)];
  for (const { app, mutant } of rows) {
    lines.push(`${app.padEnd(12)} ${mutant.padEnd(18)} ${strategies.map((s) => cell(get(app, mutant, s))).join(' | ')}`);
  }
  return lines.join('\n');
}
