import { expect, test } from '@playwright/test';
import { stateProblem } from '../../replay/verify.ts';

/** The element's state after a step, read back once: what the app did to the value is what counts. */

const kPage = `
  <label>Code <input id="code"></label>
  <label><input type="checkbox" id="terms"> Terms</label>
  <div role="checkbox" aria-checked="false" id="custom">Custom</div>
  <label>Size <select id="size"><option value="s">Small</option><option value="l">Large</option></select></label>
  <script>
    // The app keeps digits only, and refuses to let the box be checked.
    document.getElementById('code').addEventListener('input', (e) => { e.target.value = e.target.value.replace(/\\D/g, ''); });
    document.getElementById('terms').addEventListener('click', (e) => e.preventDefault());
  </script>`;

test('a value, a checked state and a selection that differ from the step are named; matching ones pass', async ({ page }) => {
  await page.setContent(kPage);
  const code = page.locator('#code');
  await code.fill('12ab');
  expect(await stateProblem(code, { value: '12ab' })).toBe('the field holds "12", not the typed text');
  await code.fill('345');
  expect(await stateProblem(code, { value: '345' })).toBeNull();

  await page.locator('#terms').click();
  expect(await stateProblem(page.locator('#terms'), { checked: true })).toBe('the control is unchecked, recorded checked');
  expect(await stateProblem(page.locator('#custom'), { checked: false })).toBeNull();
  expect(await stateProblem(page.locator('#custom'), { checked: true })).toBe('the control is unchecked, recorded checked');

  await page.locator('#size').selectOption('l');
  expect(await stateProblem(page.locator('#size'), { selected: 'Large' })).toBeNull();
  expect(await stateProblem(page.locator('#size'), { selected: 'l' })).toBeNull();
  expect(await stateProblem(page.locator('#size'), { selected: 'Small' })).toBe('the selected option is "Large", not "Small"');
});

test('an element the step took away (a navigation, a closed dialog) is no problem, and is not waited for', async ({ page }) => {
  await page.setContent(kPage);
  const started = Date.now();
  expect(await stateProblem(page.locator('#gone'), { value: 'x' })).toBeNull();
  expect(await stateProblem(page.locator('input'), { value: 'x' })).toBeNull();
  expect(Date.now() - started).toBeLessThan(500);
});
