import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../support/fixtures.ts';
import { bundleInPage, entryExports } from '../../core/in-page-bundle.ts';
import { InPageEntry } from '../../core/in-page.ts';
import { kRepoRoot } from '../../harness/cli.ts';

/**
 * In-page code is bundled by esbuild, one self-contained script per exported function, from
 * modules that import each other; the built package reads the scripts the build wrote and never
 * needs the sources.
 */

function writeEntry(dir: string): string {
  fs.writeFileSync(path.join(dir, 'words.ts'), [
    'export function shout(text: string): string {',
    '  return `${text.toUpperCase()}!`;',
    '}',
    'export const kUnusedMarker = "never-shipped-with-count";',
  ].join('\n'));
  fs.writeFileSync(path.join(dir, 'entry.ts'), [
    "import { shout } from './words.ts';",
    '/** A helper nested in a named inner function: what a loader would wrap in `__name`. */',
    'export function headingShout(): string {',
    "  function first(): string { return document.querySelector('h1')?.textContent ?? ''; }",
    '  return shout(first());',
    '}',
    'export function countOf(el: Element, tag: string): number {',
    '  return el.querySelectorAll(tag).length;',
    '}',
  ].join('\n'));
  return path.join(dir, 'entry.ts');
}

test('each exported function is bundled on its own, with what it imports and nothing else, and runs in the page', async ({ page }, testInfo) => {
  const dir = testInfo.outputPath('entry');
  fs.mkdirSync(dir, { recursive: true });
  const entry = writeEntry(dir);
  expect(await entryExports(entry)).toEqual(['countOf', 'headingShout']);
  const bundles = await bundleInPage(entry);
  expect(Object.keys(bundles).sort()).toEqual(['countOf', 'headingShout']);
  expect(bundles.headingShout).toContain('toUpperCase');
  expect(bundles.countOf).not.toContain('toUpperCase');
  expect(bundles.headingShout).not.toContain('never-shipped-with-count');
  expect(bundles.headingShout).not.toContain('__name');
  // No module helpers: the script assigns its function, it exports nothing.
  expect(bundles.countOf).not.toContain('__toCommonJS');

  const scripts = new InPageEntry<{ headingShout(): string; countOf(el: Element, tag: string): number }>(pathToFileURL(entry));
  await page.setContent('<h1>hello</h1><ul><li>a</li><li>b</li></ul>');
  expect(await page.evaluate(await scripts.fn('headingShout'))).toBe('HELLO!');
  expect(await page.locator('ul').evaluate(await scripts.fn('countOf'), 'li')).toBe(2);
  expect(await page.evaluate(`(${await scripts.source('headingShout')})()`)).toBe('HELLO!');
  // Bundled once per process: the same page function comes back.
  expect(await scripts.fn('headingShout')).toBe(await scripts.fn('headingShout'));
});

test('a function named after its own module (editable in editable.ts) is bundled as that function, not as the entry importing itself', async ({ page }, testInfo) => {
  const dir = testInfo.outputPath('same-name');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'shout.ts'), 'export function shout(text: string): string {\n  return `${text}!`;\n}\n');
  fs.writeFileSync(path.join(dir, 'entry.ts'), "export { shout } from './shout.ts';\n");
  const bundles = await bundleInPage(path.join(dir, 'entry.ts'));
  expect(bundles.shout).not.toContain('void 0');
  const scripts = new InPageEntry<{ shout(text: string): string }>(pathToFileURL(path.join(dir, 'entry.ts')));
  expect(await page.evaluate(await scripts.fn('shout'), 'hi')).toBe('hi!');
});

test('an init script runs its function in every document before the page\'s own scripts', async ({ page }, testInfo) => {
  const dir = testInfo.outputPath('init');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'entry.ts'), [
    "export function mark(): void { Object.defineProperty(window, '__marked', { value: document.readyState, enumerable: false }); }",
    "export function markWith(config: { label: string; n: number }): void { Object.defineProperty(window, '__config', { value: { ...config, state: document.readyState }, enumerable: false }); }",
  ].join('\n'));
  const scripts = new InPageEntry<{ mark(): void; markWith(config: { label: string; n: number }): void }>(pathToFileURL(path.join(dir, 'entry.ts')));
  await page.addInitScript(await scripts.initScript('mark'));
  // The argument is JSON in the script, safe inside a page's own <script> too.
  const label = '</script><b>"quoted"</b> \u2028';
  await page.addInitScript(await scripts.initScript('markWith', { label, n: 2 }));
  // @ts-expect-error markWith takes its config
  void scripts.initScript('markWith');
  // @ts-expect-error mark takes no argument
  void scripts.initScript('mark', { label, n: 2 });
  const inline = await scripts.initScript('markWith', { label, n: 3 });
  await page.route('http://in-page.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<script>window.seen = window.__marked; window.seenConfig = window.__config;</script>' }));
  await page.goto('http://in-page.test/');
  expect(await page.evaluate(() => (window as unknown as { seen: string }).seen)).toBe('loading');
  expect(await page.evaluate(() => (window as unknown as { seenConfig: unknown }).seenConfig)).toEqual({ label, n: 2, state: 'loading' });
  // A page of its own, without the init scripts: the script is the page's first <script>.
  const plain = await page.context().newPage();
  await plain.route('http://in-page.test/inline', (route) => route.fulfill({ contentType: 'text/html', body: `<script>${inline}</script><script>window.seenConfig = window.__config;</script>` }));
  await plain.goto('http://in-page.test/inline');
  expect(await plain.evaluate(() => (window as unknown as { seenConfig: unknown }).seenConfig)).toEqual({ label, n: 3, state: 'loading' });
});

test('the build ships every in-page function\'s script, and the package runs them without the sources', async ({ page }) => {
  const built = path.join(kRepoRoot, 'dist', 'core', 'in-page', 'bundles.json');
  const bundles = JSON.parse(fs.readFileSync(built, 'utf8')) as Record<string, string>;
  expect(Object.keys(bundles).sort()).toEqual(await entryExports(path.join(kRepoRoot, 'core', 'in-page', 'index.ts')));
  // The compiled module, its entry's sources nowhere: only the built scripts can answer.
  const { InPageEntry: BuiltEntry } = await import(pathToFileURL(path.join(kRepoRoot, 'dist', 'core', 'in-page.js')).href) as typeof import('../../core/in-page.ts');
  const scripts = new BuiltEntry<typeof import('../../core/in-page/index.ts')>(new URL('file:///nonexistent/in-page/index.ts'), pathToFileURL(built));
  await page.setContent('<title>Shop</title><main><h1>Orders</h1><button id="save">Save</button></main>');
  expect(await page.evaluate(await scripts.fn('titleAndHeading'))).toEqual({ title: 'Shop', heading: 'Orders' });
  const probe = await page.locator('#save').evaluate(await scripts.fn('probeElement'));
  expect(probe).toMatchObject({ tag: 'button', id: 'save', text: 'Save', landmarks: [{ role: 'main', name: null }], cssPath: 'html > body > main > button' });
});
