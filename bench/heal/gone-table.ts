import type { GoneResult } from './bench-app.ts';
import type { GoneFamily } from './gone-cases.ts';
import type { StrategyName } from './run.ts';

/** The gone families' counts per app x family x strategy, and the lines that explain them. */

export interface GoneCounts {
  cases: number;
  refused: number;
  wrong: number;
  notReached: number;
  /** Passed without acting on anything. */
  idle: number;
}

export interface AppGone {
  app: string;
  results: GoneResult[];
}

export function goneCounts(results: GoneResult[]): GoneCounts {
  const out: GoneCounts = { cases: 0, refused: 0, wrong: 0, notReached: 0, idle: 0 };
  for (const { verdict } of results) {
    out.cases++;
    if (verdict.kind === 'refused') out.refused++;
    else if (verdict.kind === 'wrong') out.wrong++;
    else if (verdict.kind === 'not reached') out.notReached++;
    else out.idle++;
  }
  return out;
}

const cell = (c: GoneCounts) => `${String(c.cases).padStart(5)} ${String(c.refused).padStart(7)} ${String(c.wrong).padStart(5)} ${String(c.notReached).padStart(7)} ${String(c.idle).padStart(4)}`.padEnd(34);

export function goneTable(apps: AppGone[], families: GoneFamily[], strategies: StrategyName[]): string {
  const head = `${'app'.padEnd(12)} ${'family'.padEnd(12)} ${strategies.map((s) => `${s}: cases refused wrong notrchd idle`.padEnd(34)).join(' | ')}`;
  const lines = [head, '-'.repeat(head.length)];
  const row = (app: string, family: GoneFamily, results: GoneResult[]) =>
    `${app.padEnd(12)} ${family.padEnd(12)} ${strategies.map((s) => cell(goneCounts(results.filter((r) => r.case.family === family && r.strategy === s)))).join(' | ')}`;
  for (const { app, results } of apps) for (const family of families) lines.push(row(app, family, results));
  const all = apps.flatMap((a) => a.results);
  for (const family of families) lines.push(row('all', family, all));
  return lines.join('\n');
}

/** One line per case that did not refuse: what it acted on (or why it stopped), with the step's replay notes. */
export function goneDetails(apps: AppGone[], kinds: GoneResult['verdict']['kind'][]): string[] {
  const lines: string[] = [];
  for (const { app, results } of apps) {
    for (const r of results) {
      const v = r.verdict;
      if (!kinds.includes(v.kind)) continue;
      const at = v.kind === 'wrong' ? v.step : r.case.step;
      const step = r.outcome.steps[at];
      const reported = step ? r.outcome.report?.steps[step.index] : undefined;
      const what = v.kind === 'wrong' ? `acted on ${v.acted.join('; ')}${at < r.case.step ? ` (step ${(step?.index ?? at) + 1}, before the case step)` : ''}` : v.kind === 'not reached' ? `not reached: ${v.why}` : 'passed without acting';
      lines.push(`  ${app} ${r.case.flow.name} step ${r.case.index + 1} ${r.case.family} ${r.strategy}: target ${r.case.label}; ${what}`);
      if (reported) lines.push(`      replay: ${reported.status}${reported.level ? ` at ${reported.level}` : ''}${reported.message ? `: ${reported.message}` : ''}`, ...reported.notes.map((n) => `      ${n}`));
    }
  }
  return lines;
}
