/**
 * P4: extract time / the time to merely unzip and JSON.parse the same trace.
 * Run: `npx tsx bench/extract.bench.ts [actions]` (default 1,200 actions; goal <= 2x).
 *
 * The trace is a synthesized, valid version 10 trace shaped like a capture: one `bu step N:`
 * group per click, DOM snapshots, call logs, input, screencast frames, aria snapshots and network.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { outputPaths } from '../core/paths.ts';
import { extractTrace } from '../extract/extract.ts';

/** The brief asks for at least 1,000 actions; a margin keeps the figure stable. */
const kDefaultActions = 1200;
/** Runs per side; the best run is reported (less noise on a shared machine). */
const kRuns = 5;

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

/** The baseline: unzip every entry and JSON.parse every line of the trace files and every JSON file. */
async function unzipAndParse(file: string): Promise<number> {
  const zip = await JSZip.loadAsync(await fs.readFile(file));
  let parsed = 0;
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    if (/\.(trace|network)$/.test(entry.name)) {
      for (const line of (await entry.async('string')).split('\n')) {
        if (!line) continue;
        JSON.parse(line);
        parsed++;
      }
    } else if (entry.name.endsWith('.json')) {
      JSON.parse(await entry.async('string'));
      parsed++;
    } else {
      await entry.async('uint8array');
    }
  }
  return parsed;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main(): Promise<void> {
  const actions = Number(process.argv[2] ?? kDefaultActions);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-bench-extract-'));
  try {
    const zip = path.join(dir, 'bench.zip');
    await fs.writeFile(zip, await synthesize(actions));
    const paths = outputPaths(path.join(dir, 'output'));
    // Interleaved, best of each side: load from other processes hits both alike.
    let baseline = Number.POSITIVE_INFINITY;
    let extract = Number.POSITIVE_INFINITY;
    for (let i = 0; i < kRuns; i++) {
      baseline = Math.min(baseline, await timed(() => unzipAndParse(zip)));
      extract = Math.min(extract, await timed(() => extractTrace(zip, { paths, cwd: dir })));
    }
    const result = await extractTrace(zip, { paths, cwd: dir });
    if (result.manifest.counts.actions < actions) throw new Error(`extracted ${result.manifest.counts.actions} actions, expected ${actions}`);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    process.stdout.write(
      `P4 extract/unzip+parse = ${(extract / baseline).toFixed(2)}x (extract ${Math.round(extract)} ms, baseline ${Math.round(baseline)} ms, peak RSS ${Math.round(peakMb)} MB) ` +
        `[${result.manifest.counts.actions} actions, ${(await fs.stat(zip)).size} byte zip]\n`,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
