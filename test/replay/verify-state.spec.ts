import { expect, test } from '../support/fixtures.ts';
import type { Locator } from '@playwright/test';
import { inPage } from '../../core/in-page.ts';
import { identityOf } from '../../locate/at-path.ts';
import { expectedState, readState, stateProblem } from '../../replay/verify.ts';
import { step } from '../../harness/generate/fixtures.ts';

/** Where the element is and what it looks like, as replay knows it after finding it there. */
async function foundAt(locator: Locator) {
  return { cssPath: await locator.evaluate(await inPage.fn('cssPath')), identity: identityOf(await locator.evaluate(await inPage.fn('probeElement'))) };
}

/** The element's state after a step, read back once: what the app did to the value is what counts. */

const kPage = `
  <label>Code <input id="code"></label>
  <label><input type="checkbox" id="terms"> Terms</label>
  <div role="checkbox" aria-checked="false" id="custom">Custom</div>
  <div contenteditable="true" id="notes"></div>
  <label>Size <select id="size"><option value="s">Small</option><option value="l">Large</option></select></label>
  <script>
    // The app keeps digits only, and refuses to let the box be checked.
    document.getElementById('code').addEventListener('input', (e) => { e.target.value = e.target.value.replace(/\\D/g, ''); });
    document.getElementById('terms').addEventListener('click', (e) => e.preventDefault());
  </script>`;

for (const where of ['through the locator', 'at the element\'s path'] as const) {
  test(`a value, a checked state and a selection that differ from the step are named; matching ones pass (${where})`, async ({ page }) => {
    await page.setContent(kPage);
    const problem = async (locator: Locator, expected: Parameters<typeof stateProblem>[1]) => stateProblem(locator, expected, where === 'through the locator' ? null : await foundAt(locator));
    const code = page.locator('#code');
    await code.fill('12ab');
    expect(await problem(code, { value: '12ab' })).toBe('the field holds "12", not the typed text');
    await code.fill('345');
    expect(await problem(code, { value: '345' })).toBeNull();

    await page.locator('#terms').click();
    expect(await problem(page.locator('#terms'), { checked: true })).toBe('the control is unchecked, recorded checked');
    expect(await problem(page.locator('#custom'), { checked: false })).toBeNull();
    expect(await problem(page.locator('#custom'), { checked: true })).toBe('the control is unchecked, recorded checked');

    // A rich-text editor holds typed lines as paragraphs: compared by its lines, it holds what was typed, until it does not.
    const notes = page.locator('#notes');
    await notes.fill('First\nSecond');
    expect(await problem(notes, { value: 'First\nSecond' })).toBeNull();
    await notes.evaluate((el) => { el.textContent = 'Rewritten'; });
    expect(await problem(notes, { value: 'First\nSecond' })).toBe('the field holds "Rewritten", not the typed text');

    await page.locator('#size').selectOption('l');
    expect(await problem(page.locator('#size'), { selected: 'Large' })).toBeNull();
    expect(await problem(page.locator('#size'), { selected: 'l' })).toBeNull();
    expect(await problem(page.locator('#size'), { selected: 'Small' })).toBe('the selected option is "Large", not "Small"');
  });
}

test('read back at its path, the state comes with the page heading; another element now at that path is never read', async ({ page }) => {
  await page.setContent(`<h1>Order</h1>${kPage}`);
  const code = page.locator('#code');
  const at = await foundAt(code);
  await code.fill('77');
  expect(await readState(code, at)).toEqual({ live: { value: '77', checked: null, selected: null }, heading: 'Order' });
  // The app re-renders: another field takes the path; the state is read through the locator.
  await page.evaluate(() => {
    const label = document.createElement('label');
    label.innerHTML = 'Other <input id="other" value="99">';
    document.body.insertBefore(label, document.body.querySelector('label'));
  });
  expect(await readState(code, at)).toEqual({ live: { value: '77', checked: null, selected: null } });
});

test('an element the step took away (a navigation, a closed dialog) is no problem, and is not waited for', async ({ page }) => {
  await page.setContent(kPage);
  // No timeout: a read that waited for the element would never return (bench/waits.bench.ts times it).
  page.setDefaultTimeout(0);
  expect(await stateProblem(page.locator('#gone'), { value: 'x' })).toBeNull();
  const identity = { tag: 'input', id: 'gone', nameAttr: null, type: null, testId: null, testIdAttribute: null, rowText: null };
  expect(await stateProblem(page.locator('#gone'), { value: 'x' }, { cssPath: 'html > body > div > input', identity })).toBeNull();
  expect(await stateProblem(page.locator('input'), { value: 'x' })).toBeNull();
  // The locator now names several fields: read through it, nothing is checked; read back at its
  // path, the field the step acted on still is.
  const code = { cssPath: 'html > body > label:nth-of-type(1) > input', identity: { ...identity, id: 'code' } };
  expect(await stateProblem(page.locator('input'), { value: '' }, code)).toBeNull();
  expect(await stateProblem(page.locator('input'), { value: 'x' }, code)).toBe('the field holds "", not the typed text');
});

test('read back at its path, an unnamed checkbox is its own row\'s: after the rows were re-sorted, another row\'s is not read', async ({ page }) => {
  const list = (rows: [string, boolean][]) => `<ul>${rows.map(([text, checked]) => `<li><input type="checkbox"${checked ? ' checked' : ''}><span>${text}</span></li>`).join('')}</ul>`;
  await page.setContent(list([['Buy milk', false], ['Walk the dog', false], ['Pay rent', false]]));
  const box = page.getByRole('listitem').filter({ hasText: 'Walk the dog' }).getByRole('checkbox');
  const at = await foundAt(box);
  expect(at.identity.rowText).toBe('Walk the dog');
  // Checking it moved the row to the bottom: "Pay rent" now sits at its path, unchecked.
  await page.setContent(list([['Buy milk', false], ['Pay rent', false], ['Walk the dog', true]]));
  expect(await stateProblem(box, { checked: true }, at)).toBeNull();
  expect(await stateProblem(box, { checked: false }, at)).toBe('the control is checked, recorded unchecked');
});

test('a field the app rewrote when it was recorded (a path expanded) is not held to the typed text; one it kept is', () => {
  const input = (text: string, held: string | null) => step(0, { action: 'input', params: { text, clear: true }, targetAfter: held === null ? null : { value: held, checked: null, selected: null } });
  const same = (s: string) => s;
  expect(expectedState(input('~/seeds', '/home/ann/seeds'), same)).toBeNull();
  expect(expectedState(input('seeds', 'seeds'), same)).toEqual({ value: 'seeds' });
  expect(expectedState(input('seeds', null), same)).toEqual({ value: 'seeds' });
  // A placeholder's recorded value is not in the history: the typed text stays the check.
  expect(expectedState(input('{{var:folder}}', '/home/ann/seeds'), () => 'seeds')).toEqual({ value: 'seeds' });
});
