import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import fc from 'fast-check';
import { readJsonFile, parseJsonLines } from '../../core/io/read.ts';
import { outputPaths } from '../../core/paths.ts';
import { RunsDb } from '../../core/runs-db.ts';
import { ActionRecord } from '../../core/schema/extract.ts';
import { AriaLogLine, ReasoningLine } from '../../core/schema/logs.ts';
import { Plan } from '../../core/schema/plan.ts';
import { loadHistory } from '../../replay/load.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { outcomeOf } from '../../harness/hardening/clean-failure.ts';
import { anyText, mutatedJson, mutatedText } from '../../harness/hardening/mutate.ts';

/**
 * Bad input, clear errors: every parser of a file brow-use reads gets random and damaged input.
 * Each one either parses or fails with a usage error (exit 2) and a sentence; none crashes or hangs.
 */

const kFixtures = path.join(kRepoRoot, 'test', 'hardening', 'fixtures');
/** In-process parsers are fast: a few hundred inputs each keep the file under ~20 s. */
const kRuns = 200;

let dir: string;
test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-hard-parse-'));
});
test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function fixtureJson(name: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(path.join(kFixtures, name), 'utf8'));
}

/** Writes `text` to a fresh file and returns its path. */
let counter = 0;
async function fileWith(name: string, text: string): Promise<string> {
  const file = path.join(dir, `${counter++}-${name}`);
  await fs.writeFile(file, text);
  return file;
}

const asText = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 1));

test('plan files: random and damaged plans parse or fail with a sentence', async () => {
  const valid = { ...(await fixtureJson('../../../demo/plans/create-item.json') as object), url: 'http://127.0.0.1:8080/' };
  const counts = { ok: 0, usage: 0 };
  const text = JSON.stringify(valid);
  await fc.assert(fc.asyncProperty(fc.oneof(mutatedJson(valid).map(asText), mutatedText(text), anyText), async (input) => {
    const file = await fileWith('plan.json', input);
    counts[await outcomeOf(`plan ${input.slice(0, 200)}`, () => readJsonFile(Plan, file, 'plan'))]++;
  }), { numRuns: kRuns * 2 });
  expect(counts.usage).toBeGreaterThan(kRuns);
});

test('histories: random and damaged histories load or fail with a sentence', async () => {
  const valid = await fixtureJson('history-v1.json');
  const paths = outputPaths(path.join(dir, 'out'));
  const counts = { ok: 0, usage: 0 };
  const text = JSON.stringify(valid);
  await fc.assert(fc.asyncProperty(fc.oneof(mutatedJson(valid).map(asText), mutatedText(text), anyText), async (input) => {
    const file = await fileWith('history.json', input);
    counts[await outcomeOf(`history ${input.slice(0, 200)}`, () => loadHistory(file, paths, dir))]++;
  }), { numRuns: kRuns });
  expect(counts.usage).toBeGreaterThan(kRuns / 2);
  // A session id that names no file, and an id that tries to climb out, are usage errors too.
  for (const arg of ['explore-1714062110123', '../../../etc/passwd', '..', '']) {
    expect(await outcomeOf(`history ${arg}`, () => loadHistory(arg, paths, dir))).toBe('usage');
  }
});

test('runs.json: a damaged database is reported, and a writer leaves it untouched', async () => {
  const valid = await fixtureJson('runs.json');
  const counts = { ok: 0, usage: 0 };
  await fc.assert(fc.asyncProperty(fc.oneof(mutatedJson(valid).map(asText), mutatedText(JSON.stringify(valid)), anyText), async (input) => {
    const file = await fileWith('runs.json', input);
    const db = new RunsDb(file);
    const read = await outcomeOf(`runs.json ${input.slice(0, 200)}`, () => db.list());
    counts[read]++;
    const write = await outcomeOf('runs upsert', () => db.upsert({ sessionId: 'explore-1714062110123', command: 'explore', startedAt: '2026-01-01T00:00:00.000Z', endedAt: null, url: 'http://x/', mode: 'playwright', artifacts: {} }));
    if (read === 'usage') {
      // Never overwrite (and so lose) a database it cannot read.
      expect(write).toBe('usage');
      expect(await fs.readFile(file, 'utf8')).toBe(input);
    }
    const leftovers = (await fs.readdir(dir)).filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'));
    expect(leftovers).toEqual([]);
  }), { numRuns: kRuns });
  expect(counts.usage).toBeGreaterThan(kRuns / 2);
});

test('JSONL (extract output, aria and reasoning logs): errors name the file and the line', async () => {
  const text = await fs.readFile(path.join(kFixtures, 'actions.jsonl'), 'utf8');
  const lines = text.trim().split('\n').map((line) => JSON.parse(line) as unknown);
  const damagedLine = fc.tuple(fc.nat(lines.length - 1), fc.constant(null)).chain(([i]) =>
    mutatedJson(lines[i]).map((bad) => lines.map((line, j) => (j === i ? JSON.stringify(bad) : JSON.stringify(line))).join('\n')));
  const counts = { ok: 0, usage: 0 };
  await fc.assert(fc.asyncProperty(fc.oneof(damagedLine, mutatedText(text), anyText), async (input) => {
    for (const schema of [ActionRecord, AriaLogLine, ReasoningLine]) {
      const outcome = await outcomeOf(`jsonl ${input.slice(0, 200)}`, () => parseJsonLines(schema, input, 'actions.jsonl'));
      counts[outcome]++;
      if (outcome === 'usage') {
        let message = '';
        try {
          parseJsonLines(schema, input, 'actions.jsonl');
        } catch (err) {
          message = (err as Error).message;
        }
        expect(message).toMatch(/^actions\.jsonl:\d+: /);
      }
    }
  }), { numRuns: kRuns });
  expect(counts.usage).toBeGreaterThan(kRuns);
});
