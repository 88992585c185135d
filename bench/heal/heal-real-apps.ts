import fs from 'node:fs';
import path from 'node:path';
import { corpusApps, type RealApp } from '../../harness/apps/index.ts';
import { kRepoRoot, runCli } from '../../harness/cli.ts';
import { kGoneFamilies } from './gone-cases.ts';
import { healGone, type HealGoneRow } from './heal-gone.ts';
import type { ActedEvent } from './in-page/acted.ts';
import { kMutants } from './instrument.ts';
import { startMutantProxy } from './mutant-proxy.ts';
import { kPlansDir } from './record.ts';
import { kNotLocatorKinds, refusalKind } from './refusals.ts';
import { healTotals, percentOf, type HealCounts } from './heal-totals.ts';
import { isSameTest, kSpecRuns, loadSummary, runFlowSpecs } from './run-specs.ts';

/**
 * `bu heal` over the real apps of the heal corpus (harness/apps, those with a `corpus` part):
 * per app, its flows recorded with `bu capture script` on the app as shipped and generated into one
 * project; then per mutation (bench/heal/instrument.ts, served to the specs' own browser by
 * mutant-proxy.ts) the specs run on the changed app, `bu heal --write` repairs the page objects
 * from the failing tests' traces, and the specs run again (a round per broken step, up to eight).
 * A spec counts when it passes on the unchanged app. The element oracle is the corpus's: each
 * element acted on is described as it was before the mutation (in-page/acted.ts); after heal, an
 * action on a decoy or on an element no run of the unchanged app acted on, that the specs before
 * heal did not already make, is a wrong patch. BENCH_FAMILIES (honest, removed, substituted,
 * peer-left; all by default) adds the cases where one element of a spec is gone (heal-gone.ts):
 * there any patch heal writes is a wrong one.
 */

/** One app under one mutation: the counts both heal benches keep, and how many specs passed before it. */
export interface RealHealRow extends HealCounts {
  app: string;
  mutation: string;
  specs: number;
}

/** A flow reworded throughout breaks at each step in turn: a run stops at the first, a heal fixes that one. */
const kRounds = 8;

const list = (name: string) => process.env[name]?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
const families = list('BENCH_FAMILIES') ?? ['honest', ...kGoneFamilies];
const goneFamilies = kGoneFamilies.filter((f) => families.includes(f));
/** Rows of the gone families, printed after the honest ones. */
const goneRows: HealGoneRow[] = [];

function acted(events: ActedEvent[]): { keys: Set<string>; bad: (known: Set<string>) => string[] } {
  const keys = new Set(events.map((e) => e.key));
  return { keys, bad: (known) => [...new Set(events.filter((e) => e.decoy || !known.has(e.key)).map((e) => `${e.kind} ${e.label}${e.decoy ? ' (decoy)' : ''}`))] };
}

async function benchApp(app: RealApp & { corpus: NonNullable<RealApp['corpus']> }, root: string, log: (line: string) => void): Promise<RealHealRow[]> {
  const ws = path.join(root, app.name);
  fs.mkdirSync(ws, { recursive: true });
  const running = await app.start();
  const origin = new URL('/', running.url).href;
  const proxy = await startMutantProxy(origin);
  const rows: RealHealRow[] = [];
  try {
    const output = path.join(ws, 'output');
    const secretsEnv: Record<string, string> = {};
    const sessions: string[] = [];
    for (const flow of app.corpus.flows.filter((f) => !f.extra)) {
      await running.reset();
      proxy.use('none');
      const secrets = flow.secrets ?? {};
      for (const [k, v] of Object.entries(secrets)) secretsEnv[`BU_SECRET_${k}`] = v;
      const args = ['capture', 'script', '--url', new URL(flow.start, proxy.url).href, '--plan', path.join(kPlansDir, flow.plan), ...Object.keys(secrets).flatMap((k) => ['--secret', k]), '--json'];
      const script = await runCli(args, { env: { BU_OUTPUT: output, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...secretsEnv }, timeoutMs: 180_000 });
      if (script.code !== 0 || !script.json?.sessionId) log(`  ${app.name} ${flow.name}: capture failed: ${script.stderr.trim().split('\n').slice(-2).join(' | ')}`);
      else sessions.push(String(script.json.sessionId));
    }
    if (!sessions.length) return rows;
    const pristine = path.join(ws, 'generated');
    const generated = await runCli(['generate', ...sessions, '--out', pristine, '--llm', 'off', '--json'], { env: { BU_OUTPUT: output, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, timeoutMs: 300_000 });
    if (generated.code !== 0) {
      log(`  ${app.name}: generate failed: ${generated.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      return rows;
    }
    const env = { BU_OUTPUT: output, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...secretsEnv };
    const runOn = async (out: string, kind: (typeof kMutants)[number]['kind']) => {
      await running.reset();
      proxy.use(kind);
      const outcomes = await runFlowSpecs(out, proxy.url, secretsEnv);
      // Beacons of the last page may trail the test's end by a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { outcomes, events: [...proxy.acted()] };
    };
    const referenceDir = path.join(ws, 'unchanged');
    fs.cpSync(pristine, referenceDir, { recursive: true });
    const reference = await runOn(referenceDir, 'none');
    const known = acted(reference.events).keys;
    const passing = [...reference.outcomes].filter(([, ok]) => ok).map(([title]) => title);
    for (const [title, ok] of reference.outcomes) {
      if (ok) continue;
      log(`  ${app.name}: "${title}" fails on the unchanged app: left out`);
      // Not run on the mutants either: what it does there has no reference run to be judged by.
      const file = title.split(' › ')[0]!;
      if (passing.every((t) => t.split(' › ')[0] !== file)) fs.rmSync(path.join(pristine, 'tests', file), { force: true });
    }
    const onlyMutants = list('BENCH_MUTANTS');
    if (goneFamilies.length) goneRows.push(...await healGone({ app: app.name, running, proxy, pristine, ws, passing, families: goneFamilies, env, secretsEnv, log }));
    for (const mutant of kMutants.filter((m) => families.includes('honest') && m.kind !== 'none' && (!onlyMutants || onlyMutants.includes(m.name)))) {
      const out = path.join(ws, mutant.name);
      fs.cpSync(pristine, out, { recursive: true });
      const firstRun = kSpecRuns.length;
      const row: RealHealRow = { app: app.name, mutation: mutant.name, specs: passing.length, failing: 0, green: 0, refused: [], expectation: 0, notLocator: 0, wrong: [], healMs: 0, healedTests: 0 };
      const before = await runOn(out, mutant.kind);
      const failing = passing.filter((title) => before.outcomes.get(title) !== true);
      row.failing = failing.length;
      const already = new Set(acted(before.events).bad(known));
      let outcomes = before.outcomes;
      let events = before.events;
      const reasons = new Map<string, string>();
      let rounds = 0;
      for (; rounds < kRounds && failing.some((title) => outcomes.get(title) !== true); rounds++) {
        const started = Date.now();
        const healed = await runCli(['heal', 'test-results', '--dir', out, '--write', '--json'], { cwd: out, env, timeoutMs: 300_000 });
        row.healMs += Date.now() - started;
        row.healedTests += failing.filter((title) => outcomes.get(title) !== true).length;
        if (healed.code === 2 || !healed.json) {
          for (const title of failing) reasons.set(title, `bu heal failed: ${healed.stderr.trim().split('\n').pop() ?? ''}`);
          break;
        }
        for (const refused of (healed.json.notHealed ?? []) as { test: string; reason: string }[]) {
          const title = failing.find((t) => isSameTest(t, refused.test));
          if (title) reasons.set(title, refused.reason);
        }
        if (!((healed.json.changes ?? []) as unknown[]).length) break;
        ({ outcomes, events } = await runOn(out, mutant.kind));
        // A test that passes now is no longer refused; one still failing gets the next round's reason.
        for (const title of failing) if (outcomes.get(title)) reasons.delete(title);
      }
      row.wrong = acted(events).bad(known).filter((w) => !already.has(w));
      for (const title of failing) {
        if (outcomes.get(title)) row.green++;
        else row.refused.push(`${title}: ${reasons.get(title) ?? `still failing after ${rounds} heal round(s), each of which fixed a step`}`);
      }
      row.expectation = row.refused.filter((r) => refusalKind(r) === 'expectation changed').length;
      row.notLocator = row.refused.filter((r) => refusalKind(r) !== 'expectation changed' && kNotLocatorKinds.has(refusalKind(r))).length;
      rows.push(row);
      log(`${app.name.padEnd(12)} ${mutant.name.padEnd(11)} specs ${row.specs}  failing before ${row.failing}  healed to green ${row.green}  expectation changed ${row.expectation}  not a locator failure ${row.notLocator}  refused ${row.refused.length - row.expectation - row.notLocator}  wrong patches ${row.wrong.length}${row.healedTests ? `  heal ${(row.healMs / row.healedTests / 1000).toFixed(1)} s per failing test` : ''}  (${loadSummary(kSpecRuns.slice(firstRun))})`);
      for (const reason of row.refused) log(`             refused: ${reason}`);
      for (const wrong of row.wrong) log(`             WRONG: ${wrong}`);
    }
  } finally {
    await proxy.close();
    await running.stop();
  }
  return rows;
}

/** Runs every corpus app (BENCH_APPS and BENCH_MUTANTS narrow it) and prints the rows and totals. */
export async function benchRealApps(log: (line: string) => void = console.log): Promise<RealHealRow[]> {
  const onlyApps = list('BENCH_APPS');
  const root = fs.mkdtempSync(path.join(kRepoRoot, '.tmp-heal-real-'));
  const rows: RealHealRow[] = [];
  try {
    for (const app of corpusApps()) {
      if (onlyApps && !onlyApps.includes(app.name)) continue;
      const why = app.unavailable();
      if (why) {
        log(`${app.name} skipped: ${why}`);
        continue;
      }
      rows.push(...(await benchApp(app, root, log).catch((err: unknown) => {
        log(`${app.name}: ${err instanceof Error ? err.message : String(err)}`);
        return [];
      })));
    }
  } finally {
    if (process.env.BENCH_KEEP !== '1') fs.rmSync(root, { recursive: true, force: true });
  }
  if (goneFamilies.length) {
    const wrong = goneRows.reduce((n, r) => n + r.wrong.length, 0);
    log(`\nheal where the element is gone: ${goneRows.reduce((n, r) => n + r.cases, 0)} cases, failing before ${goneRows.reduce((n, r) => n + r.failing, 0)}, refused ${goneRows.reduce((n, r) => n + r.refused, 0)}, patches written (wrong) ${wrong}`);
    // A patch for an element that is not there points the page object at another one: the run fails on it.
    if (wrong) process.exitCode = 1;
  }
  if (!families.includes('honest')) return rows;
  const t = healTotals(rows);
  log(`\nheal on real apps: ${new Set(rows.map((r) => r.app)).size} apps, ${rows.length} app x mutation; failing before ${t.failing}, healed to green ${t.green} (${percentOf(t.green, t.failing)} of all failing), expectation changed (correctly not healed) ${t.expectation}, not a locator failure ${t.notLocator}, refused ${t.refused}, wrong patches ${t.wrong}; ${t.secondsPerTest} s per failing test`);
  log(`heal on real apps: of the ${t.locatorFailing} failing on how an element is found, ${t.green} healed to green (${percentOf(t.green, t.locatorFailing)}); refusals by reason: ${t.refusalsByReason} (goal >= 90% healed, 0 wrong, < 5 s)`);
  log(`heal on real apps: ${kSpecRuns.length} spec runs, ${loadSummary()}`);
  return rows;
}
