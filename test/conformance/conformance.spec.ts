import { expect, test } from '@playwright/test';
import { conformanceApps } from '../support/apps/index.ts';
import { runConformance } from './support/conformance.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * Real-app conformance: on each app of the registry with a `conformance` part (none written here),
 * crawler explore -> extract -> generate -> tsc --strict -> the generated specs pass -> bu replay
 * passes, on the app as recorded. A failing app names its first failing stage and shows that
 * stage's output. An app with an expected failure is expected to fail, for its stated reason:
 * once it passes, the suite says so.
 */

/** A few crawler steps, a generated project, its specs and a replay: minutes, not seconds. */
const kAppTimeoutMs = 600_000;

for (const app of conformanceApps()) {
  test(`${app.name} (${app.kind}): every stage passes`, async () => {
    needRealApp(app.unavailable());
    test.fail(app.conformance.expectedFailure !== undefined, app.conformance.expectedFailure);
    test.setTimeout(kAppTimeoutMs);
    const result = await runConformance(app);
    const failed = result.stages.find((s) => !s.ok);
    expect(result.failed, failed ? `${app.name} failed at ${failed.stage}:\n${failed.detail}` : '').toBeNull();
    expect(result.stages.map((s) => s.stage)).toEqual(['explore', 'extract', 'generate', 'tsc', 'specs', 'replay']);
    expect(result.specs!.passed).toBeGreaterThanOrEqual(2);
  });
}
