import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { runReset } from '../../api/run-reset.ts';
import { generatedTsconfigText } from '../../core/generated-tsconfig.ts';
import { generatedCodeEnv } from '../../core/package.ts';
import { pidAlive } from '../../core/process.ts';
import { openTraceZip } from '../../core/io/trace-zip.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { runNode } from '../../harness/generate/pipeline.ts';

/**
 * A reset command that hangs is stopped: after its time, with every process it started, and its
 * error says it timed out and after how long. What a reset prints reaches the error, the report
 * and the trace with the values of BU_SECRET_* replaced by their placeholders.
 */

const kSecret = 'hunter2-reset-Xq9';

/** A reset that starts a child of its own (its pid in child.pid), prints the secret, then hangs or exits 3. */
const kReset = `const { spawn } = require('node:child_process');
const fs = require('node:fs');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
fs.writeFileSync('child.pid', String(child.pid));
console.log('restoring with token ' + process.env.BU_SECRET_DB_TOKEN);
if (process.argv[2] === 'fail') { child.kill(); console.error('the database is locked'); process.exit(3); }
setInterval(() => {}, 1000);
`;

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !pidAlive(pid);
}

test('a reset that hangs is stopped after its time with every process it started, and its error hides secrets', async () => {
  const ws = tempWorkspace('reset-timeout');
  try {
    fs.writeFileSync(path.join(ws.root, 'reset.cjs'), kReset);
    const started = Date.now();
    const error = await runReset({ command: 'node reset.cjs', cwd: ws.root, env: { ...process.env, BU_SECRET_DB_TOKEN: kSecret }, timeoutMs: 1_500 }).then(() => null, (err: Error) => err);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error?.message).toMatch(/^the reset command `node reset.cjs` timed out after 1\.5 s and was stopped/);
    expect(error?.message).toContain('restoring with token {{secret:DB_TOKEN}}');
    expect(error?.message).not.toContain(kSecret);
    expect(await gone(Number(fs.readFileSync(path.join(ws.root, 'child.pid'), 'utf8')))).toBe(true);
  } finally {
    ws.remove();
  }
});

const kSpec = `import { test } from 'brow-use/test';

test('changes data', { tag: '@changes-data' }, async () => {});
`;

function runProject(dir: string, env: NodeJS.ProcessEnv) {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const report = { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(dir, 'report.json') };
  return runNode([cli, 'test', '--reporter=line,json', '--timeout=6000'], { cwd: dir, env: { ...generatedCodeEnv(process.env), BU_RESET_COMMAND: '', ...report, ...env } });
}

/** Every text entry of every trace zip under `dir`. */
async function traceTexts(dir: string): Promise<string> {
  const zips = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.zip'));
  expect(zips.length).toBeGreaterThan(0);
  let text = '';
  for (const zip of zips) {
    const reader = await openTraceZip(path.join(dir, zip));
    for (const entry of reader.entries) if (/\.(trace|network|stacks)$/.test(entry)) text += await reader.text(entry);
  }
  return text;
}

test('in a test, a hanging reset fails it within its time and leaves nothing running; no secret reaches the output, the report or the trace', async () => {
  test.setTimeout(120_000);
  const ws = tempWorkspace('reset-timeout-spec');
  try {
    const dir = ws.root;
    fs.mkdirSync(path.join(dir, 'tests'));
    fs.writeFileSync(path.join(dir, 'tests', 'flow.spec.ts'), kSpec);
    fs.writeFileSync(path.join(dir, 'reset.cjs'), kReset);
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), generatedTsconfigText());
    fs.writeFileSync(path.join(dir, 'playwright.config.ts'), `import { defineConfig } from '@playwright/test';
export default defineConfig({ testDir: 'tests', outputDir: 'test-results', workers: 1, use: { trace: 'on' } });
`);
    const env = { BU_SECRET_DB_TOKEN: kSecret };
    const hung = await runProject(dir, { ...env, BU_RESET_COMMAND: 'node reset.cjs' });
    expect(hung.status).not.toBe(0);
    // Half the test's 6 s: the reset's own limit, inside the test's.
    expect(hung.output).toContain('the reset command `node reset.cjs` timed out after 3 s and was stopped');
    expect(hung.output).toContain('{{secret:DB_TOKEN}}');
    expect(await gone(Number(fs.readFileSync(path.join(dir, 'child.pid'), 'utf8')))).toBe(true);

    const failed = await runProject(dir, { ...env, BU_RESET_COMMAND: 'node reset.cjs fail' });
    expect(failed.output).toContain('exited 3');
    expect(failed.output).toContain('the database is locked');
    expect(failed.output).toContain('restoring with token {{secret:DB_TOKEN}}');
    for (const text of [failed.output, fs.readFileSync(path.join(dir, 'report.json'), 'utf8'), await traceTexts(path.join(dir, 'test-results'))]) {
      expect(text).not.toContain(kSecret);
    }
    expect(await traceTexts(path.join(dir, 'test-results'))).toContain('{{secret:DB_TOKEN}}');
  } finally {
    ws.remove();
  }
});
