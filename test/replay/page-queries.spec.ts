import type { History } from '../../core/schema/history.ts';
import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { recordOn } from './support/record.ts';
import { startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * The page's own query functions and Playwright's disagree: a release renamed its classes and
 * taught `querySelectorAll` and `matches` the old names (its own scripts still use them). The
 * cascade probes candidates in the page's world, where the recorded `input.title` still matches;
 * actions resolve it in Playwright's, where it matches nothing. The element is found by what it
 * is instead, and typed into, never waited on through a locator that reaches nothing.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

/** A compatibility layer for the old class names: the page's selectors answer `.title` with the new class. */
const kOldNames = `<script>(() => {
  const tr = (s) => s.replace(/\\.title\\b/g, ':is(.title,.f3k9q2)');
  for (const proto of [Document.prototype, Element.prototype]) {
    const qs = proto.querySelector, qsa = proto.querySelectorAll;
    proto.querySelector = function (s) { return qs.call(this, tr(s)); };
    proto.querySelectorAll = function (s) { return qsa.call(this, tr(s)); };
  }
  const matches = Element.prototype.matches;
  Element.prototype.matches = function (s) { return matches.call(this, tr(s)); };
})();</script>`;

/** A note editor: its title field (no name of its own), a text area and a tag field; Save logs the title. */
function editor(titleClass: string, shim: boolean): string {
  const log = `<script>function note(what) { fetch('/act', { method: 'POST', body: what }); }</script>`;
  return `<!doctype html><html lang="en"><head><title>Notes</title>${log}${shim ? kOldNames : ''}</head><body><main><h1>Notes</h1>
    <section aria-label="Editor"><div><input class="${titleClass}" value="New note"></div>
    <textarea aria-label="Text of the note"></textarea><input placeholder="Tag name">
    <button onclick="note('saved ' + document.querySelector('input.title').value)">Save</button></section></main></body></html>`;
}

test('a field the page\'s own selectors still answer to under a renamed class is typed into, not waited on', async ({ browser }) => {
  site = await startPagesSite(() => editor('title', false));
  const recorded = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'Compost' }, target: (p) => p.locator('input.title') },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save' }) },
  ]);
  await expect.poll(() => site.state.log).toEqual(['saved Compost']);
  // As a plan writes it: the class is the recorded locator.
  const [typed, saved] = recorded.steps;
  const history: History = { ...recorded, steps: [{ ...typed!, locator: { code: "locator('input.title')", matches: 1, written: true } }, saved!] };
  site.state.render = () => editor('f3k9q2', true);
  site.state.log = [];
  // A context of its own: replay finds a step's tab among its context's pages.
  const context = await browser.newContext();
  const t0 = Date.now();
  const { report } = await replay(await context.newPage(), history, { replayId: 'page-queries', findTimeoutMs: 1_500 });
  await context.close();
  await expect.poll(() => site.state.log, { message: JSON.stringify(report.steps, null, 1) }).toEqual(['saved Compost']);
  expect(report.steps[0]!.status).toBe('healed');
  // Not after the action's own timeout (10 s) on a locator that reaches nothing.
  expect(Date.now() - t0).toBeLessThan(8_000);
});
