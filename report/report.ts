import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/io/atomic.ts';
import type { OutputPaths } from '../core/paths.ts';
import type { RunRecord } from '../core/schema/run.ts';
import { loadReport } from './load.ts';
import { renderReport } from './render.ts';

export interface WriteReportOptions {
  paths: OutputPaths;
  sessionId: string;
  run: RunRecord | undefined;
}

/** Writes `report/<id>/index.html` (and its screenshots) and returns the page's path. */
export async function writeReport({ paths, sessionId, run }: WriteReportOptions): Promise<{ file: string; steps: number; replays: number }> {
  const outDir = paths.reportDir(sessionId);
  await fs.mkdir(outDir, { recursive: true });
  const model = await loadReport({ paths, sessionId, run, outDir });
  const file = path.join(outDir, 'index.html');
  await writeFileAtomic(file, renderReport(model));
  return { file, steps: model.steps.length, replays: model.replays.length };
}
