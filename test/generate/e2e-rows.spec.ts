import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { startListApp } from './support/list-app.ts';
import { recordAndGenerate, runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';

/**
 * Lists in generated code: a flow adds two entries, ticks one and deletes the other, on a list
 * whose rows all carry the same test ids. The page object reaches an entry by its text, never
 * through a page-wide locator; the confirm the delete asks is accepted, as capture accepted it;
 * the spec asserts what the flow left; and it passes twice in a row on the same server, which
 * keeps every entry the runs create.
 */

function plan(url: string) {
  return {
    version: 1, url,
    steps: [
      { input: { target: { role: 'textbox', name: 'New entry' }, text: 'Buy milk' } },
      { click: { target: { role: 'button', name: 'Add' } } },
      { input: { target: { role: 'textbox', name: 'New entry' }, text: 'Walk dog' } },
      { click: { target: { role: 'button', name: 'Add' } } },
      { click: { target: 'li:has-text("Walk dog") >> [data-testid=entry-toggle]' } },
      { click: { target: 'li:has-text("Buy milk") >> role=button[name="Delete"]' } },
      { done: { text: 'listed', success: true } },
    ],
  };
}

test('list entries are members of an item found by its text, and the flow spec runs again on the same data', async () => {
  test.setTimeout(300_000);
  const ws = tempWorkspace('e2e-rows');
  const app = await startListApp();
  try {
    await recordAndGenerate(ws, app.url, plan(app.url));

    const pom = fs.readFileSync(path.join(ws.out, 'pom', 'ShoppingListPage.ts'), 'utf8');
    // One entry is found by an element showing its whole text (checked in the recorded DOM
    // snapshots); its controls are looked up inside it only.
    expect(pom).toMatch(/this\.page(\.[^\n]*)?\.getByRole\('listitem'\)\.filter\(\{ has: this\.page\.getByText\(text, \{ exact: true \}\) \}\)/);
    expect(pom).toMatch(/return this\.root\.getByTestId\('entry-toggle'\);/);
    expect(pom).toMatch(/return this\.root\.getByTestId\('entry-delete'\);/);
    expect(pom).not.toMatch(/this\.page\.getByTestId\('entry-(toggle|delete)'\)/);
    expect(pom).not.toMatch(/internal:|\.nth\(/);
    const workflows = path.join(ws.out, 'workflows');
    const workflow = fs.readdirSync(workflows).filter((f) => f !== 'secrets.ts').map((f) => fs.readFileSync(path.join(workflows, f), 'utf8')).join('\n');
    // The confirm is waited for while the delete runs, and answered as recorded; nothing listens afterwards.
    expect(workflow).toMatch(/\/\/ The next step opens a confirm \(“Delete Buy milk\?”\): accepted as when recorded \(the step fails if it does not open\)\.\n\s*await Promise\.all\(\[page\.waitForEvent\('dialog'\)\.then\(\(dialog\) => dialog\.accept\(\)\), \w+\.clickDelete\(/);
    expect(workflow.match(/waitForEvent\('dialog'\)/g)).toHaveLength(1);
    expect(workflow).not.toContain("page.once('dialog'");
    const specFile = fs.readdirSync(path.join(ws.out, 'tests')).find((f) => !f.startsWith('replay-'))!;
    const spec = fs.readFileSync(path.join(ws.out, 'tests', specFile), 'utf8');
    expect(spec).toContain("{ tag: '@changes-data' }");
    // Its replay spec does what the recording did, and is tagged the same: `--grep-invert @changes-data` skips both.
    const replaySpec = fs.readFileSync(path.join(ws.out, 'tests', fs.readdirSync(path.join(ws.out, 'tests')).find((f) => f.startsWith('replay-'))!), 'utf8');
    expect(replaySpec).toMatch(/test\('replay [\w-]+', \{ tag: '@changes-data' \}, async/);
    expect(spec).toMatch(/const vars = \{ \.\.\.\w+Defaults, newEntry: `Buy milk \$\{run\}`, newEntry2: `Walk dog \$\{run\}` \}/);
    expect(spec).toMatch(/getByText\(vars\.newEntry2, \{ exact: true \}\)\.first\(\)\)\.toBeVisible\(\)/);

    // The strict type check beside the runs: it reads the generated files, the runs write only their results.
    const tsc = typecheckGenerated(ws.out);
    for (let run = 1; run <= 2; run++) {
      const specs = await runGeneratedSpecs(ws.out, app.url, 'tests/(?!replay-)', {}, { noTrace: true });
      expect(specs.status, `run ${run}\n${specs.output}`).toBe(0);
    }
    const typecheck = await tsc;
    expect(typecheck.status, typecheck.output).toBe(0);
    // Each run added its own two entries, ticked its "Walk dog" and deleted its "Buy milk".
    const walks = app.entries.filter((e) => e.text.startsWith('Walk dog'));
    expect(walks).toHaveLength(3);
    expect(walks.every((e) => e.done)).toBe(true);
    expect(app.entries.filter((e) => e.text.startsWith('Buy milk'))).toHaveLength(0);
  } finally {
    await app.close();
    ws.remove();
  }
});
