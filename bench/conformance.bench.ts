/**
 * Real-app conformance benchmark: `npx tsx bench/conformance.bench.ts [app ...]`. Runs the
 * conformance pipeline (test/conformance) on every app of the registry with a `conformance` part
 * that can run here, one after the other, and prints per app the stage that failed, if any, and
 * the time of each stage; apps that cannot run here are listed with the reason, apps with a known
 * failure with theirs. Like every benchmark it reports and does not fail: the conformance spec is
 * the test.
 */
import { conformanceApps, type ExpectedFailure } from '../harness/apps/index.ts';
import { formatTable, runConformance, type ConformanceResult } from '../harness/conformance.ts';

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const results: ConformanceResult[] = [];
  const skipped: string[] = [];
  const expected = new Map<string, ExpectedFailure>();
  for (const app of conformanceApps()) {
    if (wanted.size && !wanted.has(app.name)) continue;
    const unavailable = app.unavailable();
    if (unavailable) {
      skipped.push(`${app.name}: not run (${unavailable})`);
      continue;
    }
    if (app.conformance.expectedFailure) expected.set(app.name, app.conformance.expectedFailure);
    results.push(await runConformance(app, { log: (line) => process.stderr.write(`${line}\n`) }));
  }
  console.log(formatTable(results));
  for (const line of skipped) console.log(line);
  for (const result of results) {
    const failed = result.stages.find((s) => !s.ok);
    const known = expected.get(result.app);
    if (failed) console.log(`\n${result.app} failed at ${failed.stage}${known ? ` (known failure from ${known.stage} on: ${known.reason})` : ''}:\n${failed.detail}`);
    else if (known) console.log(`\n${result.app} passed every stage despite its known failure (from ${known.stage} on: ${known.reason})`);
  }
  const passed = results.filter((r) => !r.failed).length;
  console.log(`\n${passed} of ${results.length} apps passed every stage (${expected.size} with a known failure)`);
}

await main();
