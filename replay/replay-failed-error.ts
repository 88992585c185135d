import type { ReplayReport } from '../core/schema/replay-report.ts';
import { stepLine } from './step-line.ts';

/** What `replayHistory` throws when a step fails: the message names the step, its notes and the page. */
export class ReplayFailedError extends Error {
  constructor(readonly report: ReplayReport) {
    const failed = report.steps.find((s) => s.status === 'failed')!;
    const notes = failed.notes.length ? `\n  ${failed.notes.join('\n  ')}` : '';
    super(`replay of ${report.sessionId} failed at ${stepLine(failed, report.steps.length)}${notes}\n  page: ${report.final.url}`);
    this.name = 'ReplayFailedError';
  }
}
