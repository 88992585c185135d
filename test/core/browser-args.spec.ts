import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { expect, test } from '@playwright/test';
import { chromiumArgs, kDisabledFeatures, launchBrowser } from '../../core/browser.ts';

/** Every `--disable-features=` value on a command line, split into names. */
function disabledIn(args: readonly string[]): string[][] {
  return args.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
}

test("brow-use's feature list keeps every feature Playwright disables, since Chromium keeps only the last list", async () => {
  // A stand-in browser that writes the command line Playwright builds, then exits.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-args-'));
  const out = path.join(dir, 'args.txt');
  const fake = path.join(dir, 'chromium');
  fs.writeFileSync(fake, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${out}'\nexit 1\n`, { mode: 0o755 });
  try {
    await chromium.launch({ executablePath: fake, args: chromiumArgs(), timeout: 10_000 }).catch(() => undefined);
    const lists = disabledIn(fs.readFileSync(out, 'utf8').split('\n'));
    expect(lists.length).toBe(2);
    const [playwrights, ours] = lists;
    expect(playwrights.filter((f) => !ours.includes(f))).toEqual([]);
    expect(ours).toEqual(kDisabledFeatures);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a launched browser runs no address-bar popup page, only the pages the test opens', async () => {
  const browser = await launchBrowser();
  try {
    const session = await browser.newBrowserCDPSession();
    const page = await browser.newPage();
    await page.setContent('<h1>hi</h1>');
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((t) => t.type !== 'page').map((t) => t.url)).toEqual([]);
  } finally {
    await browser.close();
  }
});
