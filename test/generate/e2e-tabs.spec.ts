import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { recordAndGenerate, runGeneratedSpecs, typecheckGenerated } from '../../harness/generate/pipeline.ts';
import { tempWorkspace } from '../../harness/generate/on-disk.ts';
import { servePages } from '../capture/support.ts';

/**
 * A flow across tabs in generated code: a link that opens its page in a new tab, a step in that
 * tab, a return to the first tab, the tab closed, opened again, and the flow ending in it. The
 * workflow awaits each tab as the popup of the click that opened it, binds the page objects of
 * the steps recorded there to it, closes what the recording closed, and the spec checks the page
 * the flow ended on in the tab it ended in.
 */

const kHome = `<!doctype html><title>Handbook</title><h1>Handbook</h1>
<a href="/guide" target="_blank">Open guide</a>
<button onclick="document.querySelector('#state').textContent = 'Marked as read'">Mark read</button><p id="state">Unread</p>`;
const kGuide = `<!doctype html><title>Guide</title><h1>Guide</h1><p>Step one: water the beds.</p>
<button onclick="document.querySelector('#thanks').textContent = 'Thanks for reading'">Got it</button><p id="thanks"></p>`;

function plan(url: string) {
  return {
    version: 1, url,
    steps: [
      { click: { target: { role: 'link', name: 'Open guide' } } },
      { click: { target: { role: 'button', name: 'Got it' } } },
      { switch: { tab: 0 } },
      { click: { target: { role: 'button', name: 'Mark read' } } },
      { close: { tab: 1 } },
      { click: { target: { role: 'link', name: 'Open guide' } } },
      { click: { target: { role: 'button', name: 'Got it' } } },
      { done: { text: 'read the guide', success: true } },
    ],
  };
}

test('a flow across tabs: the workflow awaits each tab the recording opened, acts in the tab each step ran in, closes what it closed, and its specs pass', async () => {
  test.setTimeout(240_000);
  const ws = tempWorkspace('e2e-tabs');
  const site = await servePages({ '/': kHome, '/guide': kGuide });
  try {
    await recordAndGenerate(ws, site.url, plan(site.url));
    const workflows = path.join(ws.out, 'workflows');
    const workflow = fs.readdirSync(workflows).filter((f) => f !== 'secrets.ts').map((f) => fs.readFileSync(path.join(workflows, f), 'utf8')).join('\n');
    expect(workflow).toMatch(/const \[popup\] = await Promise\.all\(\[page\.waitForEvent\('popup'\), handbookPage\.openGuide\(\)\]\);/);
    expect(workflow).toMatch(/const guidePageInPopup = new GuidePage\(popup\);\n\s*await guidePageInPopup\.expectLoaded\(\);\n\s*await guidePageInPopup\.clickGotIt\(\);/);
    expect(workflow).toMatch(/await handbookPage\.clickMarkRead\(\);\n\s*await popup\.close\(\);/);
    expect(workflow).toMatch(/const \[popup2\] = await Promise\.all\(\[page\.waitForEvent\('popup'\), handbookPage\.openGuide\(\)\]\);/);
    expect(workflow).toMatch(/return guidePageInPopup2;/);
    const specFile = fs.readdirSync(path.join(ws.out, 'tests')).find((f) => !f.startsWith('replay-'))!;
    const spec = fs.readFileSync(path.join(ws.out, 'tests', specFile), 'utf8');
    expect(spec).toMatch(/const ended = await \w+\(page\);/);
    expect(spec).toContain('await expect(ended.page).toHaveURL(');
    const tsc = await typecheckGenerated(ws.out);
    expect(tsc.status, tsc.output).toBe(0);
    const run = await runGeneratedSpecs(ws.out, site.url, 'tests/', {}, { testTimeoutMs: 20_000, noTrace: true });
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/2 passed/);
  } finally {
    await site.close();
    ws.remove();
  }
});
