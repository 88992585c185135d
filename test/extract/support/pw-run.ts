import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launchOptions } from '../../../core/browser.ts';

/**
 * Runs `playwright test --trace on` on a tiny spec in `dir` and returns the path of the trace zip it wrote.
 * The spec serves its own page on 127.0.0.1; the config launches the browser core/browser.ts resolves.
 */

const kRepo = path.resolve(import.meta.dirname, '../../..');

const kSpec = `import http from 'node:http';
import { test, expect } from '@playwright/test';

test('sign in', async ({ page }) => {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    if (req.url === '/home') res.end('<title>Home</title><h1>Welcome</h1><a href="/">Sign out</a>');
    else res.end('<title>Sign in</title><h1>Sign in</h1><label>Password <input type="password" id="pw"></label>' +
      '<button onclick="console.log(\\'go\\');location.href=\\'/home\\'">Continue</button>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = 'http://127.0.0.1:' + (server.address() as { port: number }).port + '/';
  try {
    await page.goto(url);
    await test.step('sign in', async () => {
      await page.getByLabel('Password').fill('pw-in-clear-text');
      await page.getByRole('button', { name: 'Continue' }).click();
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
  } finally {
    server.close();
  }
});
`;

/** The browser `bu` resolves, written into the config as data: the project imports nothing from this checkout. */
function config(): string {
  return `import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: 'tiny.spec.ts',
  outputDir: 'results',
  reporter: 'line',
  workers: 1,
  use: { trace: 'on', viewport: { width: 320, height: 240 }, launchOptions: ${JSON.stringify(launchOptions())} },
});
`;
}

/** The environment of a nested run, without the variables the outer test runner set for its workers. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(TEST_|PW_|PLAYWRIGHT_)/.test(key) && key !== 'PLAYWRIGHT_BROWSERS_PATH') continue;
    env[key] = value;
  }
  env.CI = '';
  return env;
}

export async function runPlaywrightTest(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  // Outside the repo, `@playwright/test` resolves through a link to the repo's node_modules.
  if (path.relative(kRepo, dir).startsWith('..')) {
    await fs.symlink(path.join(kRepo, 'node_modules'), path.join(dir, 'node_modules'), 'dir').catch(() => undefined);
  }
  await fs.writeFile(path.join(dir, 'tiny.spec.ts'), kSpec);
  await fs.writeFile(path.join(dir, 'pw.config.ts'), config());
  const output = await new Promise<string>((resolve, reject) => {
    // The project's own `playwright` (what `npx playwright` runs there), without npm starting first.
    const cli = createRequire(path.join(dir, 'pw.config.ts')).resolve('@playwright/test/cli');
    const child = spawn(process.execPath, [cli, 'test', '-c', 'pw.config.ts'], { cwd: dir, env: childEnv() });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`playwright test exited ${code}:\n${text}`))));
  });
  const results = path.join(dir, 'results');
  for (const entry of await fs.readdir(results, { recursive: true })) {
    if (String(entry).endsWith('trace.zip')) return path.join(results, String(entry));
  }
  throw new Error(`no trace.zip under ${results}:\n${output}`);
}
