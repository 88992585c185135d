import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { runCli } from '../../harness/cli.ts';
import { clickRun, fp, loginRun } from '../../harness/generate/fixtures.ts';
import { tempWorkspace, writeRun } from '../../harness/generate/on-disk.ts';

/** `bu generate` on bad input: exit 2 with a reason that names the file and line, nothing written outside --out. */

test('a malformed JSONL line exits 2 naming file:line', async () => {
  const ws = tempWorkspace('bad-jsonl');
  try {
    writeRun(ws.paths, loginRun());
    const steps = path.join(ws.paths.extractDir('script-1700000000001'), 'steps.jsonl');
    fs.writeFileSync(steps, fs.readFileSync(steps, 'utf8') + '{"step": 1, "broken\n');
    const result = await runCli(['generate', 'script-1700000000001', '--out', ws.out, '--llm', 'off'], { env: { BU_OUTPUT: ws.paths.root } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${steps}:4: not valid JSON`);
    expect(fs.existsSync(ws.out)).toBe(false);
  } finally {
    ws.remove();
  }
});

test('a line that breaks the schema exits 2 naming file:line and the field', async () => {
  const ws = tempWorkspace('bad-schema');
  try {
    writeRun(ws.paths, loginRun());
    const aria = path.join(ws.paths.extractDir('script-1700000000001'), 'aria.jsonl');
    fs.writeFileSync(aria, '{"id": 3}\n');
    const result = await runCli(['generate', 'script-1700000000001', '--out', ws.out, '--llm', 'off'], { env: { BU_OUTPUT: ws.paths.root } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${aria}:1: id:`);
  } finally {
    ws.remove();
  }
});

test('an unknown session, a session without history and a path-like id exit 2', async () => {
  const ws = tempWorkspace('bad-session');
  try {
    const env = { BU_OUTPUT: ws.paths.root };
    const missing = await runCli(['generate', 'explore-1700000000009', '--out', ws.out, '--llm', 'off'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no trace for session explore-1700000000009');
    writeRun(ws.paths, loginRun());
    fs.rmSync(ws.paths.history('script-1700000000001'));
    const noHistory = await runCli(['generate', 'script-1700000000001', '--out', ws.out, '--llm', 'off'], { env });
    expect(noHistory.code).toBe(2);
    expect(noHistory.stderr).toContain('no history for session script-1700000000001');
    const escape = await runCli(['generate', '../../etc', '--out', ws.out, '--llm', 'off'], { env });
    expect(escape.code).toBe(2);
    expect(escape.stderr).toContain('is not a session id');
  } finally {
    ws.remove();
  }
});

test('--json prints the result on the last stdout line; progress goes to stderr', async () => {
  const ws = tempWorkspace('cli-json');
  try {
    writeRun(ws.paths, loginRun());
    const result = await runCli(['generate', 'script-1700000000001', '--out', ws.out, '--llm', 'off', '--json'], { env: { BU_OUTPUT: ws.paths.root } });
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({ pages: 4, flows: 1, llmCalls: 0 });
    expect(result.stderr).toContain('page model: 4 pages');
  } finally {
    ws.remove();
  }
});

test('a page whose file name starts with a digit generates code, not a crash', async () => {
  const ws = tempWorkspace('digit-page');
  try {
    writeRun(ws.paths, clickRun([{ path: '/03_switch_mode.html', title: '', target: fp({ role: 'button', name: 'Switch mode' }) }], 'script-1700000000003'));
    const result = await runCli(['generate', 'script-1700000000003', '--out', ws.out, '--llm', 'off'], { env: { BU_OUTPUT: ws.paths.root } });
    expect(result.stderr).not.toContain('unexpected error');
    expect(result.code).toBe(0);
    expect(fs.readFileSync(path.join(ws.out, 'pom', 'SwitchMode03Page.ts'), 'utf8')).toContain('export class SwitchMode03Page');
  } finally {
    ws.remove();
  }
});

test('a run recorded on a file exits 2 with what to do, not a crash', async () => {
  const ws = tempWorkspace('file-run');
  try {
    const run = clickRun([{ path: '/a', title: 'A', target: fp({ role: 'button', name: 'Go' }) }], 'script-1700000000004');
    run.history.startUrl = 'file:///home/ann/app/03_switch_mode.html';
    writeRun(ws.paths, run);
    const result = await runCli(['generate', 'script-1700000000004', '--out', ws.out, '--llm', 'off'], { env: { BU_OUTPUT: ws.paths.root } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('script-1700000000004 starts at file:///home/ann/app/03_switch_mode.html, not at an http(s) address');
    expect(result.stderr).not.toContain('    at ');
  } finally {
    ws.remove();
  }
});
