import { expect, test } from '../support/fixtures.ts';
import { conformanceApps } from '../../harness/apps/index.ts';
import { kStages, runConformance } from '../../harness/conformance.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * Real-app conformance: on each app of the registry with a `conformance` part (none written here),
 * crawler explore -> extract -> generate -> tsc --strict -> the generated specs pass, on the app as
 * recorded. A failing app names its first failing stage and shows that stage's output.
 *
 * The last stage, `bu replay` of each recording, is the benchmark's: the generated replay specs,
 * which the specs stage runs, replay the same histories through the same replay. An app with a
 * known failure runs the stages before it, and every one of them must pass: what it may fail is
 * never an earlier stage. The stages from the known failure on are the benchmark's
 * (bench/conformance.bench.ts runs every stage and says when such an app passes them all), so an
 * app whose known failure is at the first stage has nothing to run here and runs there only.
 *
 * The whole pipeline on a real app takes most of a minute (~48 CPU-s), so it runs on few apps: the
 * one with the most traits (a single-page app under a path prefix, with hash routes, unnamed row
 * controls and a flow that opens a tab), and no app whose every trait another app here has too. The
 * benchmark runs every app (`benchOnly` marks the others). The suite proves each trait on pages of
 * its own, which fail on the trait alone, so the pipeline runs here in make bench only (`@bench`,
 * bench/tagged-specs.bench.ts): the path prefix in test/generate/e2e-base-url.spec.ts, the tab in
 * test/generate/e2e-tabs.spec.ts, the unnamed row controls in test/generate/e2e-rows.spec.ts, hash
 * routes in test/capture/crawler-pages.spec.ts, test/replay/verify-url.spec.ts and
 * test/generate/url-check.spec.ts. The check of the apps' traits below stays in the suite.
 */

/** A few crawler steps, a generated project and its specs: minutes, not seconds. */
const kAppTimeoutMs = 600_000;
/** `BU_CONFORMANCE_TIMES=1` prints each app's start and the wall and CPU time of each stage. */
const log = process.env.BU_CONFORMANCE_TIMES === '1' ? (line: string) => process.stderr.write(`${line}\n`) : undefined;

// Apps that run in the benchmarks only, and older releases of an app the suite runs, are
// `make bench`'s (bench/conformance.bench.ts), not the suite's.
const apps = conformanceApps().filter((candidate) => !candidate.benchOnly && !candidate.conformance.benchOnly && candidate.conformance.expectedFailure?.stage !== kStages[0]);

/** The stage the suite ends before: the benchmark's `bu replay` of what the specs stage replayed. */
const kSuiteEnd = 'replay';

test('every app here has a trait no other app here has: one whose traits another has would prove nothing that one does not', () => {
  expect(apps.length, 'the suite runs the pipeline on at least one real app').toBeGreaterThan(0);
  for (const app of apps) {
    const wider = apps.find((other) => other !== app && app.traits.every((trait) => other.traits.includes(trait)));
    expect(wider?.name, `${app.name} (${app.traits.join(' + ')}) has no trait ${wider?.name} lacks: mark it benchOnly`).toBeUndefined();
  }
});

for (const app of apps) {
  const known = app.conformance.expectedFailure;
  const end = known && kStages.indexOf(known.stage) < kStages.indexOf(kSuiteEnd) ? known.stage : kSuiteEnd;
  const stages = kStages.slice(0, kStages.indexOf(end));
  test(`${app.name} (${app.kind}): ${known ? `the stages before its known failure (${known.stage}) pass` : 'every stage to its generated specs passes'}`, { tag: '@bench' }, async () => {
    needRealApp(app.unavailable());
    test.setTimeout(kAppTimeoutMs);
    if (known) test.info().annotations.push({ type: 'known failure', description: `from ${known.stage} on: ${known.reason}` });
    const result = await runConformance(app, { stopBefore: end, ...(log ? { log } : {}) });
    const failed = result.stages.find((s) => !s.ok);
    expect(result.failed, failed ? `${app.name} failed at ${failed.stage}:\n${failed.detail}` : '').toBeNull();
    expect(result.stages.map((s) => s.stage)).toEqual(stages);
    // Each recording's flow spec and its replay spec.
    if (stages.includes('specs')) expect(result.specs!.passed).toBeGreaterThanOrEqual(result.planSessionId ? 4 : 2);
  });
}
