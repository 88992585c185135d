import { spawn } from 'node:child_process';
import { once } from 'node:events';
import readline from 'node:readline';
import { expect, test } from '../support/fixtures.ts';
import type { CommandContext } from '../../commands/command.ts';
import { demoCommand } from '../../commands/demo.ts';
import { runInContext } from '../../commands/run-command.ts';
import { UsageError } from '../../core/errors.ts';
import { startDemoServer } from '../../demo/server.ts';
import { kBuBin } from '../../harness/cli.ts';


test('`bu demo serve` prints its URL, serves the app, and exits 0 on SIGINT', async ({ page }) => {
  const child = spawn(process.execPath, [kBuBin, 'demo', 'serve', '--port', '0', '--variant', '4'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  try {
    const [line] = (await once(readline.createInterface({ input: child.stdout }), 'line')) as [string];
    expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.goto(`${line}login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    expect(stderr).toContain(`listening at ${line}`);
  } finally {
    child.kill('SIGINT');
  }
  const [code] = await exited;
  expect(code).toBe(0);
  expect(stderr).toContain('demo app stopped');
});

function fakeContext(signal: AbortSignal): CommandContext & { printed: string[] } {
  const printed: string[] = [];
  return {
    printed,
    cwd: process.cwd(),
    env: {},
    paths: undefined as never,
    runs: undefined as never,
    signal,
    log: (message) => printed.push(message),
    print: (message) => printed.push(message),
  };
}

test('`demo serve` runs until its signal aborts and refuses bad options with a hint', async ({ request }) => {
  const serve = demoCommand.subcommands!.find((s) => s.name === 'serve')!;
  expect(demoCommand.subcommands).toHaveLength(1);

  const controller = new AbortController();
  const ctx = fakeContext(controller.signal);
  const running = runInContext(serve, ctx, { variant: 6 });
  await expect.poll(() => ctx.printed.length).toBeGreaterThan(0);
  const url = ctx.printed[0]!;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  expect((await request.get(`${url}login`)).status()).toBe(200);
  controller.abort();
  expect((await running).code).toBe(0);
  await expect(request.get(`${url}login`)).rejects.toThrow();

  const idle = fakeContext(new AbortController().signal);
  await expect(runInContext(serve, idle, { variant: 99 })).rejects.toThrow(UsageError);
  await expect(runInContext(serve, idle, { variant: 99 })).rejects.toThrow('--variant 99: is not a demo variant');
  await expect(runInContext(serve, idle, { port: 'http' })).rejects.toThrow(/--port http: .*expected number/);
  await expect(runInContext(serve, idle, { port: 70000 })).rejects.toThrow('--port 70000: is not a port number');
  const taken = await startDemoServer({ port: 0 });
  try {
    await expect(runInContext(serve, idle, { port: taken.port })).rejects.toThrow(`port ${taken.port} is already in use`);
  } finally {
    await taken.close();
  }
});
