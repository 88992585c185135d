/**
 * Waits that must not wait: `npx tsx bench/waits.bench.ts`. What the tests assert as properties
 * (a settle does not wait for an open event stream; a state read does not wait for an element the
 * step took away; a reader racing atomic writers only ever sees whole files) is timed here, side by
 * side in one run, as ratios that a loaded machine changes far less than it changes milliseconds.
 * Prints figures; never fails on timing.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { InFlight, kSettleTimeoutMs } from '../core/act/in-flight.ts';
import { launchBrowser } from '../core/browser.ts';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { stateProblem } from '../replay/verify.ts';
import { listenOnLoopback } from '../harness/apps/serve.ts';

/** Runs per side, alternating sides; the median is reported (noise on a shared machine). */
const kRuns = 7;
/** The fetch a click starts answers after this long. */
const kFetchMs = 400;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ratio = (a: number, b: number) => (a / b).toFixed(2);

const server = http.createServer((req, res) => {
  if (req.url === '/slow') return void setTimeout(() => res.end('saved'), kFetchMs);
  if (req.url === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: hello\n\n');
    return; // stays open
  }
  const stream = req.url === '/stream' ? "new EventSource('/events'); " : '';
  res.setHeader('content-type', 'text/html');
  res.end(`<!doctype html><button onclick="${stream}fetch('/slow').then((r) => r.text()).then((t) => document.getElementById('out').textContent = t)">Save</button><p id="out">unsaved</p>`);
});
const site = await listenOnLoopback(server);
const browser = await launchBrowser();

async function settleMs(route: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const inFlight = new InFlight(context);
  await page.goto(new URL(route, site.url).href);
  const mark = inFlight.mark();
  const started = performance.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await inFlight.settle(mark);
  const ms = performance.now() - started;
  inFlight.dispose();
  await context.close();
  return ms;
}

async function stateReadMs(selector: string): Promise<number> {
  const page = await browser.newPage();
  await page.setContent('<label>Code <input id="code"></label>');
  const started = performance.now();
  await stateProblem(page.locator(selector), { value: 'x' });
  const ms = performance.now() - started;
  await page.close();
  return ms;
}

/** Reads per second of a file that atomic writes keep replacing, and whether every read was whole. */
async function racingReads(): Promise<{ perSecond: number; whole: boolean }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-bench-waits-'));
  const file = path.join(dir, 'run.json');
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) await writeFileAtomic(file, JSON.stringify({ i, padding: 'x'.repeat(300_000) }));
  })();
  let reads = 0;
  let whole = true;
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    reads++;
    try {
      JSON.parse(text);
    } catch {
      whole = false;
    }
  }
  writing = false;
  await writer;
  await fs.rm(dir, { recursive: true, force: true });
  return { perSecond: reads / ((performance.now() - started) / 1000), whole };
}

try {
  const plain: number[] = [];
  const streaming: number[] = [];
  const present: number[] = [];
  const gone: number[] = [];
  for (let i = 0; i < kRuns; i++) {
    plain.push(await settleMs('/'));
    streaming.push(await settleMs('/stream'));
    present.push(await stateReadMs('#code'));
    gone.push(await stateReadMs('#gone'));
  }
  const [p, s] = [median(plain), median(streaming)];
  console.log(`settle after a click (fetch of ${kFetchMs} ms): ${p.toFixed(0)} ms; with an event stream open as well: ${s.toFixed(0)} ms (ratio ${ratio(s, p)}; the cap, ${kSettleTimeoutMs} ms, would be ${ratio(kSettleTimeoutMs, p)})`);
  const [r, g] = [median(present), median(gone)];
  console.log(`state read of a field: ${r.toFixed(1)} ms; of an element the step took away: ${g.toFixed(1)} ms (ratio ${ratio(g, r)})`);
  const race = await racingReads();
  console.log(`reads of a file replaced by atomic writes: ${race.perSecond.toFixed(0)}/s, ${race.whole ? 'every one whole' : 'SOME TORN'}`);
} finally {
  await browser.close();
  await site.close();
}
