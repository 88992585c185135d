/**
 * Heal benchmark: `npx tsx bench/heal-code.bench.ts`. For every app x release that breaks
 * locators, records a flow on the app as it was, generates its specs, runs them on the changed app
 * (Playwright keeps each failing test's trace), runs `bu heal --write` and the specs again (up to
 * three rounds: a flow may break at several places), and prints per app x release and in total:
 *   failing before   specs that failed on the changed app
 *   healed to green  of those, specs that pass after heal
 *   refused          specs heal left failing, each with its reason
 *   wrong patches    a patched locator that resolves, in the failing call's DOM snapshot, to
 *                    another element than the oracle's (must be 0)
 *   heal time        wall time of `bu heal` per failing test (goal < 5 s)
 *   parity           heal's first answer for each failing test beside replay's, live, for the same
 *                    step (bench/heal/parity.ts): agree, heal-only, replay-only, differ (a finding)
 * Apps: the demo app and its DOM variants (demo/variants.ts), the task app of the heal tests
 * (harness/sites/tasks-app.ts), then the real apps of the heal corpus under its mutations
 * (bench/heal/heal-real-apps.ts; BENCH_APPS and BENCH_MUTANTS narrow them, BENCH_REAL=0 skips them;
 * BENCH_SYNTH=0 skips the demo and task apps; BENCH_FAMILIES=honest,removed,substituted,peer-left
 * picks the mutations or the cases where one element is gone, bench/heal/heal-gone.ts). The oracle knows each app's releases: the element keeps its
 * id (a hashed suffix aside), else its link target, else shows the release's wording of its name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../core/browser.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import { PomFingerprints } from '../core/schema/pom-fingerprints.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import { startDemoServer } from '../demo/server.ts';
import { benchRealApps } from './heal/heal-real-apps.ts';
import { parityOf, parityTotals, replayedStep, type ParityRow } from './heal/parity.ts';
import { kNotLocatorKinds, refusalKind } from './heal/refusals.ts';
import { healTotals, percentOf } from './heal/heal-totals.ts';
import { isSameTest, runFlowSpecs } from './heal/run-specs.ts';
import { kUser } from '../demo/store.ts';
import { kRetexts, kVariants } from '../demo/variants.ts';
import { readTrace, SnapshotPage } from '../locate/snapshot/snapshot-page.ts';
import { readFailure } from '../heal/failure.ts';
import { openTraceZip } from '../core/io/trace-zip.ts';
import { kRepoRoot, runCli } from '../harness/cli.ts';
import { startPagesSite } from '../harness/sites/pages-site.ts';
import { renderTasks, tasksPlan, type TasksRelease } from '../harness/sites/tasks-app.ts';

interface Release {
  name: string;
  /** The app at this release, served until closed. */
  serve(): Promise<{ url: string; close(): Promise<void> }>;
  /** How this release words a recorded name. */
  renames: Record<string, string>;
}

interface App {
  name: string;
  plan(url: string): object;
  env: NodeJS.ProcessEnv;
  baseline: Release;
  releases: Release[];
}

interface Change { member: string; file: string; after: string; trace: string; test: string }
interface Row { app: string; release: string; specs: number; failing: number; green: number; refused: string[]; expectation: number; notLocator: number; wrong: string[]; healMs: number; healCpuMs: number; healedTests: number; parity: ParityRow[] }

function demoApp(): App {
  const serve = (variant: number) => async () => {
    const server = await startDemoServer({ port: 0, variant });
    return { url: server.url, close: () => server.close() };
  };
  const plan = JSON.parse(fs.readFileSync(path.join(kRepoRoot, 'demo', 'plans', 'create-item.json'), 'utf8')) as { steps: { click?: unknown }[] };
  return {
    name: 'demo',
    // Signing out ends the flow on the login page again: the spec then checks nothing of the item.
    plan: (url) => ({ ...plan, url: `${url.replace(/\/$/, '')}/login`, steps: plan.steps.filter((s) => !JSON.stringify(s).includes('Log out')) }),
    env: { BU_SECRET_password: kUser.password },
    baseline: { name: 'baseline', serve: serve(0), renames: {} },
    releases: kVariants.filter((v) => v.id > 0).map((v) => ({ name: v.name, serve: serve(v.id), renames: v.changes.includes('retexted') ? { ...kRetexts } : {} })),
  };
}

function tasksApp(): App {
  let release: TasksRelease = 'baseline';
  const serve = (r: TasksRelease) => async () => {
    release = r;
    const site = await startPagesSite((url) => renderTasks(release, url));
    return { url: site.url, close: () => site.close() };
  };
  const renames: Record<TasksRelease, Record<string, string>> = {
    baseline: {}, 'renamed-button': { 'Add task': 'Create task' }, 'moved-field': { Title: 'Task name' },
    'reworded-row': { Archive: 'Past tasks' }, decoy: {}, heading: { Saved: 'Task saved' }, 'reworded-form': { 'Add task': 'Create task', Title: 'Task name' }, covered: {},
  };
  const releases: TasksRelease[] = ['renamed-button', 'moved-field', 'reworded-row', 'decoy', 'heading', 'reworded-form'];
  return {
    name: 'tasks', plan: (url) => tasksPlan(url), env: {},
    baseline: { name: 'baseline', serve: serve('baseline'), renames: {} },
    releases: releases.map((r) => ({ name: r, serve: serve(r), renames: renames[r] })),
  };
}

/**
 * CPU time of the children this process waited for (`bu heal` and the browser it ran), in ms,
 * from Linux's /proc; null elsewhere. On a shared machine wall time mostly measures the other tenants.
 */
function reapedChildrenCpuMs(): number | null {
  try {
    const text = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime (fields 16 and 17) are at 13 and 14 after the name; clock ticks are 100 a second on Linux.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return null;
  }
}

const stem = (id: string | null) => id?.replace(/-[0-9a-z]{5}$/, '') ?? null;

/** Whether the element `code` finds in the failing call's snapshot is the recorded one, by the oracle. */
async function isRight(shown: SnapshotPage, change: Change, fp: Fingerprint, renames: Record<string, string>): Promise<boolean> {
  const failure = await readFailure(await openTraceZip(change.trace));
  const { snapshots, resources } = await readTrace(change.trace);
  const snapshot = failure?.call && (snapshots.find(failure.call.callId, 'before') ?? snapshots.find(failure.call.callId, 'action'));
  if (!snapshot) return false;
  await shown.show(snapshot, snapshots.html(snapshot), resources);
  const found = await locatorFromCode(shown.page, change.after).evaluateAll((els) => els.map((el) => ({
    id: el.id || null, href: el.getAttribute('href'), text: (el.textContent ?? '').trim(),
    label: el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent?.trim() ?? null : null,
  })));
  if (found.length !== 1) return false;
  const [el] = found;
  if (fp.id) return stem(el!.id) === stem(fp.id);
  if (fp.hrefPath) return el!.href === fp.hrefPath;
  return el!.text === (renames[fp.name] ?? fp.name) || el!.label === (renames[fp.name] ?? fp.name);
}

async function benchApp(app: App, root: string): Promise<Row[]> {
  const ws = path.join(root, app.name);
  const output = path.join(ws, 'output');
  const env = { BU_OUTPUT: output, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', ...app.env };
  const pristine = path.join(ws, 'generated');
  let sessionId = '';
  const recorded = await app.baseline.serve();
  try {
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(path.join(ws, 'plan.json'), JSON.stringify(app.plan(recorded.url)));
    const secrets = Object.keys(app.env).filter((k) => k.startsWith('BU_SECRET_')).flatMap((k) => ['--secret', k.slice('BU_SECRET_'.length)]);
    const script = await runCli(['capture', 'script', '--url', recorded.url, '--plan', path.join(ws, 'plan.json'), ...secrets, '--json'], { env, timeoutMs: 180_000 });
    if (script.code !== 0) throw new Error(`${app.name}: capture failed: ${script.stderr}`);
    sessionId = String(script.json!.sessionId);
    const generated = await runCli(['generate', String(script.json!.sessionId), '--out', pristine, '--llm', 'off', '--json'], { env, timeoutMs: 180_000 });
    if (generated.code !== 0) throw new Error(`${app.name}: generate failed: ${generated.stderr}`);
  } finally {
    await recorded.close();
  }
  const sidecar = PomFingerprints.parse(JSON.parse(fs.readFileSync(path.join(pristine, 'pom', '.fingerprints.json'), 'utf8')));
  const browser = await launchBrowser({ headless: true });
  const shown = await SnapshotPage.open(browser);
  const rows: Row[] = [];
  try {
    for (const release of app.releases) {
      const out = path.join(ws, release.name);
      fs.cpSync(pristine, out, { recursive: true });
      const server = await release.serve();
      const row: Row = { app: app.name, release: release.name, specs: 0, failing: 0, green: 0, refused: [], expectation: 0, notLocator: 0, wrong: [], healMs: 0, healCpuMs: 0, healedTests: 0, parity: [] };
      try {
        const before = await runFlowSpecs(out, server.url, app.env);
        row.specs = before.size;
        const failing = [...before].filter(([, ok]) => !ok).map(([title]) => title);
        row.failing = failing.length;
        let outcomes = before;
        const reasons = new Map<string, string>();
        for (let round = 0; round < 3 && [...outcomes.values()].some((ok) => !ok); round++) {
          const started = Date.now();
          const cpu = reapedChildrenCpuMs();
          const healed = await runCli(['heal', 'test-results', '--dir', out, '--write', '--json'], { cwd: out, env, timeoutMs: 120_000 });
          row.healMs += Date.now() - started;
          const cpuAfter = reapedChildrenCpuMs();
          if (cpu !== null && cpuAfter !== null) row.healCpuMs += cpuAfter - cpu;
          row.healedTests += [...outcomes.values()].filter((ok) => !ok).length;
          const changes = (healed.json?.changes ?? []) as Change[];
          for (const change of changes) {
            const member = sidecar.members.find((m) => `${m.className}.${m.member}` === change.member && m.file === change.file);
            if (!member || !(await isRight(shown, change, member.fingerprint, release.renames))) row.wrong.push(`${change.member}: ${change.after}`);
          }
          for (const refused of (healed.json?.notHealed ?? []) as { test: string; reason: string }[]) reasons.set(refused.test, refused.reason);
          // The first round answers for the call each test failed at: replay's answer for that step, live.
          if (round === 0) {
            const replayed = await replayedStep(sessionId, server.url, env);
            for (const change of changes) row.parity.push(await parityOf(shown, change.trace, change, replayed));
            for (const refused of (healed.json?.notHealed ?? []) as { trace: string; reason: string }[]) {
              if (refusalKind(refused.reason) !== 'expectation changed') row.parity.push(await parityOf(shown, refused.trace, refused, replayed));
            }
          }
          if (!changes.length) break;
          outcomes = await runFlowSpecs(out, server.url, app.env);
        }
        for (const title of failing) {
          if (outcomes.get(title)) row.green++;
          else {
            const reason = [...reasons].find(([test]) => isSameTest(title, test))?.[1] ?? 'still failing after heal';
            if (refusalKind(reason) === 'expectation changed') row.expectation++;
            else if (kNotLocatorKinds.has(refusalKind(reason))) row.notLocator++;
            row.refused.push(`${title}: ${reason}`);
          }
        }
      } finally {
        await server.close();
      }
      rows.push(row);
      console.log(`${app.name.padEnd(6)} ${release.name.padEnd(15)} specs ${row.specs}  failing before ${row.failing}  healed to green ${row.green}  expectation changed ${row.expectation}  not a locator failure ${row.notLocator}  refused ${row.refused.length - row.expectation - row.notLocator}  wrong patches ${row.wrong.length}${row.healedTests ? `  heal ${(row.healMs / row.healedTests / 1000).toFixed(1)} s wall, ${(row.healCpuMs / row.healedTests / 1000).toFixed(1)} s CPU per failing test` : ''}`);
      for (const reason of row.refused) console.log(`         refused: ${reason}`);
      for (const wrong of row.wrong) console.log(`         WRONG: ${wrong}`);
      for (const p of row.parity) console.log(`         parity ${p.parity}: heal ${p.heal}; replay ${p.replay}`);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

if (process.env.BENCH_SYNTH !== '0') {
  const root = fs.mkdtempSync(path.join(kRepoRoot, '.tmp-heal-bench-'));
  try {
    const rows: Row[] = [];
    for (const app of [tasksApp(), demoApp()]) rows.push(...(await benchApp(app, root)));
    const t = healTotals(rows);
    const healTests = rows.reduce((n, r) => n + r.healedTests, 0);
    console.log(`\nheal: ${rows.length} app x release; failing before ${t.failing}, healed to green ${t.green} (${percentOf(t.green, t.failing)}), expectation changed (correctly not healed) ${t.expectation}, not a locator failure ${t.notLocator}, refused ${t.refused}, wrong patches ${t.wrong}`);
    console.log(`heal: of the ${t.locatorFailing} failing on how an element is found, ${t.green} healed to green (${percentOf(t.green, t.locatorFailing)}); refusals by reason: ${t.refusalsByReason}`);
    console.log(`heal/replay parity over the failing tests heal answered for (expectations aside): ${parityTotals(rows.flatMap((r) => r.parity))}`);
    console.log(`heal: ${t.secondsPerTest} s wall, ${healTests ? (rows.reduce((n, r) => n + r.healCpuMs, 0) / healTests / 1000).toFixed(1) : '0'} s CPU per failing test, process start and browser launch included (goal >= 90% healed, 0 wrong, < 5 s)`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
if (process.env.BENCH_REAL !== '0') {
  console.log('\nheal on the real apps of the heal corpus, per app x mutation:');
  await benchRealApps();
}
