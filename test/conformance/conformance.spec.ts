import { expect, test } from '@playwright/test';
import { kConformanceApps } from './apps.ts';
import { runConformance } from './support/conformance.ts';
import { needRealApp } from '../support/real-app-required.ts';

/**
 * Real-app conformance: on each app (none written here), crawler explore -> extract -> generate
 * -> tsc --strict -> the generated specs pass -> bu replay passes, on the app as recorded.
 * A failing app names its first failing stage and shows that stage's output.
 */

/** A few crawler steps, a generated project, its specs and a replay: minutes, not seconds. */
const kAppTimeoutMs = 600_000;

for (const app of kConformanceApps) {
  test(`${app.name} (${app.kind}): every stage passes`, async () => {
    const unavailable = app.unavailable();
    needRealApp(unavailable);
    test.setTimeout(kAppTimeoutMs);
    const result = await runConformance(app);
    const failed = result.stages.find((s) => !s.ok);
    expect(result.failed, failed ? `${app.name} failed at ${failed.stage}:\n${failed.detail}` : '').toBeNull();
    expect(result.stages.map((s) => s.stage)).toEqual(['explore', 'extract', 'generate', 'tsc', 'specs', 'replay']);
    expect(result.specs!.passed).toBeGreaterThanOrEqual(2);
  });
}
