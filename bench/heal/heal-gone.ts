import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RunningApp } from '../../harness/apps/index.ts';
import { runCli } from '../../harness/cli.ts';
import type { GoneFamily } from './gone-cases.ts';
import type { ActedEvent } from './in-page/acted.ts';
import type { GoneConfig } from './in-page/gone.ts';
import type { MutantProxy } from './mutant-proxy.ts';
import { runFlowSpecs } from './run-specs.ts';

/**
 * `bu heal` where a generated spec's element is gone (the families of gone-cases.ts, through the
 * mutant proxy). Each flow spec runs alone on the unchanged app first: the elements it acts on, in
 * order and described as the bench describes them, are its targets (one case each per family;
 * peer-left where a look-alike was on the page when it was acted on). Then per case the spec runs
 * with that element removed or replaced, and `bu heal --write` reads its failing trace: any change
 * it writes points a page object at another element, a wrong patch.
 */

export interface HealGoneRow {
  app: string;
  family: GoneFamily;
  cases: number;
  /** Cases whose spec failed with the element gone. */
  failing: number;
  /** Of those, heal wrote nothing. */
  refused: number;
  /** Patches heal wrote: each a wrong one (the element it was written for is not on the page). */
  wrong: string[];
  /** Cases whose spec passed with its element gone: the spec acted on something else (listed). */
  passed: string[];
}

export interface HealGoneInput {
  app: string;
  running: RunningApp;
  proxy: MutantProxy;
  /** The generated project, with only specs that pass on the unchanged app. */
  pristine: string;
  /** Where the case projects are written (each removed after its case). */
  ws: string;
  /** Specs that pass on the unchanged app, `file › title`. */
  passing: string[];
  families: GoneFamily[];
  /** `bu heal`'s environment, and the specs' secrets. */
  env: NodeJS.ProcessEnv;
  secretsEnv: Record<string, string>;
  log(line: string): void;
}

/** Beacons of the last page may trail the test's end by a moment. */
const kBeaconMs = 300;

const HealJson = z.looseObject({
  changes: z.array(z.looseObject({ member: z.string(), before: z.string(), after: z.string(), level: z.string() })).optional(),
  notHealed: z.array(z.looseObject({ reason: z.string() })).optional(),
});

/** A copy of the project whose only flow spec is `file`. */
function projectWith(pristine: string, file: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(pristine, to, { recursive: true, filter: (src) => !src.includes(`${path.sep}test-results`) });
  const tests = path.join(to, 'tests');
  for (const name of fs.readdirSync(tests)) if (name.endsWith('.spec.ts') && name !== file && !name.startsWith('replay-')) fs.rmSync(path.join(tests, name));
}

/** The elements a spec acted on, first event of each, in order. */
function targetsOf(events: ActedEvent[]): ActedEvent[] {
  const seen = new Map<string, ActedEvent>();
  for (const e of events) if (!seen.has(e.key)) seen.set(e.key, e);
  return [...seen.values()];
}

export async function healGone(input: HealGoneInput): Promise<HealGoneRow[]> {
  const { app, running, proxy, log } = input;
  const rows = new Map<GoneFamily, HealGoneRow>(input.families.map((family) => [family, { app, family, cases: 0, failing: 0, refused: 0, wrong: [], passed: [] }]));
  const files = [...new Set(input.passing.map((title) => title.split(' › ')[0]!))];
  let noPeer = 0;
  let targets = 0;
  for (const file of files) {
    const template = path.join(input.ws, `gone-template`);
    projectWith(input.pristine, file, template);
    const referenceDir = path.join(input.ws, 'gone-reference');
    fs.cpSync(template, referenceDir, { recursive: true });
    await running.reset();
    proxy.use('none', { peers: true });
    await runFlowSpecs(referenceDir, proxy.url, input.secretsEnv);
    await new Promise((resolve) => setTimeout(resolve, kBeaconMs));
    const acted = targetsOf(proxy.acted().filter((e) => !e.decoy));
    fs.rmSync(referenceDir, { recursive: true, force: true });
    targets += acted.length;
    // Removed and peer-left change the page alike: a case of both runs once.
    const done = new Map<string, { failing: boolean; wrong: string[]; passed: boolean }>();
    for (const target of acted) {
      if (!target.peers.length) noPeer++;
      for (const family of input.families) {
        if (family === 'peer-left' && !target.peers.length) continue;
        const gone: GoneConfig = { how: family === 'substituted' ? 'substitute' : 'remove', key: target.key };
        const runKey = `${gone.how}|${gone.key}`;
        let result = done.get(runKey);
        if (!result) {
          result = await runCase({ ...input, template, gone, label: `${file} ${target.label}` });
          done.set(runKey, result);
        }
        const row = rows.get(family)!;
        row.cases++;
        if (result.passed) row.passed.push(`${file}: ${target.label}`);
        if (!result.failing) continue;
        row.failing++;
        if (result.wrong.length) row.wrong.push(...result.wrong);
        else row.refused++;
      }
    }
  }
  log(`${app.padEnd(12)} gone: ${files.length} flow specs, ${targets} elements acted on (${noPeer} with no look-alike on the page: no peer-left case)`);
  for (const row of rows.values()) {
    log(`${app.padEnd(12)} ${row.family.padEnd(12)} cases ${row.cases}  failing before ${row.failing}  refused ${row.refused}  patches written (wrong) ${row.wrong.length}  passed with the element gone ${row.passed.length}`);
    for (const w of row.wrong) log(`             WRONG PATCH: ${w}`);
    for (const p of row.passed) log(`             passed anyway: ${p}`);
  }
  return [...rows.values()];
}

async function runCase(input: HealGoneInput & { template: string; gone: GoneConfig; label: string }): Promise<{ failing: boolean; wrong: string[]; passed: boolean }> {
  const out = path.join(input.ws, 'gone-case');
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(input.template, out, { recursive: true });
  try {
    await input.running.reset();
    input.proxy.use('none', { gone: input.gone });
    const outcomes = await runFlowSpecs(out, input.proxy.url, input.secretsEnv);
    if (outcomes.size && [...outcomes.values()].every(Boolean)) {
      input.log(`  ${input.label} (${input.gone.how}d): the spec passed`);
      return { failing: false, wrong: [], passed: true };
    }
    const healed = await runCli(['heal', 'test-results', '--dir', out, '--write', '--json'], { cwd: out, env: input.env, timeoutMs: 300_000 });
    const json = HealJson.safeParse(healed.json);
    if (healed.code === 2 || !json.success) {
      input.log(`  ${input.label} (${input.gone.how}): bu heal failed: ${healed.stderr.trim().split('\n').pop() ?? ''}`);
      return { failing: true, wrong: [], passed: false };
    }
    const wrong = (json.data.changes ?? []).map((c) => `${input.label} (${input.gone.how}d): ${c.member} ${c.before} -> ${c.after} at ${c.level}`);
    input.log(`  ${input.label} (${input.gone.how}d): failing; heal ${wrong.length ? `wrote ${wrong.map((w) => w.slice(w.indexOf('): ') + 3)).join('; ')}` : `refused: ${json.data.notHealed?.[0]?.reason ?? 'no change'}`}`);
    return { failing: true, wrong, passed: false };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}
