import { writeFileAtomic } from '../core/io/atomic.ts';
import { ReplayReport, type ReplayStep, type ReplaySummary, type StepStatus } from '../core/schema/replay-report.ts';

/** Builds, prints and writes the replay report. */

export function summarize(
  steps: readonly ReplayStep[],
  extra: { totalMs: number; llmCalls: number; strategy: ReplaySummary['strategy']; fallback: ReplaySummary['fallback'] },
): ReplaySummary {
  const byStatus: Record<StepStatus, number> = { passed: 0, healed: 0, failed: 0, skipped: 0 };
  const byLevel: Record<string, number> = {};
  for (const step of steps) {
    byStatus[step.status]++;
    if (step.level) byLevel[step.level] = (byLevel[step.level] ?? 0) + 1;
  }
  const failed = steps.find((s) => s.status === 'failed') ?? null;
  return {
    ok: !failed,
    steps: steps.length,
    byStatus,
    byLevel,
    failedStep: failed?.index ?? null,
    failureCategory: failed?.category ?? null,
    totalMs: Math.round(extra.totalMs),
    llmCalls: extra.llmCalls,
    strategy: extra.strategy,
    fallback: extra.fallback,
  };
}

export function summaryLine(summary: ReplaySummary): string {
  const counts = Object.entries(summary.byStatus).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
  const failure = summary.failedStep !== null ? `; step ${summary.failedStep + 1} failed (${summary.failureCategory})` : '';
  return `replay ${summary.ok ? 'passed' : 'FAILED'}: ${counts || 'no steps'}${failure}; ${(summary.totalMs / 1000).toFixed(1)}s, ${summary.llmCalls} model call(s)`;
}

/** Validates and writes the report (temp file + rename). */
export async function writeReport(file: string, report: ReplayReport): Promise<void> {
  const valid = ReplayReport.parse(report);
  await writeFileAtomic(file, JSON.stringify(valid, null, 2) + '\n');
}
