import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { readJsonFile } from '../../core/io/read.ts';
import { History } from '../../core/schema/history.ts';
import { AriaLogLine } from '../../core/schema/logs.ts';
import { outputPaths } from '../../core/paths.ts';
import { ActionRecord } from '../../core/schema/extract.ts';
import { extractTrace } from '../../extract/extract.ts';
import type { StepEvidence } from '../../generate/model/candidates.ts';
import { typedValues } from '../../generate/model/flows.ts';
import { kDefaultTestIdAttribute } from '../../generate/model/locate.ts';
import { verifyRuns } from '../../generate/verify/dom-check.ts';
import type { CorpusFlow, RunningApp } from '../../harness/apps/index.ts';
import type { Recorded } from './run.ts';

/** Records a flow's plan on a running app with `bu capture script`, as a user would. */

const run = promisify(execFile);
const kRepo = path.resolve(import.meta.dirname, '../..');
export const kPlansDir = path.join(kRepo, 'bench/heal/plans');
/** A capture of a few steps takes seconds; a slow machine gets far more before it counts as stuck. */
const kCaptureTimeoutMs = 180_000;

const CaptureResult = z.looseObject({ sessionId: z.string(), artifacts: z.looseObject({ history: z.string() }) });

export async function recordFlow(app: RunningApp, flow: CorpusFlow, outputDir: string): Promise<Recorded> {
  await app.reset();
  const secrets = flow.secrets ?? {};
  const args = ['capture', 'script', '--url', new URL(flow.start, app.url).href, '--plan', path.join(kPlansDir, flow.plan), '--json'];
  for (const name of Object.keys(secrets)) args.push('--secret', name);
  const env = { ...process.env, BU_OUTPUT: outputDir, ...Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`BU_SECRET_${k}`, v])) };
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, [path.join(kRepo, 'bin/bu.js'), ...args], { cwd: kRepo, env, timeout: kCaptureTimeoutMs }));
  } catch (err) {
    const out = err as { stdout?: string; stderr?: string };
    throw new Error(`recording ${flow.plan} failed: ${(out.stderr || out.stdout || String(err)).trim().split('\n').slice(-3).join(' | ')}`);
  }
  const result = CaptureResult.parse(JSON.parse(stdout.trim().split('\n').pop() ?? ''));
  const history = await readJsonFile(History, result.artifacts.history, 'history');
  const ariaFile = path.join(outputDir, 'aria-log', `${result.sessionId}.jsonl`);
  const lines = (await fs.readFile(ariaFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { history, aria: lines.map((line) => AriaLogLine.parse(JSON.parse(line))), evidence: await domEvidence(result.sessionId, history, outputDir) };
}

/** The recorded DOM snapshots' word on each element step, checked the way `bu generate` checks it. */
async function domEvidence(sessionId: string, history: History, outputDir: string): Promise<Map<number, StepEvidence> | null> {
  const paths = outputPaths(outputDir);
  await extractTrace(sessionId, { paths, cwd: kRepo });
  const actions = (await fs.readFile(path.join(paths.extractDir(sessionId), 'actions.jsonl'), 'utf8')).split('\n').filter(Boolean).map((line) => ActionRecord.parse(JSON.parse(line)));
  const evidence = await verifyRuns(
    [{ sessionId, history, actions, tracePath: paths.trace(sessionId), typed: typedValues(history.steps, history.variables) }],
    { testIdAttribute: kDefaultTestIdAttribute, env: process.env, log: () => undefined },
  );
  return evidence?.get(sessionId) ?? null;
}
