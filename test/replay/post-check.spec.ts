import { expect, test } from '../support/fixtures.ts';
import { Rebaser } from '../../replay/inputs.ts';
import { postCheck } from '../../replay/post-check.ts';
import { recordHistory } from './support/record.ts';

/**
 * A read made beside a step's first look at the page (replay reads the next step's element there)
 * is kept only when the page was as recorded at that look; once the check had to wait for the
 * page, the read is stale and the next step reads again.
 */

test('a read beside the first look is kept when the page was as recorded then, and dropped when the check had to wait', async ({ page }) => {
  await page.route('http://bu.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Order</h1><label>Name <input id="n"></label><button>Go</button>' }));
  const history = await recordHistory(page, 'http://bu.test/', [{ action: 'input', params: { text: 'Ann' }, target: (p) => p.getByLabel('Name') }]);
  const step = history.steps[0]!;
  const base = {
    page, step, target: page.getByLabel('Name'), headingBefore: 'Order', outlineBefore: null, strongMatch: true,
    rebase: new Rebaser(history.startUrl, null, {}, {}, {}), tolerantIds: false, text: (s: string) => s,
  };
  let reads = 0;
  const alongside = async () => ({ value: ++reads, heading: await page.locator('h1').textContent() });

  await page.getByLabel('Name').fill('Ann');
  const atOnce = await postCheck({ ...base, alongside });
  expect(atOnce).toMatchObject({ problem: null, alongside: 1 });

  // The app shows "Saving…" for a moment: the first look sees it, the check waits it out.
  await page.evaluate(() => {
    const h1 = document.querySelector('h1')!;
    h1.textContent = 'Saving…';
    setTimeout(() => { h1.textContent = 'Order'; }, 150);
  });
  const waited = await postCheck({ ...base, alongside });
  expect(waited.problem).toBeNull();
  expect(reads).toBe(2);
  expect(waited.alongside).toBeUndefined();

  // A step whose effect is waited for never reads alongside.
  const withEffect = await postCheck({ ...base, outlineBefore: [], alongside });
  expect(withEffect.alongside).toBeUndefined();
  expect(reads).toBe(2);
});
