import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kRepoRoot } from '../cli.ts';
import { outputPaths, type OutputPaths } from '../../core/paths.ts';
import type { ExtractManifest, StepRecord } from '../../core/schema/extract.ts';
import type { RunInput } from '../../generate/model/inputs.ts';
import type { SnapshotNode } from '../../generate/model/snapshot.ts';

/** Writes hand-made runs as `bu capture` + `bu extract` would leave them: history + extract dir. */

function nodesToText(nodes: SnapshotNode[]): string {
  return nodes.map((n) => `${'  '.repeat(n.ancestors.length)}- ${n.role}${n.name ? ` ${JSON.stringify(n.name)}` : ''}${n.level ? ` [level=${n.level}]` : ''}`).join('\n');
}

export function writeRun(paths: OutputPaths, run: RunInput): void {
  const dir = paths.extractDir(run.sessionId);
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(path.dirname(paths.history(run.sessionId)), { recursive: true });
  fs.writeFileSync(paths.history(run.sessionId), JSON.stringify(run.history, null, 2));
  const steps: StepRecord[] = run.snapshots.map((snapshot, i) => ({
    step: i, source: 'bu-group', groupId: null, title: `bu step ${i}`, summary: '', startMs: i, endMs: i, actions: [], intent: null,
    reasoning: [], urlBefore: snapshot.url, urlAfter: snapshot.url, ariaBefore: null, ariaAfter: null,
    ariaLog: { url: snapshot.url, title: snapshot.title ?? '', hash: 'h', snapshot: nodesToText(snapshot.nodes) }, screenshot: null, error: null,
  }));
  const manifest: ExtractManifest = {
    version: 1, sessionId: run.sessionId,
    source: { file: `${run.sessionId}.zip`, sha256: '0'.repeat(64), bytes: 0 },
    trace: { version: 8, playwrightVersion: '1.65.1', origin: 'library', browserName: 'chromium', traceFiles: ['trace.trace'], startWallTime: null },
    sidecars: { reasoning: false, ariaLog: true, history: true },
    counts: { actions: 0, steps: steps.length, aria: 0, edges: 0, network: 0, console: 0, screenshots: 0, redactions: 0 },
    files: ['steps.jsonl'],
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(dir, 'steps.jsonl'), steps.map((s) => JSON.stringify(s) + '\n').join(''));
  fs.writeFileSync(path.join(dir, 'aria.jsonl'), '');
  fs.writeFileSync(path.join(dir, 'actions.jsonl'), '');
}

/** A temp project dir inside the repo (so generated code resolves @playwright/test), removed by the caller. */
export function tempWorkspace(label: string): { root: string; paths: OutputPaths; out: string; remove(): void } {
  const base = path.join(kRepoRoot, '.tmp-generate');
  fs.mkdirSync(base, { recursive: true });
  const root = fs.mkdtempSync(path.join(base, `${label}-`));
  const paths = outputPaths(path.join(root, 'output'));
  return { root, paths, out: path.join(root, 'out'), remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(path.relative(dir, path.join(entry.parentPath, entry.name)), fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

export const kTmpDirPrefix = os.tmpdir();
