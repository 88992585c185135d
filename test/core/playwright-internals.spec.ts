import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { locatorByRef, runInternal } from '../../core/playwright-internals.ts';
import { openTraceZip } from '../../core/io/trace-zip.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/**
 * The private Playwright use, checked for what brow-use relies on, so a Playwright release that
 * changes it fails here (and in `make test`'s run against the lowest supported Playwright), not
 * somewhere downstream. Recorded locators need no private API: test/core/locator-build.spec.ts
 * checks that the code `toString()` prints reads back.
 */

// These tests start their own tracing: the runner does not trace this file (playwright.config.ts, kOwnTracing).

const kPage = '<main><button>Save</button><label>Email <input name="email"></label><div data-testid="note">hi</div></main>';

test('runInternal keeps calls out of the trace, and errors keep their own message', async ({ browser }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-internals-'));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent(kPage);
    await context.tracing.start({ snapshots: false, screenshots: false });
    await page.getByRole('button', { name: 'Save' }).click();
    await runInternal(page, () => page.getByTestId('note').textContent());
    const failure = await runInternal(page, () => page.locator('#missing').click({ timeout: 200 })).catch((err: Error) => err);
    const file = path.join(dir, 'trace.zip');
    await context.tracing.stop({ path: file });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toMatch(/^bookkeeping/);
    const reader = await openTraceZip(file);
    const events = (await reader.text('trace.trace')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; method?: string; params?: { selector?: string } });
    const calls = events.filter((e) => e.type === 'before').map((e) => `${e.method} ${e.params?.selector ?? ''}`);
    expect(calls.some((c) => c.startsWith('click internal:role=button'))).toBe(true);
    expect(calls.filter((c) => c.includes('internal:testid') || c.includes('#missing'))).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('locatorByRef finds the element an aria ref of the last AI snapshot names, in the page and in a frame', async ({ page }) => {
  await page.setContent('<main><button>Save</button><button>Cancel</button><iframe srcdoc="<button>Inner</button>"></iframe></main>');
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Inner' })).toBeVisible();
  const snapshot = await page.ariaSnapshot({ mode: 'ai' });
  const refOf = (line: RegExp) => {
    const ref = new RegExp(`${line.source}.*\\[ref=((?:f\\d+)?e\\d+)\\]`).exec(snapshot)?.[1];
    expect(ref, `${line} in\n${snapshot}`).toBeTruthy();
    return ref!;
  };
  const cancel = locatorByRef(page, refOf(/button "Cancel"/));
  await expect(cancel).toHaveCount(1);
  await expect(cancel).toHaveText('Cancel');
  const inner = refOf(/button "Inner"/);
  expect(inner).toMatch(/^f\d+e\d+$/);
  await expect(locatorByRef(page, inner)).toHaveText('Inner');
  await locatorByRef(page, inner).click();
  await expect(locatorByRef(page, 'e9999')).toHaveCount(0);
});

test('no shipped module but the adapter hands Playwright a private selector engine', () => {
  // Recorded selectors (`internal:role=...` in a trace) are read as text elsewhere; handing one to
  // `locator()` or a frame's query is evaluating it, which only core/playwright-internals.ts does.
  const kPrivateEngine = /\.locator\(\s*[`'"](?:aria-ref=|internal:|_react=|_vue=)/;
  const shipped = ['api', 'capture', 'cli', 'commands', 'core', 'demo', 'extension/src', 'extract', 'generate', 'heal', 'mcp', 'replay', 'report'];
  const offenders: string[] = [];
  for (const dir of shipped) {
    for (const entry of fs.readdirSync(path.join(kRepoRoot, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = path.relative(kRepoRoot, path.join(entry.parentPath, entry.name));
      if (file === path.join('core', 'playwright-internals.ts')) continue;
      const lines = fs.readFileSync(path.join(kRepoRoot, file), 'utf8').split('\n');
      for (const [i, line] of lines.entries()) if (kPrivateEngine.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    }
  }
  expect(offenders).toEqual([]);
  expect(fs.readFileSync(path.join(kRepoRoot, 'core', 'playwright-internals.ts'), 'utf8')).toMatch(kPrivateEngine);
});
