import fs from 'node:fs';
import { locatorFromCode } from '../../core/locator/build.ts';
import { openTraceZip } from '../../core/io/trace-zip.ts';
import { ReplayReport } from '../../core/schema/replay-report.ts';
import { kEvidencePhases, readFailure } from '../../heal/failure.ts';
import { runCli } from '../../harness/cli.ts';
import { readTrace, type SnapshotPage } from '../../locate/snapshot/snapshot-page.ts';

/**
 * Heal and replay re-find one element alike: for a failing test heal ran on, the recorded flow is
 * replayed live on the same release, and the step where replay first had to re-find an element
 * (its recorded locator no longer agreed) is the call the test failed at. Both answers are read in
 * the failing call's DOM snapshot, by the CSS path of the element each one's locator finds there:
 *   agree        the same element, or both refused
 *   heal-only    heal re-found it, replay refused the step
 *   replay-only  replay re-found it, heal refused
 *   differ       each re-found another element (a finding: one of them is wrong)
 * A flow replay did not get to that step in counts as `unreached`.
 */

export type Parity = 'agree' | 'heal-only' | 'replay-only' | 'differ' | 'unreached';
export const kParities: readonly Parity[] = ['agree', 'heal-only', 'replay-only', 'differ', 'unreached'];

export interface ParityRow {
  parity: Parity;
  /** What each re-found (a CSS path) or why it refused. */
  heal: string;
  replay: string;
}

/** The first step of `bu replay` on `baseUrl` that did not pass on its recorded locator: its locator, or null with why. */
export async function replayedStep(sessionId: string, baseUrl: string, env: NodeJS.ProcessEnv): Promise<{ locator: string | null; what: string } | null> {
  const run = await runCli(['replay', sessionId, '--base-url', baseUrl, '--json'], { env, timeoutMs: 180_000 });
  if (!run.json?.reportPath) return null;
  const report = ReplayReport.parse(JSON.parse(fs.readFileSync(String(run.json.reportPath), 'utf8')));
  const step = report.steps.find((s) => s.status !== 'passed' && s.status !== 'skipped');
  if (!step) return null;
  if (step.status === 'failed') return { locator: null, what: `step ${step.index + 1} refused: ${step.category ?? ''} ${(step.message ?? '').slice(0, 120)}` };
  return { locator: step.locator, what: `step ${step.index + 1} at ${step.level}` };
}

/** The CSS path of the one element `code` finds in the failing call's snapshot of `trace`, or null. */
async function foundIn(shown: SnapshotPage, trace: string, code: string): Promise<string | null> {
  const failure = await readFailure(await openTraceZip(trace));
  const { snapshots, resources } = await readTrace(trace);
  const snapshot = failure?.call ? kEvidencePhases.map((phase) => snapshots.find(failure.call!.callId, phase)).find((s) => s !== null) ?? null : null;
  if (!snapshot) return null;
  await shown.show(snapshot, snapshots.html(snapshot), resources);
  const paths = await locatorFromCode(shown.page, code).evaluateAll((els) => els.map((el) => {
    const parts: string[] = [];
    for (let at: Element | null = el; at && at !== document.documentElement; at = at.parentElement) {
      const same = at.parentElement ? Array.from(at.parentElement.children).filter((c) => c.localName === at!.localName) : [at];
      parts.unshift(same.length > 1 ? `${at.localName}:nth-of-type(${same.indexOf(at) + 1})` : at.localName);
    }
    return parts.join(' > ');
  })).catch(() => []);
  return paths.length === 1 ? paths[0]! : null;
}

/** Heal's answer for one failing test (the locator it wrote, or its refusal) beside replay's for the same step. */
export async function parityOf(shown: SnapshotPage, trace: string, heal: { after: string } | { reason: string }, replay: { locator: string | null; what: string } | null): Promise<ParityRow> {
  if (!replay) return { parity: 'unreached', heal: 'after' in heal ? heal.after : heal.reason, replay: 'no step re-found or refused' };
  const healAt = 'after' in heal ? await foundIn(shown, trace, heal.after) : null;
  const replayAt = replay.locator ? await foundIn(shown, trace, replay.locator) : null;
  const healWhat = 'after' in heal ? `${heal.after} -> ${healAt ?? 'none in the snapshot'}` : `refused: ${heal.reason.slice(0, 120)}`;
  const replayWhat = `${replay.what}${replay.locator ? ` -> ${replayAt ?? 'none in the snapshot'}` : ''}`;
  const healFound = 'after' in heal;
  const replayFound = replay.locator !== null;
  const parity: Parity = healFound && replayFound ? (healAt !== null && healAt === replayAt ? 'agree' : 'differ')
    : healFound ? 'heal-only' : replayFound ? 'replay-only' : 'agree';
  return { parity, heal: healWhat, replay: replayWhat };
}

/** The totals line. */
export function parityTotals(rows: ParityRow[]): string {
  return kParities.map((p) => `${p} ${rows.filter((r) => r.parity === p).length}`).join(', ');
}
