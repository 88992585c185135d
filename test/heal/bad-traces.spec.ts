import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import JSZip from 'jszip';
import { main } from '../../cli/main.ts';
import { kPomFingerprintsFile, kPomFingerprintsVersion } from '../../core/schema/pom-fingerprints.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { isPackageFrame, userPlace } from '../../heal/user-frame.ts';

/**
 * A trace that cannot be read is reported on its own and never stops the others; a message names
 * the user's own file and line, never a package's compiled file (a generated spec's `replay()` runs
 * in brow-use's dist). The traces are written by hand, as @playwright/test writes them.
 */

let ws: ReturnType<typeof tempWorkspace>;
let dir: string;

test.beforeEach(() => {
  ws = tempWorkspace('heal-bad-traces');
  dir = ws.root;
  fs.mkdirSync(path.join(dir, 'gen', 'pom'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'gen', 'tests'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'gen', 'tests', 'checkout.spec.ts'), "test('checkout', async ({ replay }) => {\n  await replay('histories/checkout.json');\n});\n");
  fs.writeFileSync(path.join(dir, 'gen', kPomFingerprintsFile), JSON.stringify({ version: kPomFingerprintsVersion, members: [] }));
});

test.afterEach(() => ws.remove());

async function bu(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { cwd: dir, env: { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return { code, stdout, stderr, json: last.startsWith('{') ? (JSON.parse(last) as Record<string, unknown>) : null };
}

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, body] of Object.entries(files)) zip.file(name, body);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

function write(relative: string, bytes: Uint8Array | string): void {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/** A failing test whose failing click was made inside brow-use's replay, called from the spec's line 2. */
function replayFailure(title: string): Promise<Uint8Array> {
  const events = [
    { type: 'context-options', title },
    { type: 'before', callId: 'call@1', method: 'click', params: { selector: 'internal:role=button[name="Pay"i]' } },
    { type: 'after', callId: 'call@1', error: { message: 'locator.click: Timeout 5000ms exceeded.' } },
  ];
  return zipOf({
    'test.trace': JSON.stringify({ type: 'error', message: 'Error: locator.click: Timeout 5000ms exceeded.' }),
    '0-trace.trace': events.map((e) => JSON.stringify(e)).join('\n'),
    '0-trace.stacks': JSON.stringify({
      files: ['/ci/e2e/node_modules/brow-use/dist/replay/executors/element.js', '/ci/e2e/node_modules/brow-use/dist/api/test.js', '/ci/e2e/tests/checkout.spec.ts'],
      stacks: [['call@1', [[0, 51, 11, 'click'], [1, 40, 3, 'replay'], [2, 2, 9, '']]]],
    }),
  });
}

test('a corrupt trace zip among good ones is an error of its own: the others are healed, and the counts add up', async () => {
  write('results/checkout/trace.zip', await replayFailure('checkout.spec.ts:1 › checkout'));
  write('results/orders/trace.zip', await zipOf({
    'test.trace': JSON.stringify({ type: 'error', message: 'Error: orders broke' }),
    '0-trace.trace': JSON.stringify({ type: 'context-options', title: 'orders.spec.ts:4 › orders' }),
  }));
  // Cut short as a torn upload leaves it, and one whose call stacks are not JSON.
  write('results/torn/trace.zip', (await replayFailure('torn')).slice(0, 40));
  write('results/stacks/trace.zip', await zipOf({ 'test.trace': JSON.stringify({ type: 'error', message: 'Error: x' }), '0-trace.stacks': '{not json' }));
  const healed = await bu('heal', 'results', '--dir', 'gen', '--json');
  expect(healed.code, healed.stderr).toBe(1);
  const json = healed.json as { failing: number; healed: number; errors: { trace: string; reason: string }[]; notHealed: { test: string; reason: string }[]; summary: { failing: number; counts: Record<string, number> } };
  expect(json.errors.map((e) => path.relative(dir, e.trace).split(path.sep).join('/')).sort()).toEqual(['results/stacks/trace.zip', 'results/torn/trace.zip']);
  for (const error of json.errors) expect(error.reason).toMatch(/^the trace could not be read: .*is not a readable trace/);
  expect(json.notHealed.map((n) => n.test)).toEqual(['checkout.spec.ts:1 › checkout', 'orders.spec.ts:4 › orders']);
  expect(json.failing).toBe(4);
  expect(json.summary.counts).toEqual({ green: 0, 'still-failing': 0, 'not-rerun': 0, review: 0, refused: 2, error: 2 });
  expect(Object.values(json.summary.counts).reduce((a, b) => a + b, 0)).toBe(json.failing);
  expect(healed.stderr).toContain('4 failing test(s): 2 not healable, 2 error (trace not read or heal failed)');

  // The failing call is named where the spec made it, never in brow-use's compiled files.
  const reason = json.notHealed[0]!.reason;
  expect(reason).toBe('the failing call is not in a page object (at tests/checkout.spec.ts:2)');
  expect(reason).not.toMatch(/element\.js|dist\//);

  // Alone, an unreadable trace is still bad input.
  const alone = await bu('heal', 'results/torn/trace.zip', '--dir', 'gen');
  expect(alone.code).toBe(2);
  expect(alone.stderr).toContain('is not a readable trace');
});

test('a compiled frame of the user\'s code is named by its source through its source map; a package\'s frames are passed over', () => {
  write('gen/out/helpers.js', "export async function pay(page) {\n  await page.click('#pay');\n}\n//# sourceMappingURL=helpers.js.map\n");
  write('gen/out/helpers.js.map', JSON.stringify({ version: 3, file: 'helpers.js', sources: ['../src/helpers.ts'], names: [], mappings: ';AAEA' }));
  const root = path.join(dir, 'gen');
  expect(userPlace([{ file: '/ci/e2e/node_modules/brow-use/dist/replay/executors/element.js', line: 51, column: 11 }, { file: '/ci/e2e/out/helpers.js', line: 2, column: 1 }], root)).toBe('src/helpers.ts:3');
  expect(userPlace([{ file: '/ci/e2e/tests/checkout.spec.ts', line: 2, column: 9 }], root)).toBe('tests/checkout.spec.ts:2');
  // A file this checkout does not have is named by its name.
  expect(userPlace([{ file: '/ci/e2e/tests/gone.spec.ts', line: 5, column: 1 }], root)).toBe('gone.spec.ts:5');
  expect(userPlace([{ file: 'node:internal/process/task_queues', line: 1, column: 1 }], root)).toBeNull();
  expect(isPackageFrame('C:\\ci\\node_modules\\brow-use\\dist\\replay\\executors\\element.js')).toBe(true);
  expect(isPackageFrame('/ci/e2e/tests/checkout.spec.ts')).toBe(false);
});
