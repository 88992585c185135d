import { expect, test } from '@playwright/test';
import { collect } from '../../replay/rematch/candidates.ts';

/** A candidate names the element that was judged, wherever it moves before replay acts on it. */

const kList = `<ul>${['Buy milk', 'Walk the dog', 'Pay rent'].map((t) =>
  `<li><input type="checkbox" onchange="window.log.push('${t}')"><span>${t}</span></li>`).join('')}</ul><script>window.log = [];</script>`;

test('a row inserted above the judged one after judging does not move the click', async ({ page }) => {
  await page.setContent(kList);
  const found = await collect(page.mainFrame(), page.getByRole('checkbox'), { includeHidden: false });
  const dog = found!.find((c) => c.features.container?.text === 'Walk the dog')!;
  // A live update between judging and acting: a new row at the top.
  await page.evaluate(() => {
    document.querySelector('ul')!.insertAdjacentHTML('afterbegin', '<li><input type="checkbox" onchange="window.log.push(\'New\')"><span>New</span></li>');
  });
  await dog.locator.click();
  expect(await page.evaluate(() => (window as unknown as { log: string[] }).log)).toEqual(['Walk the dog']);
});

test('a judged element that was re-rendered away is gone, not replaced by whatever sits at its place', async ({ page }) => {
  await page.setContent(kList);
  const found = await collect(page.mainFrame(), page.getByRole('checkbox'), { includeHidden: false });
  const dog = found!.find((c) => c.features.container?.text === 'Walk the dog')!;
  // The list rendered again from its data: new elements in the same places.
  await page.evaluate((html) => { document.body.innerHTML = html; }, kList);
  expect(await dog.locator.count()).toBe(0);
});
