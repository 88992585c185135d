// `bu` kept running for a test worker (harness/cli.ts, runCliHere): it runs one command at a time,
// each as `node dist/cli/bu.js <args>` would in a process of its own (that command's working
// directory and environment, its output, its exit code), but loads Node, Playwright, ts-morph
// and the commands once. Plain JavaScript on the compiled package (dist/, which the suite's
// global setup keeps current), as `bu` itself runs.
import { main } from '../dist/cli/main.js';

process.on('message', async (/** @type {{ id: number, args: string[], cwd: string, env: Record<string, string> }} */ request) => {
  process.chdir(request.cwd);
  for (const key of Object.keys(process.env)) if (!(key in request.env)) delete process.env[key];
  Object.assign(process.env, request.env);
  let stdout = '';
  let stderr = '';
  const code = await main(request.args, {
    cwd: request.cwd,
    env: process.env,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  });
  process.send({ id: request.id, code, stdout, stderr });
});

// The worker that started this host is gone: so is the host.
process.on('disconnect', () => process.exit(0));
