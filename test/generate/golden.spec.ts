import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { PageModel } from '../../core/schema/page-model.ts';
import { emitAll, type GeneratedFile } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { loginRun, settingsRun } from '../../harness/generate/fixtures.ts';

/**
 * Hand-made runs -> page model -> files, compared byte for byte with test/generate/expected/
 * (UPDATE_GOLDEN=1 rewrites). Expected files carry a `.golden` suffix so neither the test runner
 * nor the type checker of this project picks up the generated specs and page objects.
 */

const kExpected = path.join(import.meta.dirname, 'expected');
const kSuffix = '.golden';

function generateFixture(): GeneratedFile[] {
  const login = loginRun();
  const model = buildPageModel([login, settingsRun()]);
  return emitAll(model, assignNames(model, null), {
    histories: new Map([['script-1700000000001', { text: '{"recorded": "history"}\n', steps: login.history.steps }]]),
  });
}

test('the emitters write the expected files for the hand-made runs', () => {
  const files = generateFixture();
  if (process.env.UPDATE_GOLDEN) {
    fs.rmSync(kExpected, { recursive: true, force: true });
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(kExpected, file.file)), { recursive: true });
      fs.writeFileSync(path.join(kExpected, file.file + kSuffix), file.text);
    }
  }
  const expectedFiles = fs.readdirSync(kExpected, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(kExpected, path.join(entry.parentPath, entry.name)).split(path.sep).join('/').slice(0, -kSuffix.length))
    .sort();
  expect(files.map((f) => f.file).sort()).toEqual(expectedFiles);
  for (const file of files) expect(file.text, file.file).toBe(fs.readFileSync(path.join(kExpected, file.file + kSuffix), 'utf8'));
});

test('the page model is a pure function of the runs and parses with its schema', () => {
  const first = buildPageModel([loginRun(), settingsRun()]);
  const second = buildPageModel([loginRun(), settingsRun()]);
  expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  PageModel.parse(first);
  const byId = new Map(first.pages.map((p) => [p.id, p]));
  expect([...byId.keys()]).toEqual(['/login', '/', '/items', '/items/:itemId', '/settings "Settings · Shop"', '/settings "Settings saved · Shop"']);
  expect(byId.get('/items/:itemId')!.params).toEqual(['itemId']);
  expect(byId.get('/settings "Settings · Shop"')!.stableUrl).toBe('./settings');
  expect(byId.get('/settings "Settings saved · Shop"')!.stableUrl).toBeNull();
});

test('locators are verified against the recorded snapshots, and the doubtful ones reported', () => {
  const model = buildPageModel([loginRun(), settingsRun()]);
  const element = (page: string, id: string) => model.pages.find((p) => p.id === page)!.elements.find((e) => e.id === id)!;
  // A look-alike "Sign in" in the sidebar: scoped to the main landmark, where it is unique.
  expect(element('/login', 'testid:login-submit').locator).toMatchObject({ kind: 'role', scope: { role: 'main', name: null }, verified: true });
  expect(element('/', 'link:Items').locator).toMatchObject({ kind: 'role', scope: { role: 'navigation', name: 'Main' }, verified: true });
  // One "Details" per list item: a member of the item, found inside the item the caller names.
  expect(element('/items', 'listitem > button:Details')).toMatchObject({ collection: 'listitem', locator: { kind: 'role', role: 'button', value: 'Details', nth: null } });
  expect(model.pages.find((p) => p.id === '/items')!.collections).toEqual([{ id: 'listitem', role: 'listitem', scope: null, exactKey: false, observed: 2, example: 'Red Hammer 8 EUR' }]);
  expect(model.flows[1]!.steps.find((s) => s.kind === 'interact' && s.item)).toMatchObject({ item: { kind: 'literal', value: 'Red Hammer 8 EUR' } });
  expect(element('/items/:itemId', 'button:Delete').locator.frames).toEqual([`locator('iframe[title="Danger zone"]')`]);
  expect(model.diagnostics.map((d) => d.element)).not.toContain('listitem > button:Details');
});

test('edges carry confidence: a URL change is high, a title change at the same URL medium', () => {
  const model = buildPageModel([loginRun(), settingsRun()]);
  const edge = (from: string, interaction: string) => model.edges.find((e) => e.from === from && e.interaction === interaction);
  expect(edge('/login', 'click:testid:login-submit')).toMatchObject({ to: '/', confidence: 'high' });
  expect(edge('/settings "Settings · Shop"', 'click:testid:settings-save')).toMatchObject({ to: '/settings "Settings saved · Shop"', confidence: 'medium' });
});

test('secrets never appear as values in generated code', () => {
  const files = generateFixture();
  const workflow = files.find((f) => f.file === 'workflows/login-to-items.ts')!;
  expect(workflow.text).toContain("requireSecret('PASSWORD')");
  expect(files.filter((f) => f.file.endsWith('.ts')).some((f) => f.text.includes('{{secret'))).toBe(false);
});

test('a spec whose secret is not set fails naming the variable; it skips only when BU_SKIP_MISSING_SECRETS=1 asks', () => {
  const specs = generateFixture().filter((f) => f.file.startsWith('tests/') && f.text.includes('BU_SECRET_PASSWORD'));
  expect(specs.map((f) => f.file)).toEqual(['tests/login-to-items.spec.ts', 'tests/replay-script-1700000000001.spec.ts']);
  for (const file of specs) {
    // The guard, run as the test's first statements with a stand-in for Playwright's `test`.
    const guard = file.text.split('\n').map((line) => line.trim()).filter((line) => /^(const missingSecret|test\.skip|if \(missingSecret\))/.test(line));
    expect(guard, file.file).toHaveLength(3);
    const run = (env: Record<string, string>) => {
      const skips: string[] = [];
      const test = { skip: (condition: boolean, reason: string) => { if (condition) skips.push(reason); } };
      try {
        new Function('test', 'process', guard.join('\n'))(test, { env });
        return { skips, error: null };
      } catch (err) {
        return { skips, error: (err as Error).message };
      }
    };
    expect(run({})).toEqual({ skips: [], error: 'set BU_SECRET_PASSWORD to run this flow (BU_SKIP_MISSING_SECRETS=1 skips it instead)' });
    expect(run({ BU_SKIP_MISSING_SECRETS: '1' }).skips).toEqual(['set BU_SECRET_PASSWORD to run this flow']);
    expect(run({ BU_SECRET_PASSWORD: 'x' })).toEqual({ skips: [], error: null });
  }
});
