/**
 * P4: extract time / the time to merely unzip and JSON.parse the same trace.
 * Run: `npx tsx bench/extract.bench.ts [actions]` (default 1,200 actions; goal <= 2x, peak RSS <= 200 MB).
 *
 * The baseline inflates every entry with the same zip reader extract uses (yauzl and node's zlib)
 * and JSON.parses every trace line and JSON entry, so the ratio is what extract adds to reading;
 * the same baseline through jszip is printed beside it. Peak RSS is that of a fresh process that
 * runs one extract, next to the same process before it starts extracting (modules loaded).
 *
 * The trace is a synthesized, valid version 10 trace shaped like a capture: one `bu step N:`
 * group per click, DOM snapshots, call logs, input, screencast frames, aria snapshots and network.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { outputPaths } from '../core/paths.ts';
import { extractTrace } from '../extract/extract.ts';
import { openTraceZip } from '../core/io/trace-zip.ts';

/** The brief asks for at least 1,000 actions; a margin keeps the figure stable. */
const kDefaultActions = 1200;
/** Runs per side, interleaved; the best run is reported (less noise on a shared machine). */
const kRuns = 7;

function html(i: number): unknown[] {
  const rows = Array.from({ length: 20 }, (_, r) => ['LI', { class: 'row' }, `Row ${r} of item ${i}`]);
  return ['HTML', {}, ['HEAD', {}, ['TITLE', {}, `Item ${i}`]], ['BODY', {}, ['H1', {}, `Item ${i}`], ['UL', {}, ...rows], ['BUTTON', { 'data-testid': `b${i}` }, 'Next']]];
}

async function synthesize(actions: number): Promise<Buffer> {
  const zip = new JSZip();
  const page = 'page@bench';
  const frame = 'frame@bench';
  const lines: string[] = [JSON.stringify({ version: 10, type: 'context-options', origin: 'library', browserName: 'chromium', playwrightVersion: '1.65.1', options: {}, platform: 'linux', wallTime: 1_700_000_000_000, monotonicTime: 1000, sdkLanguage: 'javascript' })];
  const network: string[] = [];
  let t = 1000;
  for (let i = 0; i < actions; i++) {
    const group = `call@${2 * i}`;
    const id = `call@${2 * i + 1}`;
    const url = `http://127.0.0.1:8080/items/${i}`;
    lines.push(JSON.stringify({ type: 'before', callId: group, startTime: t, title: `bu step ${i + 1}: click Next`, class: 'Tracing', method: 'tracingGroup', params: {} }));
    lines.push(JSON.stringify({ type: 'before', callId: id, startTime: t + 1, class: 'Frame', method: 'click', params: { selector: `internal:role=button[name="Next"i] >> nth=${i % 3}`, strict: true, timeout: 30000 }, parentId: group }));
    for (const phase of ['before', 'action', 'after']) {
      lines.push(JSON.stringify({ type: 'frame-snapshot', snapshot: { callId: id, phase, pageId: page, frameId: frame, frameUrl: url, html: html(i), viewport: { width: 1280, height: 720 }, timestamp: t + 2, wallTime: 1_700_000_000_000 + t, collectionTime: 0.5, resourceOverrides: [], isMainFrame: true } }));
      lines.push(JSON.stringify({ type: 'aria-snapshot', callId: id, phase, pageId: page, timestamp: t + 3, file: `aria/${id}-${phase}.json` }));
      zip.file(`aria/${id}-${phase}.json`, JSON.stringify([{ role: 'heading', name: `Item ${i}`, level: 1 }, { role: 'button', name: 'Next', box: { x: 8, y: 80, width: 46, height: 21 } }]));
    }
    for (const message of ['waiting for getByRole(\'button\', { name: \'Next\' })', '  locator resolved to <button>Next</button>', 'attempting click action', '  navigated to "' + url + '"']) {
      lines.push(JSON.stringify({ type: 'log', callId: id, time: t + 4, message }));
    }
    lines.push(JSON.stringify({ type: 'input', callId: id, point: { x: 30, y: 90 }, box: { x: 8, y: 80, width: 46, height: 21 } }));
    lines.push(JSON.stringify({ type: 'screencast-frame', pageId: page, file: `screencast/${page}-${i}.jpeg`, width: 1280, height: 720, timestamp: t + 5 }));
    zip.file(`screencast/${page}-${i}.jpeg`, Buffer.alloc(2048, i % 251));
    lines.push(JSON.stringify({ type: 'console', messageType: 'log', text: `clicked ${i}`, args: [], location: { url, lineNumber: 1, columnNumber: 1 }, time: t + 6, pageId: page }));
    lines.push(JSON.stringify({ type: 'after', callId: id, endTime: t + 8 }));
    lines.push(JSON.stringify({ type: 'after', callId: group, endTime: t + 9 }));
    network.push(JSON.stringify({ type: 'resource-snapshot', snapshot: { pageref: page, _frameref: frame, time: 3, _monotonicTime: t + 5, _resourceType: 'document', request: { method: 'GET', url, bodySize: 0, headers: [] }, response: { status: 200, statusText: 'OK', bodySize: 300, _transferSize: 400, headers: [], content: { mimeType: 'text/html', size: 300 } }, timings: { send: 0, wait: 2, receive: 1 } } }));
    t += 10;
  }
  zip.file('trace.trace', lines.join('\n') + '\n');
  zip.file('trace.network', network.join('\n') + '\n');
  return Buffer.from(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

function parseLines(text: string): number {
  let parsed = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    JSON.parse(line);
    parsed++;
  }
  return parsed;
}

/** The baseline: unzip every entry and JSON.parse every line of the trace files and every JSON file. */
async function unzipAndParse(file: string): Promise<number> {
  const reader = await openTraceZip(file);
  let parsed = 0;
  for (const name of reader.entries) {
    if (/\.(trace|network)$/.test(name)) parsed += parseLines(await reader.text(name));
    else if (name.endsWith('.json')) parsed += JSON.parse(await reader.text(name)) === undefined ? 0 : 1;
    else await reader.data(name);
  }
  return parsed;
}

/** The same baseline through jszip (pure JavaScript inflate), for reference. */
async function jszipUnzipAndParse(file: string): Promise<number> {
  const zip = await JSZip.loadAsync(await fs.readFile(file));
  let parsed = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    if (/\.(trace|network)$/.test(entry.name)) {
      parsed += parseLines(await entry.async('string'));
    } else if (entry.name.endsWith('.json')) {
      JSON.parse(await entry.async('string'));
      parsed++;
    } else {
      await entry.async('uint8array');
    }
  }
  return parsed;
}

interface Timing {
  wall: number;
  /** CPU time of the process, every thread (zlib and file writes on the pool count too). */
  cpu: number;
}

async function timed(fn: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

/** The best of each figure (other processes only ever add time). */
function best(a: Timing, b: Timing): Timing {
  return { wall: Math.min(a.wall, b.wall), cpu: Math.min(a.cpu, b.cpu) };
}

/**
 * This process's peak RSS in MB. Linux's VmHWM, because getrusage's maxRSS survives exec and so
 * starts a spawned child at its parent's size; elsewhere maxRSS.
 */
async function peakMb(): Promise<number> {
  const status = await fs.readFile('/proc/self/status', 'utf8').catch(() => '');
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : process.resourceUsage().maxRSS / 1024;
}

/** Child mode: one extract in a fresh process; prints its peak RSS before and after, in MB. */
async function peakRssChild(zip: string, dir: string): Promise<void> {
  const before = await peakMb();
  await extractTrace(zip, { paths: outputPaths(path.join(dir, 'rss-output')), cwd: dir });
  process.stdout.write(JSON.stringify({ before, after: await peakMb() }));
}

function peakRss(zip: string, dir: string): { before: number; after: number } {
  const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, '--peak-rss', zip, dir], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`peak RSS run failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { before: number; after: number };
}

async function main(): Promise<void> {
  const actions = Number(process.argv[2] ?? kDefaultActions);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-bench-extract-'));
  try {
    const zip = path.join(dir, 'bench.zip');
    await fs.writeFile(zip, await synthesize(actions));
    const paths = outputPaths(path.join(dir, 'output'));
    // Interleaved, best of each side: load from other processes hits both alike.
    const none = { wall: Number.POSITIVE_INFINITY, cpu: Number.POSITIVE_INFINITY };
    let baseline = none;
    let jszip = none;
    let extract = none;
    for (let i = 0; i < kRuns; i++) {
      baseline = best(baseline, await timed(() => unzipAndParse(zip)));
      jszip = best(jszip, await timed(() => jszipUnzipAndParse(zip)));
      // Each run is a first extract (into an empty output dir). The outputs are removed after the
      // last run, not between runs: on ext4 without a journal (this machine's disk) a file created
      // soon after many deletions skips every recently deleted inode one by one, so removing run i's
      // 1,200 screenshots would slow run i+1's file creation by about 0.1 ms per file.
      const output = path.join(dir, `output-${i}`);
      extract = best(extract, await timed(() => extractTrace(zip, { paths: outputPaths(output), cwd: dir })));
    }
    const result = await extractTrace(zip, { paths, cwd: dir });
    if (result.manifest.counts.actions < actions) throw new Error(`extracted ${result.manifest.counts.actions} actions, expected ${actions}`);
    const rss = peakRss(zip, dir);
    process.stdout.write(
      `P4 extract/unzip+parse = ${(extract.wall / baseline.wall).toFixed(2)}x (extract ${Math.round(extract.wall)} ms, baseline ${Math.round(baseline.wall)} ms; ` +
        `CPU time ${(extract.cpu / baseline.cpu).toFixed(2)}x, ${Math.round(extract.cpu)} vs ${Math.round(baseline.cpu)} ms; ` +
        `${(extract.wall / jszip.wall).toFixed(2)}x of the baseline through jszip, ${Math.round(jszip.wall)} ms) ` +
        `peak RSS ${Math.round(rss.after)} MB (${Math.round(rss.before)} MB before extracting) ` +
        `[${result.manifest.counts.actions} actions, ${(await fs.stat(zip)).size} byte zip]\n`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--peak-rss') await peakRssChild(process.argv[3]!, process.argv[4]!);
else await main();
