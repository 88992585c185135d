import fs from 'node:fs';
import path from 'node:path';
import { kFlowSpecs, runGeneratedSpecs } from '../../harness/generate/pipeline.ts';

/**
 * Runs the flow specs (not the replay spec) of a generated project on `url`, one at a time, each
 * failing after 10 s; the outcome of each test by `file › title`. Playwright keeps a failing test's
 * trace under test-results/.
 */
export async function runFlowSpecs(out: string, url: string, env: NodeJS.ProcessEnv): Promise<Map<string, boolean>> {
  const report = path.join(out, 'report.json');
  fs.rmSync(report, { force: true });
  await runGeneratedSpecs(out, url, kFlowSpecs, { PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...env }, { reporter: 'json', testTimeoutMs: 10_000 });
  const outcomes = new Map<string, boolean>();
  if (!fs.existsSync(report)) return outcomes;
  type Suite = { suites?: Suite[]; specs?: { title: string; file?: string; ok: boolean }[] };
  const visit = (suite: Suite) => {
    for (const spec of suite.specs ?? []) outcomes.set(spec.file ? `${spec.file} › ${spec.title}` : spec.title, spec.ok);
    for (const child of suite.suites ?? []) visit(child);
  };
  visit(JSON.parse(fs.readFileSync(report, 'utf8')) as Suite);
  return outcomes;
}

/** Heal names a test `file:line › title`; the runs above name it `file › title`. */
export function isSameTest(runKey: string, healName: string): boolean {
  return runKey === healName.replace(/:\d+ › /, ' › ') || runKey.endsWith(` › ${healName}`);
}
