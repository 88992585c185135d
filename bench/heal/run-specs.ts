import fs from 'node:fs';
import path from 'node:path';
import { resolveBrowser } from '../../core/browser.ts';
import { generatedCodeEnv } from '../../core/package.ts';
import { kRepoRoot } from '../../harness/cli.ts';
import { runNode } from '../../harness/generate/pipeline.ts';

/**
 * Runs the flow specs (not the replay spec) of a generated project on `url`, one at a time, each
 * failing after 10 s; the outcome of each test by `file › title`. Playwright keeps a failing test's
 * trace under test-results/.
 */
export async function runFlowSpecs(out: string, url: string, env: NodeJS.ProcessEnv): Promise<Map<string, boolean>> {
  const cli = path.join(kRepoRoot, 'node_modules', '@playwright', 'test', 'cli.js');
  const report = path.join(out, 'report.json');
  fs.rmSync(report, { force: true });
  await runNode([cli, 'test', '--config', path.join(out, 'playwright.config.ts'), '--workers=1', '--reporter=json', '--timeout=10000', 'tests/(?!replay-)'], {
    cwd: out,
    env: { BASE_URL: url, BU_BROWSER: resolveBrowser(process.env, { headless: true }).executablePath, PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...generatedCodeEnv(process.env), ...env },
  });
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
