import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
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

test('a zip that holds no test trace exits 2 and says what heal expected', async () => {
  write('notes.zip', await zipOf({ 'readme.txt': 'hello', 'data/rows.csv': 'a,b\n' }));
  const other = await bu('heal', 'notes.zip', '--dir', 'gen', '--json');
  expect(other.code, other.stderr).toBe(2);
  expect(other.stderr).toContain('notes.zip holds no test trace');
  expect(other.stderr).toContain("pass a failing test's trace.zip");
  expect(other.json).toBeNull();

  // A trace of no test (a recording of its own) is no test's trace either.
  write('capture.zip', await zipOf({ 'trace.trace': JSON.stringify({ type: 'context-options' }), 'trace.network': '' }));
  const capture = await bu('heal', 'capture.zip', '--dir', 'gen');
  expect(capture.code, capture.stderr).toBe(2);
  expect(capture.stderr).toContain('capture.zip holds no test trace');

  // An artifact whose zips are none of them a test's trace.
  write('artifact-of-others.zip', await zipOf({ 'test-results/a/attachment.zip': await zipOf({ 'x.txt': 'x' }) }));
  const others = await bu('heal', 'artifact-of-others.zip', '--dir', 'gen');
  expect(others.code, others.stderr).toBe(2);
  expect(others.stderr).toContain('artifact-of-others.zip holds no test trace');

  // A folder whose zips are none of them a test's trace.
  write('results/a/attachment.zip', await zipOf({ 'x.txt': 'x' }));
  const folder = await bu('heal', 'results', '--dir', 'gen');
  expect(folder.code, folder.stderr).toBe(2);
  expect(folder.stderr).toMatch(/no trace zip in .*results is a test's trace/);
});

test('an artifact zip of a test-results folder is read as the test traces it holds', async () => {
  const passing = await zipOf({ 'test.trace': JSON.stringify({ type: 'before', callId: 'test@1' }), '0-trace.trace': '' });
  write('artifact.zip', await zipOf({
    'test-results/adds-a-note/trace.zip': await failingTestTrace('adds a note'),
    'test-results/reads-notes/trace.zip': passing,
    'test-results/.last-run.json': '{"status":"failed"}',
  }));
  const healed = await bu('heal', 'artifact.zip', '--dir', 'gen', '--json');
  expect(healed.code, healed.stderr).toBe(1);
  expect(healed.json).toMatchObject({ failing: 1, healed: 0 });
  expect(healed.json!.notHealed).toEqual([{
    test: 'adds a note',
    trace: `${path.join(dir, 'artifact.zip')}!test-results/adds-a-note/trace.zip`,
    reason: 'the test failed outside a browser call: Error: adds a note broke',
  }]);
  // The same artifact in a folder is read the same way.
  fs.mkdirSync(path.join(dir, 'downloads'));
  fs.renameSync(path.join(dir, 'artifact.zip'), path.join(dir, 'downloads', 'artifact.zip'));
  const inFolder = await bu('heal', 'downloads', '--dir', 'gen', '--json');
  expect(inFolder.code, inFolder.stderr).toBe(1);
  expect(inFolder.json).toMatchObject({ failing: 1 });
});

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
  expect(generated.stderr).toContain('bu: "no such run" is not a session id');
});
