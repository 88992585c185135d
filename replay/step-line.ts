import type { ReplayStep } from '../core/schema/replay-report.ts';

/** One progress line per step, e.g. `step 3 click: healed via roleNameLoose (2 candidates, score 95) 120ms`. */
export function stepLine(step: ReplayStep, total: number): string {
  const head = `step ${step.index + 1}/${total} ${step.action}: ${step.status}`;
  const how = step.level ? ` via ${step.level}${step.candidates !== null ? ` (${step.candidates} candidate${step.candidates === 1 ? '' : 's'}${step.score !== null ? `, score ${step.score}` : ''})` : ''}` : '';
  const why = step.category ? ` [${step.category}] ${step.message ?? ''}` : step.message && step.status === 'skipped' ? ` (${step.message})` : '';
  return `${head}${how}${why} ${Math.round(step.timing.totalMs)}ms`;
}
