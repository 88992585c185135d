import { expect, test } from '../support/fixtures.ts';
import type { Locator } from '@playwright/test';
import { inPage } from '../../core/in-page.ts';
import { identityOf, type FoundAt } from '../../locate/at-path.ts';
import { runElementStep } from '../../replay/executors/element.ts';
import type { ElementStep, ExecContext } from '../../replay/executors/types.ts';
import { Rebaser } from '../../replay/inputs.ts';

/**
 * Choosing an option of a native select where the cascade found it: the option labels read with
 * the element serve when they hold the one to choose; labels read while the options were still
 * loading are read again, so the choice is by label even where another option's value is that text.
 */

/** A select whose "Kitchen" option has another value, and whose option valued "Kitchen" reads "Garden". */
const kPage = `<label>Category <select id="cat"><option value="">Pick one</option></select></label>
  <script>
    setTimeout(() => {
      document.getElementById('cat').insertAdjacentHTML('beforeend', '<option value="Kitchen">Garden</option><option value="k">Kitchen</option>');
    }, 0);
  </script>`;

async function foundAt(locator: Locator, nativeOptions: string[] | null): Promise<FoundAt> {
  return { cssPath: await locator.evaluate(await inPage.fn('cssPath')), identity: identityOf(await locator.evaluate(await inPage.fn('probeElement'))), nativeOptions };
}

function select(text: string): ElementStep {
  return { action: 'select_dropdown', params: { text } } as unknown as ElementStep;
}

for (const [when, read] of [['read before the options loaded', ['Pick one']], ['read with every option', ['Pick one', 'Garden', 'Kitchen']]] as const) {
  test(`a native select's option is chosen by its label (labels ${when})`, async ({ page, context }) => {
    await page.setContent(kPage);
    const target = page.locator('#cat');
    await expect(target.locator('option')).toHaveCount(3);
    const ctx: ExecContext = {
      page, context, text: (s) => s, rebase: new Rebaser('http://a/', null), actionTimeoutMs: 5_000,
      files: { filesDir: '/nonexistent', uploadPaths: [], cwd: '/' }, targetAt: await foundAt(target, [...read]),
    };
    await runElementStep(ctx, select('Kitchen'), target);
    expect(await target.inputValue()).toBe('k');
  });
}
