/**
 * Real-app conformance benchmark: `npx tsx bench/conformance.bench.ts [app ...]`. Runs the
 * conformance pipeline (test/conformance) on every real app that can run here, one after the
 * other, and prints per app the stage that failed, if any, and the time of each stage; apps that
 * cannot run here are listed with the reason. Like every benchmark it reports and does not fail:
 * the conformance spec is the test.
 */
import { kConformanceApps, kKnownFailingApps } from '../test/conformance/apps.ts';
import { formatTable, runConformance, type ConformanceResult } from '../test/conformance/support/conformance.ts';

async function main(): Promise<void> {
  const wanted = new Set(process.argv.slice(2));
  const results: ConformanceResult[] = [];
  const skipped: string[] = [];
  for (const app of [...kConformanceApps, ...kKnownFailingApps]) {
    if (wanted.size && !wanted.has(app.name)) continue;
    const unavailable = app.unavailable();
    if (unavailable) {
      skipped.push(`${app.name}: not run (${unavailable})`);
      continue;
    }
    results.push(await runConformance(app, { log: (line) => process.stderr.write(`${line}\n`) }));
  }
  console.log(formatTable(results));
  for (const line of skipped) console.log(line);
  for (const result of results) {
    const failed = result.stages.find((s) => !s.ok);
    if (failed) console.log(`\n${result.app} failed at ${failed.stage}:\n${failed.detail}`);
  }
  const passed = results.filter((r) => !r.failed).length;
  console.log(`\n${passed} of ${results.length} apps passed every stage`);
}

await main();
