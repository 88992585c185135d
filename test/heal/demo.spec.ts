import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kUser } from '../../demo/store.ts';
import { runCli, kRepoRoot } from '../../harness/cli.ts';
import { generatedSpecsEnv, kFlowSpecs, runGeneratedSpecs } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * `bu heal` on the demo app: the create-item flow recorded on the app as it was, its generated
 * spec run on the release with decoys (a sidebar before the content with a second "Sign in" button
 * that does something else). The generated locator then matches both; heal must point it at the
 * form's own button, not the decoy, and the spec must pass again; likewise for Create item.
 *
 * In make bench only (`@bench`): test/heal/relocate.spec.ts proves the same-named copy told apart by
 * its landmark, and test/heal/heal.spec.ts a flow healed over two rounds of one `--rerun`.
 */

function runSpecs(out: string, url: string) {
  return runGeneratedSpecs(out, url, kFlowSpecs, { BU_SECRET_password: kUser.password }, { testTimeoutMs: 15_000 });
}

test('demo, decoys release: look-alike buttons are told apart by where the form is, and the spec passes again', { tag: '@bench' }, async ({ browser }) => {
  test.setTimeout(300_000);
  const ws = tempWorkspace('heal-demo');
  const recorded = await startDemoServer({ port: 0 });
  const released = await startDemoServer({ port: 0, variant: 6 });
  try {
    const env = { BU_OUTPUT: ws.paths.root, BU_SECRET_password: kUser.password, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
    const plan = JSON.parse(fs.readFileSync(path.join(kRepoRoot, 'demo', 'plans', 'create-item.json'), 'utf8')) as { steps: object[] };
    const planFile = path.join(ws.root, 'plan.json');
    fs.writeFileSync(planFile, JSON.stringify({ ...plan, url: `${recorded.url}login`, steps: plan.steps.filter((s) => !JSON.stringify(s).includes('Log out')) }));
    const script = await runCli(['capture', 'script', '--url', `${recorded.url}login`, '--plan', planFile, '--secret', 'password', '--json'], { env, timeoutMs: 180_000 });
    expect(script.code, script.stderr).toBe(0);
    const generated = await runCli(['generate', String(script.json!.sessionId), '--out', ws.out, '--llm', 'off', '--json'], { env, timeoutMs: 180_000 });
    expect(generated.code, generated.stderr).toBe(0);

    // The flow meets two look-alikes (Sign in, then Create item): a run stops at the first. One
    // `bu heal --rerun` heals it, reruns the spec with the project's config against the release
    // (it stops at the second), heals that and reruns it: green is that last run's exit status.
    type Change = { member: string; after: string; signals: string[]; runnerUp: { what: string; contradictions: string[] } | null };
    const run = await runSpecs(ws.out, released.url);
    expect(run.status, run.output).not.toBe(0);
    const rerunEnv = { ...generatedSpecsEnv(released.url), BU_SECRET_password: kUser.password };
    const healed = await runCli(['heal', 'test-results', '--dir', ws.out, '--rerun', '--json'], { cwd: ws.out, env: rerunEnv, timeoutMs: 180_000 });
    expect(healed.code, `${healed.stderr}\n${String(healed.json?.rerunProblem)}`).toBe(0);
    expect(healed.json!.rounds).toBe(2);
    expect(healed.json!.green).toHaveLength(1);
    expect(healed.json!.rerunProblem).toBeNull();
    const changes = healed.json!.changes as Change[];
    for (const change of changes) expect(healed.json!.diff).toContain(`+    return this.page.${change.after};`);
    expect(changes.map((c) => c.member)).toEqual(['LoginPage.signInButton', 'NewItemPage.createItemButton']);
    // Each decoy shows the same role and name, and is ruled out by where it is.
    for (const change of changes) {
      expect(change.signals).toEqual(expect.arrayContaining(['inside main']));
      expect(change.runnerUp?.contradictions.join(' ')).toContain('recorded in main');
    }

    // The new locator, on the live release, is the login form's submit button and not the decoy.
    const page = await browser.newPage();
    try {
      await page.goto(`${released.url}login`);
      const found = await locatorFromCode(page, changes[0]!.after).evaluateAll((els) => els.map((el) => ({ type: el.getAttribute('type'), decoy: el.hasAttribute('data-decoy-message'), inForm: Boolean(el.closest('form')) })));
      expect(found).toEqual([{ type: 'submit', decoy: false, inForm: true }]);
    } finally {
      await page.close();
    }
  } finally {
    await recorded.close();
    await released.close();
    ws.remove();
  }
});
