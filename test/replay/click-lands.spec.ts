import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { capturePlan, serveWith, tempDir } from '../capture/support.ts';
import fs from 'node:fs/promises';

/**
 * A click lands where it landed when recorded. On a board (a diagram editor's canvas), a click on
 * the board's empty background clears the selection; a card on the board selects itself. Recorded
 * with the card in a corner, replayed with the card moved to the middle of the board (as the app
 * scrolls a node into the middle): a click at the board's centre would be the card's, and select
 * it again. Replay clicks where the background still is.
 */

test.describe.configure({ timeout: 120_000 });

function board(card: { left: number; top: number }): string {
  return `<!doctype html><html><head><title>Board</title></head><body><main><h1>Board</h1>
<div id="board" style="position: relative; width: 600px; height: 400px; overflow: hidden">
  <div class="backdrop" style="position: absolute; left: 0; top: 0; width: 600px; height: 400px; background: #eee"></div>
  <div class="card" role="button" tabindex="0" style="position: absolute; left: ${card.left}px; top: ${card.top}px; width: 120px; height: 60px; background: #9cf">Sow beans</div>
</div>
<p id="said">Nothing selected</p></main>
<script>
window.cardClicks = 0;
const said = document.getElementById('said');
document.querySelector('.backdrop').addEventListener('click', () => { said.textContent = 'Nothing selected'; });
document.querySelector('.card').addEventListener('click', () => { window.cardClicks++; said.textContent = 'Selected: Sow beans'; });
</script></body></html>`;
}

test("a click on a board's background lands on the background when a card now covers the board's centre, not on the card", async ({ page }) => {
  let card = { left: 20, top: 20 };
  const site = await serveWith((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(board(card));
  });
  const cwd = await tempDir('click-lands');
  try {
    const { run, history } = await capturePlan(cwd, {
      version: 1, url: site.url,
      steps: [
        { click: { target: { role: 'button', name: 'Sow beans' } } },
        { expect_text: { text: 'Selected: Sow beans' } },
        { click: { target: 'css=#board' } },
        { expect_text: { text: 'Nothing selected' } },
        { done: { text: 'selected the card and cleared the selection' } },
      ],
    });
    expect(run.code, run.stderr).toBe(0);
    const clear = history!.steps.filter((s) => s.action === 'click')[1]!;
    expect(clear.fingerprint?.hit).toEqual({ self: false, tag: 'div', classes: ['backdrop'] });

    // The card now sits across the board's centre (the board is 600 x 400).
    card = { left: 240, top: 170 };
    const { report } = await replay(page, history!, { replayId: 'click-lands' });
    expect(report.summary.ok, JSON.stringify(report.steps, null, 1)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { cardClicks: number }).cardClicks)).toBe(1);
    await expect(page.locator('#said')).toHaveText('Nothing selected');
  } finally {
    await site.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
