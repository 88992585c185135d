import fs from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { capturePlan, runBu, serveWith, tempDir } from './support.ts';

/**
 * A client for a daemon: its buttons post a command, and the table shows the daemon's state only
 * when the page next polls it (every 700 ms, as a torrent client's web UI refreshes its list). Two
 * commands in a row: each step's recorded effect must be its own answer, not the one before it
 * arriving late, or replay and the generated specs assert the previous command's answer.
 */

const kPollMs = 700;
const kPage = `<!doctype html><html><head><title>Transfers</title></head><body><main><h1>Transfers</h1>
<table><tr><th>Name</th><th>Status</th></tr><tr><td>garden.iso</td><td id="state">Paused</td></tr></table>
<button onclick="send('/resume')">Resume</button> <button onclick="send('/pause')">Pause</button></main>
<script>
function send(to) { fetch(to, { method: 'POST' }); }
function poll() {
  fetch('/state').then((r) => r.text()).then((s) => { document.getElementById('state').textContent = s; }).finally(() => setTimeout(poll, ${kPollMs}));
}
setTimeout(poll, ${kPollMs});
</script></body></html>`;

function serveDaemon() {
  let state = 'Paused';
  return serveWith((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST') state = url.pathname === '/resume' ? 'Seeding' : 'Paused';
    res.writeHead(200, { 'content-type': url.pathname === '/' ? 'text/html; charset=utf-8' : 'text/plain' });
    res.end(url.pathname === '/' ? kPage : url.pathname === '/state' ? state : '');
  });
}

test('a command whose answer shows on the next poll is recorded with that answer, and the next command with its own', async () => {
  test.setTimeout(90_000);
  const daemon = await serveDaemon();
  const cwd = await tempDir('polled');
  try {
    // The page has polled a few times before the first command, so its polling can be seen.
    const plan = { version: 1, url: daemon.url, steps: [
      { wait: { seconds: 2.5 } },
      { click: { target: { role: 'button', name: 'Resume' } } },
      { click: { target: { role: 'button', name: 'Pause' } } },
      { done: { text: 'paused again' } },
    ] };
    const { run, id, history } = await capturePlan(cwd, plan);
    expect(run.code, run.stderr).toBe(0);
    const [resume, pause] = history!.steps.filter((s) => s.action === 'click');
    expect(resume!.effect).toEqual({ appeared: ['cell "Seeding"'], gone: ['cell "Paused"'] });
    expect(pause!.effect).toEqual({ appeared: ['cell "Paused"'], gone: ['cell "Seeding"'] });

    // Replayed, each step's check meets its own answer.
    const replayed = await runBu(['replay', id!, '--json'], { cwd });
    expect(replayed.code, replayed.stderr + replayed.stdout).toBe(0);
  } finally {
    await daemon.close();
    await fs.rm(cwd, { recursive: true, force: true });
  }
});
