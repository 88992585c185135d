import { expect, test } from '../support/fixtures.ts';
import { Rebaser } from '../../replay/inputs.ts';
import { liveOutline, postCheck } from '../../replay/post-check.ts';
import { recordHistory } from './support/record.ts';

/**
 * A read made beside a step's first look at the page (replay reads the next step's element there)
 * is kept only when the page was as recorded at that look; once the check had to wait for the
 * page (or for the step's effect), the read is stale and the next step reads again.
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

});

test('a step whose effect is checked makes the read beside the effect\'s first look, and keeps it only when that look saw the effect', async ({ page }) => {
  // "Show" brings up a "Confirm" button, at once or a moment later.
  const body = (delayMs: number) => `<h1>Order</h1><div id="panel"></div><button onclick="setTimeout(() => { document.getElementById('panel').innerHTML = '<button>Confirm</button>'; }, ${delayMs})">Show</button>`;
  let delayMs = 0;
  await page.route('http://bu.test/**', (route) => route.fulfill({ contentType: 'text/html', body: body(delayMs) }));
  const history = await recordHistory(page, 'http://bu.test/', [{ action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Show' }) }]);
  const step = history.steps[0]!;
  expect(step.effect?.appeared.join()).toContain('Confirm');
  const base = { page, step, target: page.getByRole('button', { name: 'Show' }), headingBefore: 'Order', strongMatch: true, rebase: new Rebaser(history.startUrl, null, {}, {}, {}), tolerantIds: false, text: (s: string) => s };
  let reads = 0;
  const alongside = async () => ({ value: ++reads, heading: 'Order' });
  const checked = async () => {
    await page.goto('http://bu.test/');
    const outlineBefore = await liveOutline(page);
    await page.getByRole('button', { name: 'Show' }).click();
    return postCheck({ ...base, outlineBefore, alongside });
  };
  const atOnce = await checked();
  expect(atOnce).toMatchObject({ problem: null, alongside: 1 });
  expect(atOnce.checks.join()).toMatch(/effect/);
  // The effect comes after the first look: the read made beside it is dropped.
  delayMs = 400;
  const waited = await checked();
  expect(waited.problem).toBeNull();
  expect(reads).toBe(2);
  expect(waited.alongside).toBeUndefined();
});
