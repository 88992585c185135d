import { expect, test } from '@playwright/test';
import { conformanceApps } from '../../harness/apps/index.ts';
import { kStages, runConformance } from '../../harness/conformance.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * Real-app conformance: on each app of the registry with a `conformance` part (none written here),
 * crawler explore -> extract -> generate -> tsc --strict -> the generated specs pass -> bu replay
 * passes, on the app as recorded. A failing app names its first failing stage and shows that
 * stage's output. An app with a known failure may fail at its stage or a later one, never at an
 * earlier one; when it passes every stage the test says so in an annotation.
 */

/** A few crawler steps, a generated project, its specs and a replay: minutes, not seconds. */
const kAppTimeoutMs = 600_000;

// Apps that run in the benchmarks only are `make bench`'s (bench/conformance.bench.ts), not the suite's.
for (const app of conformanceApps().filter((candidate) => !candidate.benchOnly)) {
  const known = app.conformance.expectedFailure;
  test(`${app.name} (${app.kind}): every stage passes${known ? `, or those from ${known.stage} on fail as known` : ''}`, async () => {
    needRealApp(app.unavailable());
    test.setTimeout(kAppTimeoutMs);
    if (known) test.info().annotations.push({ type: 'known failure', description: `from ${known.stage} on: ${known.reason}` });
    const result = await runConformance(app);
    const failed = result.stages.find((s) => !s.ok);
    const detail = failed ? `${app.name} failed at ${failed.stage}:\n${failed.detail}` : '';
    if (known && failed) {
      expect(kStages.indexOf(failed.stage), `${detail}\n(known failure from ${known.stage} on)`).toBeGreaterThanOrEqual(kStages.indexOf(known.stage));
      return;
    }
    if (known) test.info().annotations.push({ type: 'passed despite its known failure', description: 'every stage passed this time' });
    expect(result.failed, detail).toBeNull();
    expect(result.stages.map((s) => s.stage)).toEqual(kStages);
    expect(result.specs!.passed).toBeGreaterThanOrEqual(2);
  });
}
