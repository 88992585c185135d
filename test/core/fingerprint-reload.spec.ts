import type { Locator } from 'playwright';
import { expect, test } from '../support/fixtures.ts';
import { takeFingerprint } from '../../core/fingerprint/take.ts';
import { htmlPage, startPagesSite } from '../../harness/sites/pages-site.ts';

/**
 * A page that reloads itself while its element is read (a rich editor's save reloading the
 * article just as the next step's element is fingerprinted): the element is read again in the new
 * document, not reported as an error of the step.
 */

/** `locator`, but its first element handle comes from the document the page then reloads away from. */
function reloadingOnFirstRead(locator: Locator): Locator {
  let first = true;
  return new Proxy(locator, {
    get(target, prop) {
      if (prop === 'elementHandle' && first) {
        return async (options?: { timeout?: number }) => {
          first = false;
          const handle = await target.elementHandle(options);
          await target.page().reload();
          return handle;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

test('an element whose document reloads while it is fingerprinted is read again in the new document', async ({ page }) => {
  const site = await startPagesSite(() => htmlPage('Pepper', '<main><h1 id="firstHeading">Pepper</h1><p>Peppers like heat.</p></main>'));
  try {
    await page.goto(site.url);
    const fingerprint = await takeFingerprint(reloadingOnFirstRead(page.locator('#firstHeading')), undefined, { peersFrom: null });
    expect(fingerprint).toMatchObject({ tag: 'h1', role: 'heading', name: 'Pepper', id: 'firstHeading' });
  } finally {
    await site.close();
  }
});
