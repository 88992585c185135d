import fs from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile, readJsonLines } from '../core/io/read.ts';
import type { OutputPaths } from '../core/paths.ts';
import { ActionRecord, EdgeRecord, StepRecord } from '../core/schema/extract.ts';
import { History, type Subtask } from '../core/schema/history.ts';
import { ReplayReport } from '../core/schema/replay-report.ts';
import type { RunRecord } from '../core/schema/run.ts';
import { compactDiff, diffLines } from './diff.ts';
import type { EdgeView, ReplayView, ReportModel, StepSubtask, StepView } from './model.ts';

/**
 * Gathers a run's report from disk: the run entry, the extracted steps and actions, the navigation
 * edges and every replay report of the session. Screenshots are copied beside the page so the
 * report folder can be opened anywhere, from file://.
 */

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(() => true, () => false);
}

/** Which subtask each loop step worked on, and how it stood at the end of that step. */
function subtaskOf(subtasks: Subtask[], step: number): StepSubtask | null {
  const worked = subtasks.filter((item) => item.steps.includes(step));
  const item = worked[worked.length - 1];
  if (!item) return null;
  // A completed subtask is done when the check after its last step found it so.
  const lastStep = Math.max(...item.steps);
  const status: StepSubtask['status'] = step === lastStep && item.status === 'done' ? 'done' : step === lastStep && item.status === 'replaced' ? 'replaced' : 'in progress';
  // Its place in the final plan; a subtask a revision dropped has none.
  const final = subtasks.filter((other) => other.status !== 'replaced');
  const position = final.indexOf(item);
  return { position: position < 0 ? null : position + 1, of: final.length, text: item.text, status };
}

function stepViews(steps: StepRecord[], actions: ActionRecord[], screenshotMap: Map<string, string>, subtasks: Subtask[]): StepView[] {
  const byCall = new Map(actions.map((a) => [a.callId, a]));
  return steps.map((step, i) => {
    const next = steps[i + 1];
    const before = step.ariaLog?.snapshot ?? null;
    const after = next?.ariaLog?.snapshot ?? null;
    const stepActions = step.actions.map((id) => byCall.get(id)).filter((a): a is ActionRecord => Boolean(a));
    return {
      step: step.step,
      subtask: subtaskOf(subtasks, step.step),
      title: step.summary || step.title,
      intent: step.intent,
      reasoning: step.reasoning,
      actions: stepActions.map((a) => ({
        apiName: a.apiName,
        locator: a.locator?.code ?? null,
        error: a.error?.message ?? null,
        durationMs: a.endMs === null ? null : a.endMs - a.startMs,
      })),
      urlBefore: step.urlBefore,
      urlAfter: step.urlAfter,
      screenshot: step.screenshot ? (screenshotMap.get(step.screenshot) ?? null) : null,
      error: step.error,
      ariaDiff: before !== null && after !== null ? compactDiff(diffLines(before, after)) : null,
    };
  });
}

function edgeViews(edges: EdgeRecord[]): EdgeView[] {
  const grouped = new Map<string, EdgeView>();
  for (const edge of edges) {
    const key = `${edge.from}\u0000${edge.to}\u0000${edge.apiName}`;
    const seen = grouped.get(key);
    if (seen) seen.count++;
    else grouped.set(key, { from: edge.from, to: edge.to, label: edge.apiName, confidence: edge.confidence, count: 1 });
  }
  return [...grouped.values()];
}

async function replayViews(dir: string): Promise<ReplayView[]> {
  if (!(await exists(dir))) return [];
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const out: ReplayView[] = [];
  for (const file of files) {
    const report = await readJsonFile(ReplayReport, path.join(dir, file), 'replay report');
    out.push({
      replayId: report.replayId,
      file: path.join(dir, file),
      summary: report.summary,
      finalUrl: report.final?.url ?? null,
      steps: report.steps.map((s) => ({
        index: s.index,
        action: s.action,
        status: s.status,
        level: s.level,
        candidates: s.candidates,
        score: s.score,
        locator: s.locator,
        category: s.category,
        message: s.message,
        // A healed step found its element another way than the recorded locator: show both.
        healed: s.status === 'healed' && s.recordedLocator && s.locator !== s.recordedLocator ? `${s.recordedLocator} → ${s.locator}` : null,
        checks: s.checks,
        durationMs: s.timing.totalMs,
      })),
    });
  }
  return out;
}

export interface LoadOptions {
  paths: OutputPaths;
  sessionId: string;
  run: RunRecord | undefined;
  /** Where the report is written; screenshots are copied under it. */
  outDir: string;
}

export async function loadReport({ paths, sessionId, run, outDir }: LoadOptions): Promise<ReportModel> {
  const extractDir = paths.extractDir(sessionId);
  const notes: string[] = [];
  const steps = await readJsonLines(StepRecord, path.join(extractDir, 'steps.jsonl'), 'extracted steps');
  const actions = await readJsonLines(ActionRecord, path.join(extractDir, 'actions.jsonl'), 'extracted actions');
  const edgesFile = path.join(extractDir, 'edges.jsonl');
  const edges = (await exists(edgesFile)) ? await readJsonLines(EdgeRecord, edgesFile, 'extracted edges') : [];
  const screenshotMap = new Map<string, string>();
  await fs.mkdir(path.join(outDir, 'screenshots'), { recursive: true });
  for (const step of steps) {
    if (!step.screenshot || screenshotMap.has(step.screenshot)) continue;
    const source = path.join(extractDir, step.screenshot);
    if (!(await exists(source))) continue;
    const target = path.join('screenshots', path.basename(step.screenshot));
    await fs.copyFile(source, path.join(outDir, target));
    screenshotMap.set(step.screenshot, target);
  }
  const traceFile = (await exists(paths.trace(sessionId))) ? path.relative(process.cwd(), paths.trace(sessionId)) || paths.trace(sessionId) : null;
  if (!run) notes.push(`no entry for ${sessionId} in the run database`);
  const historyFile = run?.artifacts.history ?? paths.history(sessionId);
  const subtasks = (await exists(historyFile)) ? ((await readJsonFile(History, historyFile, 'history')).subtasks ?? []) : [];
  return {
    sessionId,
    run: run ? { ...run } : null,
    traceFile,
    steps: stepViews(steps, actions, screenshotMap, subtasks),
    subtasks: subtasks.map((item) => ({ id: item.id, text: item.text, status: item.status, steps: item.steps })),
    edges: edgeViews(edges),
    replays: await replayViews(paths.replayDir(sessionId)),
    notes,
  };
}
