import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { expect, test } from '../support/fixtures.ts';
import { chromiumArgs, headlessArgs, kDisabledFeatures, kEnabledFeatures, launchBrowser } from '../../core/browser.ts';

/** Every `--<switch>=` value on a command line, split into names. */
function listsIn(args: readonly string[], flag: '--disable-features=' | '--enable-features='): string[][] {
  return args.filter((a) => a.startsWith(flag)).map((a) => a.slice(flag.length).split(','));
}

test("brow-use's feature lists keep every feature Playwright disables or enables, since Chromium keeps only the last list", async () => {
  // A stand-in browser that writes the command line Playwright builds, then exits.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-args-'));
  const out = path.join(dir, 'args.txt');
  const fake = path.join(dir, 'chromium');
  fs.writeFileSync(fake, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${out}'\nexit 1\n`, { mode: 0o755 });
  try {
    await chromium.launch({ executablePath: fake, args: [...chromiumArgs(), ...headlessArgs()], timeout: 10_000 }).catch(() => undefined);
    const args = fs.readFileSync(out, 'utf8').split('\n');
    for (const [flag, mine] of [['--disable-features=', kDisabledFeatures], ['--enable-features=', kEnabledFeatures]] as const) {
      const lists = listsIn(args, flag);
      expect(lists.length, flag).toBe(2);
      const [playwrights, ours] = lists;
      expect(playwrights!.filter((f) => !ours!.includes(f)), flag).toEqual([]);
      expect(ours).toEqual(mine);
    }
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

test('a headless launch runs the browser and its renderers only: no GPU or network process of their own', async () => {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.setContent('<h1>hi</h1>');
    await page.screenshot();
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string }[] };
    expect(new Set(processInfo.map((p) => p.type))).toEqual(new Set(['browser', 'renderer']));
  } finally {
    await browser.close();
  }
});
