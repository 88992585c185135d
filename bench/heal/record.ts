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
import { typedValues } from '../../generate/model/flows.ts';
import { kDefaultTestIdAttribute } from '../../generate/model/locate.ts';
import { verifyRuns } from '../../generate/verify/dom-check.ts';
import type { CorpusFlow, RunningApp } from '../../harness/apps/index.ts';
import type { Recorded } from './run.ts';

/** Records a flow's plan on a running app with `bu capture script`, as a user would. */

const run = promisify(execFile);
const kRepo = path.resolve(import.meta.dirname, '../..');
/** `bu` from the checkout's sources (through tsx): what the bench records with unless given another entry. */
export const kCheckoutBu = path.join(kRepo, 'bin/bu.js');
export const kPlansDir = path.join(kRepo, 'bench/heal/plans');
/** A capture of a few steps takes seconds; a slow machine gets far more before it counts as stuck. */
const kCaptureTimeoutMs = 180_000;

const CaptureResult = z.looseObject({ sessionId: z.string(), artifacts: z.looseObject({ history: z.string() }) });

/** A flow as `bu capture script` recorded it, before its DOM evidence is read (recordedEvidence). */
export interface Captured {
  sessionId: string;
  history: History;
  aria: AriaLogLine[];
}

/** `bu` is the entry script that records (a test suite passes the compiled one it has built, which starts sooner). */
export async function recordFlow(app: RunningApp, flow: CorpusFlow, outputDir: string, bu = kCheckoutBu): Promise<Captured> {
  await app.reset();
  const secrets = flow.secrets ?? {};
  const args = ['capture', 'script', '--url', new URL(flow.start, app.url).href, '--plan', path.join(kPlansDir, flow.plan), '--json'];
  for (const name of Object.keys(secrets)) args.push('--secret', name);
  const env = { ...process.env, BU_OUTPUT: outputDir, ...Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`BU_SECRET_${k}`, v])) };
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, [bu, ...args], { cwd: kRepo, env, timeout: kCaptureTimeoutMs }));
  } catch (err) {
    const out = err as { stdout?: string; stderr?: string };
    throw new Error(`recording ${flow.plan} failed: ${(out.stderr || out.stdout || String(err)).trim().split('\n').slice(-3).join(' | ')}`);
  }
  const result = CaptureResult.parse(JSON.parse(stdout.trim().split('\n').pop() ?? ''));
  const history = await readJsonFile(History, result.artifacts.history, 'history');
  const ariaFile = path.join(outputDir, 'aria-log', `${result.sessionId}.jsonl`);
  const lines = (await fs.readFile(ariaFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { sessionId: result.sessionId, history, aria: lines.map((line) => AriaLogLine.parse(JSON.parse(line))) };
}

/**
 * The recorded DOM snapshots' word on each element step of every captured flow, checked the way
 * `bu generate` checks it: all of them in one check (one browser), as `bu generate` checks its runs.
 */
export async function recordedEvidence(captured: Captured[], outputDir: string): Promise<Recorded[]> {
  const paths = outputPaths(outputDir);
  const runs = [];
  for (const { sessionId, history } of captured) {
    await extractTrace(sessionId, { paths, cwd: kRepo });
    const actions = (await fs.readFile(path.join(paths.extractDir(sessionId), 'actions.jsonl'), 'utf8')).split('\n').filter(Boolean).map((line) => ActionRecord.parse(JSON.parse(line)));
    runs.push({ sessionId, history, actions, tracePath: paths.trace(sessionId), typed: typedValues(history.steps, history.variables) });
  }
  const evidence = runs.length ? await verifyRuns(runs, { testIdAttribute: kDefaultTestIdAttribute, env: process.env, log: () => undefined }) : null;
  return captured.map(({ sessionId, history, aria }) => ({ history, aria, evidence: evidence?.get(sessionId) ?? null }));
}
