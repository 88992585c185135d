import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { mergeGenerated } from '../../generate/emit/merge.ts';
import { generate, type GenerateOptions } from '../../generate/generate.ts';
import { loginRun, settingsRun } from '../../harness/generate/fixtures.ts';
import { readTree, tempWorkspace, writeRun } from '../../harness/generate/on-disk.ts';

/** Regenerating over existing files: identical bytes, people's edits and additions kept, nothing duplicated. */

function options(ws: ReturnType<typeof tempWorkspace>, sessions: string[]): GenerateOptions {
  return { sessions, outDir: ws.out, paths: ws.paths, cwd: ws.root, env: {}, llm: 'off', log: () => undefined };
}

test('regenerating from the same runs gives byte-identical files and writes nothing', async () => {
  const ws = tempWorkspace('merge-same');
  try {
    for (const run of [loginRun(), settingsRun()]) writeRun(ws.paths, run);
    const first = await generate(options(ws, ['script-1700000000001', 'explore-1700000000002']));
    const before = readTree(ws.out);
    const second = await generate(options(ws, ['script-1700000000001', 'explore-1700000000002']));
    expect(second.written).toEqual([]);
    expect(second.unchanged.length).toBe(first.written.length - second.skipped.length);
    expect(readTree(ws.out)).toEqual(before);
  } finally {
    ws.remove();
  }
});

test('a hand-edited member and a hand-written member survive regeneration, once each', async () => {
  const ws = tempWorkspace('merge-edit');
  try {
    writeRun(ws.paths, loginRun());
    await generate(options(ws, ['script-1700000000001']));
    const file = path.join(ws.out, 'pom', 'LoginPage.ts');
    const original = fs.readFileSync(file, 'utf8');
    const edited = original
      .replace("return this.page.getByRole('textbox', { name: 'Email' });", "return this.page.getByLabel('Email address');")
      .replace(/\n}\n$/, `

  /** Signs in with the demo account. */
  async signInAsDemo(): Promise<void> {
    await this.fillLoginForm('ann@example.com', 'secret');
  }
}
`);
    expect(edited).not.toBe(original);
    fs.writeFileSync(file, edited);

    writeRun(ws.paths, settingsRun());
    await generate(options(ws, ['script-1700000000001', 'explore-1700000000002']));
    const merged = fs.readFileSync(file, 'utf8');
    expect(merged).toContain("return this.page.getByLabel('Email address');");
    expect(merged).not.toContain("getByRole('textbox', { name: 'Email' })");
    expect(merged.match(/get emailInput\(\)/g)).toHaveLength(1);
    expect(merged.match(/async signInAsDemo\(\)/g)).toHaveLength(1);
    expect(merged).toContain('async clickSignIn(): Promise<DashboardPage>');

    await generate(options(ws, ['script-1700000000001', 'explore-1700000000002']));
    expect(fs.readFileSync(file, 'utf8')).toBe(merged);
  } finally {
    ws.remove();
  }
});

test('generated members no longer observed are removed; a person-owned config is left alone', async () => {
  const ws = tempWorkspace('merge-drop');
  try {
    writeRun(ws.paths, loginRun());
    writeRun(ws.paths, settingsRun());
    await generate(options(ws, ['script-1700000000001', 'explore-1700000000002']));
    fs.writeFileSync(path.join(ws.out, 'playwright.config.ts'), '// mine\n');
    const items = path.join(ws.out, 'pom', 'ItemsPage.ts');
    expect(fs.readFileSync(items, 'utf8')).toContain('clickDetails');
    const result = await generate(options(ws, ['script-1700000000001']));
    expect(fs.readFileSync(items, 'utf8')).not.toContain('clickDetails');
    expect(result.skipped).toContain('playwright.config.ts');
    expect(fs.readFileSync(path.join(ws.out, 'playwright.config.ts'), 'utf8')).toBe('// mine\n');
  } finally {
    ws.remove();
  }
});

test("a spec whose `test` moved to brow-use/test keeps a person's own test on it, with no second import of `test`", () => {
  const fresh = fs.readFileSync(path.join(import.meta.dirname, 'expected', 'tests', 'login-to-items.spec.ts.golden'), 'utf8');
  expect(fresh).toContain("import { expect, test } from 'brow-use/test';");
  // The file as an earlier release generated it, with a test a person added below.
  const existing = `${fresh.replace("import { expect, test } from 'brow-use/test';", "import { expect, test } from '@playwright/test';")}
test('the items page lists nothing after sign-out', async ({ page }) => {
  await page.goto('/items');
  await expect(page.getByRole('listitem')).toHaveCount(0);
});
`;
  const merged = mergeGenerated(fresh, existing, 'tests/login-to-items.spec.ts');
  expect(merged).toContain("test('the items page lists nothing after sign-out'");
  expect(merged).toContain("import { expect, test } from 'brow-use/test';");
  expect(merged).not.toContain('@playwright/test');
});
