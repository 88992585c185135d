import { expect, test } from '../support/fixtures.ts';
import type { History } from '../../core/schema/history.ts';
import { confirmJudged, sameElement } from '../../replay/confirm-judged.ts';
import { findElement, type FindOptions } from '../../replay/find.ts';
import { Rebaser } from '../../replay/inputs.ts';
import { recordOn } from './support/record.ts';
import { htmlPage, startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';

/**
 * Replay acts on the element it judged: when the rows are re-rendered between the judgement and
 * the action (an insert above, a re-sort), the place among the matches the judgement named holds
 * another row's control, and replay judges again instead of acting there.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const kTitles = ['Buy milk', 'Walk the dog', 'Pay rent'];

function row(title: string): string {
  return `<li class="row"><input type="checkbox" class="toggle" onchange="act('toggle ${title}')"><span>${title}</span></li>`;
}

function rows(titles: string[]): string {
  return htmlPage('Tasks', `<main><h1>Tasks</h1><ul class="list">${titles.map(row).join('')}</ul></main>`);
}

/** Re-renders of the list the app may make between two reads of replay; they run in the page. */
const kRerenders = {
  'a row inserted above': (html: string) => document.querySelector('ul')!.insertAdjacentHTML('afterbegin', html),
  'the rows re-sorted': () => {
    const list = document.querySelector('ul')!;
    for (const li of Array.from(list.children).sort((a, b) => a.textContent!.length - b.textContent!.length)) list.append(li);
  },
};

function findOptions(history: History): FindOptions {
  return { strategy: 'full', fallback: null, timeoutMs: 1_000, rebase: new Rebaser(history.startUrl, null), onModelCall: () => undefined, log: () => undefined };
}

for (const [how, rerender] of Object.entries(kRerenders)) {
  test(`a checkbox judged among look-alikes is acted on after ${how}, not the one now at its place`, async ({ browser, page }) => {
    site = await startPagesSite(() => rows(kTitles));
    const recorded = await recordOn(browser, site.url, [
      { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('checkbox') },
    ]);
    expect(site.state.log).toEqual(['toggle Walk the dog']);
    // The recorder's locator is the checkbox's place among the page's checkboxes.
    const step = { ...recorded.steps[0]!, locator: { code: "getByRole('checkbox').nth(1)", matches: 3 } };
    site.state.log = [];
    await page.goto(site.url);
    const options = findOptions(recorded);
    const found = await findElement(page, step, options);
    expect(found.ok && found.judged, JSON.stringify(found)).toBeTruthy();
    await page.evaluate(rerender, row('Call the bank'));
    const rowOf = (f: typeof found) => (f.ok ? f.locator.evaluate((el) => el.closest('li')!.textContent) : null);
    // The trap: the judged place now holds another row's checkbox.
    expect(await rowOf(found)).not.toBe('Walk the dog');
    const confirmed = await confirmJudged(page, step, found, options);
    expect(await rowOf(confirmed)).toBe('Walk the dog');
    expect(confirmed.notes.join('\n')).toContain('judged again');
    if (confirmed.ok) await confirmed.locator.click();
    await expect.poll(() => site.state.log).toEqual(['toggle Walk the dog']);
  });
}

test('an element still at the place it was judged at is acted on without judging again', async ({ browser, page }) => {
  site = await startPagesSite(() => rows(kTitles));
  const recorded = await recordOn(browser, site.url, [
    { action: 'click', params: {}, target: (p) => p.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('checkbox') },
  ]);
  const step = { ...recorded.steps[0]!, locator: { code: "getByRole('checkbox').nth(1)", matches: 3 } };
  await page.goto(site.url);
  const options = findOptions(recorded);
  const found = await findElement(page, step, options);
  const confirmed = await confirmJudged(page, step, found, options);
  expect(confirmed).toBe(found);
});

test('two reads of one element agree; an element that took its place after an insert does not', () => {
  const probe = (text: string, cssPath: string) => ({
    tag: 'input', testId: null, testIdAttribute: null, id: null, nameAttr: null, type: 'checkbox', placeholder: null, label: null, text: null, hrefPath: null,
    title: null, alt: null, ariaLabel: null, icon: null, classes: ['toggle'], shadowHosts: [], landmarks: [{ role: 'main', name: null }], nearbyHeading: 'Tasks',
    nearbyText: text, xpath: cssPath, cssPath, box: null, state: { value: 'on', checked: false, selected: null, disabled: false },
    container: { role: 'listitem', tag: 'li', name: null, text, slot: { index: 0, count: 1 }, siblings: 3 }, kindPeers: 3,
  });
  expect(sameElement(probe('Walk the dog', 'li:nth-child(2) > input'), probe('Walk the dog', 'li:nth-child(2) > input'))).toBe(true);
  expect(sameElement(probe('Walk the dog', 'li:nth-child(2) > input'), probe('Buy milk', 'li:nth-child(2) > input'))).toBe(false);
  expect(sameElement(probe('Walk the dog', 'li:nth-child(2) > input'), probe('Walk the dog', 'li:nth-child(3) > input'))).toBe(false);
});
