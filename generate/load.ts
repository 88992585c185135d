import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.ts';
import { readJsonFile, readJsonLines } from '../core/io/read.ts';
import type { OutputPaths } from '../core/paths.ts';
import { ActionRecord, AriaRecord, ExtractManifest, StepRecord } from '../core/schema/extract.ts';
import { History } from '../core/schema/history.ts';
import { extractTrace } from '../extract/extract.ts';
import { finalOutline, snapshotsFromExtract, type RunInput } from './model/inputs.ts';

/**
 * Reads one run for the page model: its extract dir (running `bu extract` first when the run was
 * not extracted yet) and its history. Every line is parsed with its schema; a malformed line
 * fails with `file:line` (exit 2).
 */

export interface LoadedRun {
  input: RunInput;
  /** The history file's text, copied beside the replay spec. */
  historyText: string;
  /** Whether this call extracted the run first. */
  extracted: boolean;
  /** The run's Playwright actions and its trace, for checking locators against its DOM snapshots. */
  actions: ActionRecord[];
  tracePath: string;
}

export interface LoadOptions {
  paths: OutputPaths;
  cwd: string;
  log(message: string): void;
}

export async function loadRun(sessionId: string, options: LoadOptions): Promise<LoadedRun> {
  const { paths, log } = options;
  const dir = paths.extractDir(sessionId);
  let extracted = false;
  if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
    log(`${sessionId} is not extracted yet: extracting`);
    await extractTrace(sessionId, { paths, cwd: options.cwd });
    extracted = true;
  }
  await readJsonFile(ExtractManifest, path.join(dir, 'manifest.json'), 'extract manifest');
  const [steps, aria, actions] = await Promise.all([
    readJsonLines(StepRecord, path.join(dir, 'steps.jsonl'), 'steps.jsonl'),
    readJsonLines(AriaRecord, path.join(dir, 'aria.jsonl'), 'aria.jsonl'),
    readJsonLines(ActionRecord, path.join(dir, 'actions.jsonl'), 'actions.jsonl'),
  ]);
  const historyFile = paths.history(sessionId);
  if (!fs.existsSync(historyFile)) {
    throw new UsageError(
      `no history for session ${sessionId}: ${historyFile} does not exist`,
      'generate needs the replayable history that `bu capture` writes; capture the flow again with `bu capture`',
    );
  }
  const history = await readJsonFile(History, historyFile, 'history');
  const historyText = fs.readFileSync(historyFile, 'utf8');
  return {
    input: {
      sessionId,
      historyPath: path.relative(paths.root, historyFile).split(path.sep).join('/'),
      history,
      snapshots: snapshotsFromExtract(steps, aria, actions),
      final: finalOutline(steps, history),
    },
    historyText,
    extracted,
    actions,
    tracePath: paths.trace(sessionId),
  };
}
