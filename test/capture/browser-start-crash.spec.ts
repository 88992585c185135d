import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { launchBrowser, resolveBrowser } from '../../core/browser.ts';

/**
 * A Chromium that dies while starting (a segfault on a machine short of memory or time) is started
 * once more; one that keeps dying is reported, not retried without end.
 */

/** A browser executable that kills itself with SIGSEGV for its first `crashes` starts, then runs the real Chromium. */
async function crashingBrowser(dir: string, crashes: number): Promise<string> {
  const real = resolveBrowser(process.env, { headless: true }).executablePath;
  const count = path.join(dir, 'starts');
  const script = path.join(dir, 'chromium-headless-shell');
  await fs.writeFile(script, `#!/bin/sh
n=$(cat "${count}" 2>/dev/null || echo 0)
echo $((n + 1)) > "${count}"
if [ "$n" -lt ${crashes} ]; then kill -SEGV $$; fi
exec "${real}" "$@"
`, { mode: 0o755 });
  return script;
}

test('a browser that segfaults at its first start is started once more; one that segfaults twice is an error', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-start-crash-'));
  try {
    const once = await crashingBrowser(await fs.mkdtemp(path.join(dir, 'once-')), 1);
    const browser = await launchBrowser({ env: { ...process.env, BU_BROWSER: once } });
    try {
      const page = await browser.newPage();
      await page.setContent('<h1>started</h1>');
      await expect(page.getByRole('heading')).toHaveText('started');
    } finally {
      await browser.close();
    }
    const twice = await crashingBrowser(await fs.mkdtemp(path.join(dir, 'twice-')), 2);
    await expect(launchBrowser({ env: { ...process.env, BU_BROWSER: twice } })).rejects.toThrow(/browserType\.launch/);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
