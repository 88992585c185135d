import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright';
import { launchBrowser } from '../core/browser.ts';
import { errorMessage } from '../core/errors.ts';
import { takeFingerprint } from '../core/fingerprint/take.ts';
import { openTraceZip } from '../core/io/trace-zip.ts';
import { kBaselineVersion, type Baseline, type BaselineCall, type BaselineTest, type CodeAt } from '../core/schema/baseline.ts';
import type { Fingerprint } from '../core/schema/history.ts';
import { inPage } from '../core/in-page.ts';
import { sameOriginPath } from '../locate/same-origin-path.ts';
import type { FrameSnapshot, TraceSnapshots } from '../locate/snapshot/snapshot-html.ts';
import { markAttribute, marksTogether, onlyMark } from '../locate/snapshot/marks-together.ts';
import { readTrace, SnapshotPage, type Resources } from '../locate/snapshot/snapshot-page.ts';
import { readTestCalls, type SourceLocation, type TraceCall } from './failure.ts';
import { testTraces } from './test-traces.ts';
import { isPackageFrame } from './user-frame.ts';

/**
 * `bu baseline`: the evidence a later `bu heal --baseline` re-finds elements by, read from the
 * traces of passing tests. For each call that found an element, the DOM snapshot Playwright took
 * with that element marked is shown in a page (scripts off) and the element's fingerprint taken,
 * as capture takes one live; the call is keyed by its test and where the test code made it.
 */

/**
 * Tests read at once, each on a page of its own (see takeBaseline): one more than the cores, as
 * each page waits part of the time on its round trips (SVG-Edit's 37 tests on 2 cores: 60 s with
 * 2 pages, 52 s with 3).
 */
const kPagesAtOnce = Math.max(1, Math.min(4, os.availableParallelism() + 1));
const kNoMark = 'no DOM snapshot of the call marks the element it found (a trace without snapshots, or an element in a frame)';
/** A page shown from a snapshot is local and scriptless: its aria snapshot comes at once or not at all. */
const kReadTimeoutMs = 5_000;

/** The snapshots of a passing call that mark its element, most telling first: as it acted, then after, then before. */
const kBaselinePhases = ['action', 'after', 'before'] as const;

export interface BaselineRun {
  baseline: Baseline;
  /** Test traces read, and how many of them passed (only those are kept). */
  traces: number;
  passing: number;
  /** Calls kept, and calls that found an element but could not be kept, with why. */
  calls: number;
  missed: { test: string; call: string; reason: string }[];
}

export interface BaselineOptions {
  /** Trace zips, folders holding them (test-results/, playwright-report/), or zips of such folders. */
  inputs: string[];
  /** The baseline so far: its tests that this run did not pass through are kept. */
  previous: Baseline | null;
  env: NodeJS.ProcessEnv;
  log(message: string): void;
}

/** `login.spec.ts:12 › login › signs in` -> its file (`login.spec.ts`) and its key without the line (`login.spec.ts › login › signs in`). */
export function testKey(title: string): { file: string; key: string } {
  const [head = '', ...rest] = title.split(' \u203a ');
  const file = head.replace(/:\d+(:\d+)?$/, '');
  return { file, key: [file, ...rest].join(' \u203a ') };
}

/**
 * The folder the test's title names its file from: the test file's frame in a call's stack, less
 * the title's file. Code is named relative to it, so a baseline made in CI matches a failure traced
 * in another checkout. Null when no frame is the test file.
 */
export function suiteRoot(testFile: string, calls: readonly TraceCall[]): string | null {
  const tail = `/${testFile.replace(/\\/g, '/')}`;
  for (const call of calls) {
    for (const frame of call.stack) {
      const file = frame.file.replace(/\\/g, '/');
      if (file.endsWith(tail)) return file.slice(0, -tail.length);
    }
  }
  return null;
}

/**
 * The frames in the suite's own code (not a package's, nor Node's or brow-use's), relative to its
 * root, innermost first. Code beside the test folder is the suite's too (`pages/` next to
 * `tests/`, a fixtures file above it): it is named from the root with `..`
 * (`../pages/account.ts`), which reads the same in any checkout.
 */
export function suiteFrames(stack: readonly SourceLocation[], root: string): CodeAt[] {
  return stack
    .map((frame) => ({ ...frame, file: frame.file.replace(/\\/g, '/') }))
    .filter((frame) => frame.file.startsWith('/') || /^[A-Za-z]:\//.test(frame.file))
    .filter((frame) => !isPackageFrame(frame.file))
    .map((frame) => ({ file: path.posix.relative(root, frame.file), line: frame.line, column: frame.column }));
}

/**
 * The fingerprint without what a person typed or chose: a field's value and selected options, and
 * the text of an element one types into (a rich editor's text is its value).
 */
export function withoutValues(fp: Fingerprint): Fingerprint {
  const typedInto = ['input', 'textarea', 'select'].includes(fp.tag) || ['textbox', 'searchbox', 'combobox', 'spinbutton'].includes(fp.role ?? '');
  return { ...fp, text: typedInto ? null : fp.text, state: { ...fp.state, value: null, selected: null } };
}

/**
 * The marked element's fingerprint with its peers, the names of the other elements of its role
 * the snapshot shows, as capture records them: what a later heal never takes for it (a renamed
 * field is not the one that is still "tag name"), read in the call's own snapshot, the page's state
 * the test was in.
 */
/** The element `mark` marks on the page shown, read as capture reads one live; null when it marks no single element. */
async function markedFingerprint(page: Page, mark: string, peersFrom: string | null): Promise<Fingerprint | null> {
  const marked = page.locator(`[${mark}]`);
  if ((await marked.count()) !== 1) return null;
  return takeFingerprint(marked, undefined, { peersFrom });
}

/**
 * An assertion made as the page was still arriving (right after a click that navigated) has no
 * snapshot before it, and Playwright marks its element in none: the snapshot taken as it passed
 * shows the page it held on. Its own selector read back there finds that element, when it finds
 * exactly one; null otherwise.
 */
async function assertedFingerprint(callId: string, selector: string, trace: { snapshots: TraceSnapshots; resources: Resources; shown: SnapshotPage }): Promise<Pick<BaselineCall, 'url' | 'heading' | 'title' | 'fingerprint'> | null> {
  const snapshot = trace.snapshots.find(callId, 'after');
  if (!snapshot) return null;
  try {
    await trace.shown.show(snapshot, trace.snapshots.html(snapshot), trace.resources);
    const page = trace.shown.page;
    const found = page.locator(selector);
    if ((await found.count()) !== 1) return null;
    const marked = withoutValues(await takeFingerprint(found, undefined, { peersFrom: null }));
    const heading = await inPage.fn('mainHeading').then((fn) => page.evaluate(fn)).catch(() => null);
    const title = await page.title().catch(() => null);
    return { url: snapshot.frameUrl, heading, title, fingerprint: { ...marked, hrefPath: sameOriginPath(marked.hrefPath, snapshot.frameUrl) } };
  } catch {
    return null;
  }
}

async function testCalls(file: string, shown: SnapshotPage, log: BaselineOptions['log']): Promise<{ test: BaselineTest; missed: BaselineRun['missed'] } | null> {
  const zip = await openTraceZip(file);
  const read = await readTestCalls(zip);
  if (!read || read.errors.length) return null;
  const { file: testFile, key } = testKey(read.title);
  const missed: BaselineRun['missed'] = [];
  const found = read.calls.filter((call) => call.selector !== null && call.ended && call.error === null);
  const root = suiteRoot(testFile, found);
  if (root === null) {
    if (found.length) missed.push({ test: key, call: found[0]!.method, reason: `no call's stack holds the test file ${testFile}: where the code made the calls is unknown` });
    return { test: { test: key, ranAt: new Date(read.wallTime ?? Date.now()).toISOString(), calls: [] }, missed };
  }
  const { snapshots, resources } = await readTrace(file);
  /** Per call in order: kept, or what is still to read of it. */
  const slots: (BaselineCall | null)[] = [];
  const pending: { slot: number; call: TraceCall; name: string; place: string; base: Pick<BaselineCall, 'at' | 'via' | 'nth' | 'method' | 'selector'>; snapshot: FrameSnapshot; html: string }[] = [];
  const seen = new Map<string, number>();
  for (const call of found) {
    const frames = suiteFrames(call.stack, root);
    const at = frames[0];
    const name = `${call.method} ${call.selector}`;
    if (!at) {
      missed.push({ test: key, call: name, reason: 'made outside the suite\'s code (no frame of its stack is in it)' });
      continue;
    }
    const place = `${at.file}:${at.line}:${at.column}`;
    const nth = seen.get(place) ?? 0;
    seen.set(place, nth + 1);
    const base = { at, via: frames.slice(1), nth, method: call.method, selector: call.selector! };
    slots.push(null);
    let marked: { snapshot: FrameSnapshot; html: string } | null = null;
    for (const phase of kBaselinePhases) {
      const snapshot = snapshots.find(call.callId, phase);
      const html = snapshot ? snapshots.html(snapshot) : '';
      if (snapshot && onlyMark(html) !== null) {
        marked = { snapshot, html };
        break;
      }
    }
    if (marked) pending.push({ slot: slots.length - 1, call, name, place, base, ...marked });
    else if (call.method === 'expect') slots[slots.length - 1] = await asserted(call, base);
    if (!marked && slots[slots.length - 1] === null) missed.push({ test: key, call: `${name} at ${place}`, reason: kNoMark });
  }
  async function asserted(call: TraceCall, base: Pick<BaselineCall, 'at' | 'via' | 'nth' | 'method' | 'selector'>): Promise<BaselineCall | null> {
    const fingerprint = await assertedFingerprint(call.callId, call.selector!, { snapshots, resources, shown });
    return fingerprint ? { ...base, ...fingerprint } : null;
  }
  // The calls' marked snapshots, each page shown once with every call's element it marks.
  const groups = marksTogether(pending.map(({ snapshot, html }) => ({ html, context: `${snapshot.frameUrl} ${snapshot.viewport?.width ?? ''}x${snapshot.viewport?.height ?? ''}` })));
  for (const group of groups) {
    const first = pending[group.members[0]!]!;
    const shownOk = await shown.show(first.snapshot, group.html, resources).then(() => true, (err: unknown) => {
      log(`  ${key}: the snapshot of ${first.name} at ${first.place} could not be shown (${errorMessage(err)})`);
      return false;
    });
    const page = shown.page;
    const peers = shownOk ? await page.ariaSnapshot({ mode: 'ai', timeout: kReadTimeoutMs }).catch(() => null) : null;
    const heading = shownOk ? await inPage.fn('mainHeading').then((fn) => page.evaluate(fn)).catch(() => null) : null;
    const title = shownOk ? await page.title().catch(() => null) : null;
    for (const member of group.members) {
      const item = pending[member]!;
      let kept: BaselineCall | null = null;
      try {
        const marked = shownOk ? await markedFingerprint(page, markAttribute(member), peers) : null;
        // The snapshot page reads every link as a whole address: written as a fingerprint taken on the app writes it.
        if (marked) kept = { ...item.base, url: item.snapshot.frameUrl, heading, title, fingerprint: { ...withoutValues(marked), hrefPath: sameOriginPath(marked.hrefPath, item.snapshot.frameUrl) } };
      } catch (err) {
        log(`  ${key}: ${item.name} at ${item.place}: the marked element could not be read (${errorMessage(err)})`);
      }
      if (!kept && item.call.method === 'expect') kept = await asserted(item.call, item.base);
      slots[item.slot] = kept;
      if (!kept) missed.push({ test: key, call: `${item.name} at ${item.place}`, reason: kNoMark });
    }
  }
  const calls = slots.filter((call): call is BaselineCall => call !== null);
  return { test: { test: key, ranAt: new Date(read.wallTime ?? Date.now()).toISOString(), calls }, missed };
}

/** Reads the passing tests of `inputs` into a baseline, keeping `previous`'s other tests. */
export async function takeBaseline(options: BaselineOptions): Promise<BaselineRun> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-baseline-'));
  try {
    const traces = await testTraces(options.inputs, scratch);
    const passing = traces.filter((trace) => trace.failure === null);
    const tests = new Map((options.previous?.tests ?? []).map((test) => [test.test, test]));
    const missed: BaselineRun['missed'] = [];
    let calls = 0;
    const browser = passing.length ? await launchBrowser({ headless: true, env: options.env }) : null;
    try {
      // Showing a snapshot is the browser's work: one page per core reads that many tests at once.
      const pages = await Promise.all(Array.from({ length: Math.min(passing.length, kPagesAtOnce) }, () => SnapshotPage.open(browser!)));
      const reads: Awaited<ReturnType<typeof testCalls>>[] = Array.from({ length: passing.length }, () => null);
      let next = 0;
      let done = 0;
      await Promise.all(pages.map(async (shown) => {
        for (let i = next++; i < passing.length; i = next++) {
          reads[i] = await testCalls(passing[i]!.file, shown, options.log);
          if (reads[i]) options.log(`[${++done}/${passing.length}] ${reads[i]!.test.test}: ${reads[i]!.test.calls.length} calls`);
        }
      }));
      for (const read of reads) {
        if (!read) continue;
        tests.set(read.test.test, read.test);
        calls += read.test.calls.length;
        missed.push(...read.missed);
      }
    } finally {
      await browser?.close().catch(() => undefined);
    }
    const baseline: Baseline = { version: kBaselineVersion, tests: [...tests.values()].sort((a, b) => (a.test < b.test ? -1 : a.test > b.test ? 1 : 0)) };
    return { baseline, traces: traces.length, passing: passing.length, calls, missed };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
