/**
 * Hardening counts: how many hostile inputs were tried and how many broke a promise.
 * Run: `npx tsx bench/hardening.bench.ts` (about a minute). Prints one line per promise and exits
 * 1 when a count that must be 0 is not.
 *
 * - bad input: random and damaged plans, histories, runs.json files, JSONL and trace zips go
 *   through the real parsers; a crash is anything but a parse or a usage error (exit 2)
 * - URL policy: the loopback bypass list (harness/hardening/bypass.ts) in headless Chromium
 * - secrets: text holding a secret in each encoding, redacted by capture's and replay's redactors
 * - lost runs: concurrent writers of one run database
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { chromium } from 'playwright';
import { Secrets } from '../capture/record/secrets.ts';
import { launchOptions } from '../core/browser.ts';
import { parseJsonLines, readJsonFile } from '../core/io/read.ts';
import { outputPaths } from '../core/paths.ts';
import { RunsDb } from '../core/runs-db.ts';
import { ActionRecord } from '../core/schema/extract.ts';
import { Plan } from '../core/schema/plan.ts';
import { extractTrace } from '../extract/extract.ts';
import { loadHistory } from '../replay/load.ts';
import { redact } from '../replay/inputs.ts';
import { runBypassSuite } from '../harness/hardening/bypass.ts';
import { outcomeOf } from '../harness/hardening/clean-failure.ts';
import { anyText, mutatedBytes, mutatedJson, mutatedText } from '../harness/hardening/mutate.ts';
import { encodings } from '../harness/hardening/scan.ts';

const kRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kFixtures = path.join(kRoot, 'test', 'hardening', 'fixtures');
/** Inputs per parser: enough to find the usual crashes, few enough for about a minute in all. */
const kRuns = 300;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-bench-hard-'));
const rows: { what: string; tried: number; bad: number; label: string }[] = [];
let n = 0;
const fileWith = async (text: string | Buffer, name: string) => {
  const file = path.join(dir, `${n++}-${name}`);
  await fs.writeFile(file, text);
  return file;
};

/** Counts inputs and crashes of one parser over `arbitrary`. */
async function parserRow<T>(what: string, arbitrary: fc.Arbitrary<T>, run: (input: T) => Promise<unknown>, runs = kRuns): Promise<void> {
  let crashes = 0;
  const inputs = fc.sample(arbitrary, { numRuns: runs });
  for (const input of inputs) {
    try {
      await outcomeOf(what, () => run(input));
    } catch (err) {
      crashes++;
      if (crashes <= 3) console.error(String(err).slice(0, 300));
    }
  }
  rows.push({ what, tried: inputs.length, bad: crashes, label: 'crashes' });
}

const json = (name: string) => fs.readFile(path.join(kFixtures, name), 'utf8').then((t) => JSON.parse(t) as unknown);
const asText = (v: unknown) => JSON.stringify(v) ?? '';
const plan = { ...(JSON.parse(await fs.readFile(path.join(kRoot, 'demo', 'plans', 'create-item.json'), 'utf8')) as object), url: 'http://127.0.0.1/' };
const history = await json('history-v1.json');
const runs = await json('runs.json');
const actions = await fs.readFile(path.join(kFixtures, 'actions.jsonl'), 'utf8');
const zip = await fs.readFile(path.join(kRoot, 'test', 'extract', 'fixtures', 'testrunner-v10.zip'));
const paths = outputPaths(path.join(dir, 'out'));
const started = Date.now();

await parserRow('plan files', fc.oneof(mutatedJson(plan).map(asText), mutatedText(JSON.stringify(plan)), anyText), async (t) => readJsonFile(Plan, await fileWith(t, 'plan.json')));
await parserRow('histories', fc.oneof(mutatedJson(history).map(asText), mutatedText(JSON.stringify(history)), anyText), async (t) => loadHistory(await fileWith(t, 'h.json'), paths, dir));
await parserRow('runs.json', fc.oneof(mutatedJson(runs).map(asText), mutatedText(JSON.stringify(runs)), anyText), async (t) => new RunsDb(await fileWith(t, 'runs.json')).list());
await parserRow('extract JSONL', fc.oneof(mutatedText(actions), anyText), async (t) => parseJsonLines(ActionRecord, t, 'actions.jsonl'));
await parserRow('trace zips', fc.oneof(mutatedBytes(zip), fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b))), async (b) => {
  const file = await fileWith(b, 'trace.zip');
  return extractTrace(file, { paths, cwd: dir });
}, kRuns / 2);

const browser = await chromium.launch(launchOptions());
try {
  const outcomes = await runBypassSuite(browser);
  rows.push({ what: 'URL policy bypasses', tried: outcomes.length, bad: outcomes.filter((o) => o.hits.length || o.landed.length).length, label: 'escapes' });
} finally {
  await browser.close();
}

// Secrets: every encoding, embedded in random text, redacted by capture's and by replay's redactor.
const secret = 'Tr0ub4dor "&" <x> ü+/=9';
const capture = new Secrets({ secrets: { password: secret } });
// Capture redacts a secret from the moment it is typed; this is the state after typing.
capture.substitute('{{secret:password}}');
const carriers = fc.sample(fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...encodings(secret)), fc.string({ maxLength: 20 })), { numRuns: kRuns });
let hits = 0;
for (const [before, { form }, after] of carriers) {
  const text = `${before}${form}${after}`;
  for (const out of [capture.redactText(text), redact(text, { password: secret })]) if (encodings(secret).some((e) => out.includes(e.form))) hits++;
}
rows.push({ what: 'secret encodings redacted', tried: carriers.length * 2, bad: hits, label: 'hits' });

// Lost runs: 8 concurrent writers of 25 runs each into one database (in-process, interleaved).
const db = new RunsDb(path.join(dir, '.brow-use', 'runs.json'));
await Promise.all(Array.from({ length: 8 }, async (_, w) => {
  for (let i = 0; i < 25; i++) {
    await db.upsert({ sessionId: `w${w}-${1_700_000_000_000 + i}`, command: 'explore', startedAt: new Date(0).toISOString(), endedAt: null, url: 'http://x/', mode: 'playwright', artifacts: {} });
  }
}));
rows.push({ what: 'run database writers', tried: 200, bad: 200 - (await db.list()).length, label: 'lost runs' });

await fs.rm(dir, { recursive: true, force: true });
for (const row of rows) console.log(`${row.what.padEnd(28)} ${String(row.tried).padStart(5)} tried  ${String(row.bad).padStart(3)} ${row.label}`);
const total = rows.reduce((sum, r) => sum + r.tried, 0);
const bad = rows.reduce((sum, r) => sum + r.bad, 0);
console.log(`${'total'.padEnd(28)} ${String(total).padStart(5)} tried  ${String(bad).padStart(3)} broken promises  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exitCode = bad ? 1 : 0;
