import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { main } from '../../cli/main.ts';
import { kPomFingerprintsFile, kPomFingerprintsVersion } from '../../core/schema/pom-fingerprints.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * What `bu heal` takes as its traces: a test's trace zip, a folder of them, or a zip of such a
 * folder (a CI artifact). A zip that holds no test's trace is bad input (exit 2, saying what was
 * expected), never "0 failing tests"; every path stays one path, spaces and all. The traces here
 * are written by hand: a test that failed outside any browser call, which heal reports without
 * healing (exit 1), so what matters is only whether it was read.
 */

let ws: ReturnType<typeof tempWorkspace>;
let dir: string;

test.beforeEach(() => {
  ws = tempWorkspace('heal-inputs');
  dir = ws.root;
  // A generated folder as heal needs it: the sidecar, with no member (no trace here reaches one).
  fs.mkdirSync(path.join(dir, 'gen', 'pom'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'gen', kPomFingerprintsFile), JSON.stringify({ version: kPomFingerprintsVersion, members: [] }));
});

test.afterEach(() => ws.remove());

/** `bu` in this process, in the workspace. */
async function bu(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { cwd: dir, env: { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return { code, stdout, stderr, json: last.startsWith('{') ? (JSON.parse(last) as Record<string, unknown>) : null };
}

async function zipOf(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, body] of Object.entries(files)) zip.file(name, body);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** A test's trace whose test failed, as @playwright/test writes one (test.trace with its error, a context trace). */
function failingTestTrace(title: string): Promise<Uint8Array> {
  return zipOf({
    'test.trace': JSON.stringify({ type: 'error', message: `Error: ${title} broke` }),
    '0-trace.trace': JSON.stringify({ type: 'context-options', title }),
  });
}

function write(relative: string, bytes: Uint8Array): string {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

test('a path with a space is one path to heal', async () => {
  write('my traces/first test/trace.zip', await failingTestTrace('first test'));
  write('more traces/second/trace.zip', await failingTestTrace('second test'));
  const healed = await bu('heal', 'my traces', 'more traces', '--dir', 'gen', '--json');
  expect(healed.code, healed.stderr).toBe(1);
  expect((healed.json!.notHealed as { test: string; trace: string }[]).map((n) => [n.test, n.trace])).toEqual([
    ['first test', path.join(dir, 'my traces', 'first test', 'trace.zip')],
    ['second test', path.join(dir, 'more traces', 'second', 'trace.zip')],
  ]);
});

test('a session id with a space is one argument to generate', async () => {
  const generated = await bu('generate', 'no such run', 'another one', '--llm', 'off');
  expect(generated.code).toBe(2);
  // The first session named whole (split at its spaces, "no" was the one refused).
  expect(generated.stderr).toContain('bu: no such run is not a session id');
});
