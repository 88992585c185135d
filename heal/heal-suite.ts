import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Node as MorphNode, Project, SourceFile } from 'ts-morph';
import { launchBrowser } from '../core/browser.ts';
import { openTraceZip } from '../core/io/trace-zip.ts';
import type { Baseline, BaselineCall, BaselineTest } from '../core/schema/baseline.ts';
import type { ModelLocator } from '../core/schema/page-model.ts';
import { splitTopLevel } from '../core/locator/split-top-level.ts';
import { readTrace, SnapshotPage } from '../locate/snapshot/snapshot-page.ts';
import { locatorFromCode } from '../core/locator/build.ts';
import { suiteFrames, suiteRoot, testKey } from './baseline.ts';
import { kEvidencePhases, readFailure, readTestCalls, type TestCalls, type TraceCall } from './failure.ts';
import { healError, unreadableErrors, type HealChange, type HealResult, type NotHealed } from './heal.ts';
import { errorHeadline } from './error-headline.ts';
import { matcherAt, presenceAt, reviewExpectation, type ExpectationChange } from './expectation.ts';
import { describeExpectation, locatorExpectations, lostExpectations, unshownExpectations } from './locator-expectations.ts';
import { tracedSources } from './traced-sources.ts';
import { unsaidExpectation } from './unsaid-expectation.ts';
import { writtenTogether, type TestEdit } from './written-together.ts';
import { relocate, repairedContainer } from './relocate.ts';
import { sharedDeclaration } from './shared-declaration.ts';
import { suiteProject } from './suite-project.ts';
import { UseSnapshots } from './use-snapshots.ts';
import { withNames } from './constant-value.ts';
import { readTestTraces } from './test-traces.ts';
import { unifiedDiff } from './unified-diff.ts';
import { writtenLocator, type WrittenLocator } from './written-locator.ts';
import { brokenPassedPart, passedReason, templated } from './passed-values.ts';
import { passedLiteral } from './passed-literal.ts';
import { pageKey, pageMembers, type PageMembers } from './page-members.ts';

/**
 * `bu heal --baseline`: heals any Playwright suite, written by hand or not. For each failing test,
 * its failing call's element as a passing run recorded it (the baseline, by test and by where the
 * code made the call), re-found in the DOM snapshot of the failure by the same cascade and
 * refusals as replay; then the expression that builds the call's locator, followed through the
 * code with ts-morph (inline, a variable, a page object's field or getter), rewritten in the style
 * it was written in. An expectation is never edited.
 */

export interface SuiteHealOptions {
  /** Trace zips, folders holding them, or zips of such folders (CI artifacts). */
  inputs: string[];
  baseline: Baseline;
  /** The project: where the suite's files are looked for when the traces name them from another checkout. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Write the changed expectations too (`--accept-expectations`); without it they are only shown. */
  acceptExpectations?: boolean;
  /**
   * Traces of the runs before this one, latest last (the failing run and the rounds of `--rerun`
   * before this round): a use of a shared locator whose test this run did not run is checked there.
   */
  earlier?: string[];
}

/** The kind of model locator a call of the chain's last step writes. */
const kStyleOf: Record<string, ModelLocator['kind']> = {
  getByRole: 'role', getByTestId: 'testId', getByLabel: 'label', getByPlaceholder: 'placeholder', getByText: 'text', locator: 'selector',
};

/** The locator style of code: its last finding step's kind (`filter`, `nth` and the like passed over). */
export function styleOf(code: string): ModelLocator['kind'] | null {
  const methods = [...code.matchAll(/\b(getByRole|getByTestId|getByLabel|getByPlaceholder|getByText|locator)\(/g)].map((m) => m[1]!);
  const last = methods.at(-1);
  return last ? kStyleOf[last] ?? null : null;
}

/** The local copy of a file a trace names from the machine that ran it: the path itself, else its tail under `cwd`. */
export function localFile(file: string, cwd: string): string | null {
  if (fs.existsSync(file)) return file;
  const parts = file.split(/[\\/]/).filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const candidate = path.join(cwd, ...parts.slice(i));
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export interface FailingCallAt {
  at: { file: string; line: number; column: number };
  /** Its turn at that place (a loop, a helper called twice). */
  nth: number;
  method: string;
  selector: string | null;
  /** Calls the test made before it in the same file with the same method and selector. */
  nthOfLocator: number;
}

/**
 * The baseline's record of the failing call: one with the same method and selector, at the same
 * place and turn, else that locator's same turn in the file (code that moved since the passing
 * run). Place alone is never enough: a line deleted above the call puts another call there, and its
 * element is not the one that failed.
 */
export function baselineCallOf(test: BaselineTest, failing: FailingCallAt): { ok: true; call: BaselineCall } | { ok: false; reason: string } {
  const { at, nth, method, selector } = failing;
  const same = test.calls.find((c) => c.at.file === at.file && c.at.line === at.line && c.at.column === at.column && c.nth === nth);
  if (same && same.method === method && same.selector === selector) return { ok: true, call: same };
  const bySelector = test.calls.filter((c) => c.at.file === at.file && c.selector === selector && c.method === method)[failing.nthOfLocator];
  if (bySelector) return { ok: true, call: bySelector };
  const place = `${at.file}:${at.line}:${at.column}`;
  if (same) return { ok: false, reason: `the code changed since the baseline: at ${place} the baseline has ${same.method} \`${same.selector}\`, the failing call is ${method} \`${selector ?? '(no locator)'}\` (run \`bu baseline\` again over a passing run)` };
  return { ok: false, reason: `the baseline has no call at ${place} for this test (the code changed since the passing run? run \`bu baseline\` again)` };
}

interface Failing {
  file: string;
  name: string;
  read: TestCalls;
  call: TraceCall;
  /** The run's traces: another use's snapshot of a locator several calls use. */
  useSnapshots: UseSnapshots;
}

export async function healSuite(options: SuiteHealOptions): Promise<HealResult> {
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'bu-heal-'));
  let project: Project | null = null;
  const sources = new Map<string, { source: SourceFile; before: string }>();
  // Every file the suite's code reaches is kept as it was read: a locator may be written in any of them.
  const open = (file: string): SourceFile => {
    project ??= suiteProject(file);
    const source = project.getSourceFile(file) ?? project.addSourceFileAtPath(file);
    project.resolveSourceFileDependencies();
    for (const each of project.getSourceFiles()) {
      const at = each.getFilePath();
      if (!sources.has(at) && !at.includes('/node_modules/')) sources.set(at, { source: each, before: each.getFullText() });
    }
    return source;
  };
  const result: HealResult = { failed: [], changes: [], notHealed: [], expectations: [], errors: [], files: new Map(), diff: '' };
  const healed: { outcome: HealChange | NotHealed | Reviewed | (NotHealed & { error: true }); trace: string; edits: TestEdit[] }[] = [];
  try {
    const { traces, unreadable } = await readTestTraces(options.inputs, scratch);
    result.errors.push(...unreadableErrors(unreadable));
    const useSnapshots = new UseSnapshots(traces, async () => {
      const earlier = await fsp.mkdtemp(path.join(scratch, 'earlier-'));
      // The runs before, each test's latest last: a trace that cannot be read now says nothing.
      const read = await Promise.all((options.earlier ?? []).map((input) => readTestTraces([input], earlier).catch(() => ({ traces: [] }))));
      return read.flatMap((r) => r.traces);
    }, (frame) => {
      const local = localFile(frame, options.cwd);
      return local ? open(local).getFullText() : null;
    });
    const failing: Failing[] = [];
    for (const trace of traces) {
      if (!trace.failure) continue;
      const test = trace.failure.title || path.basename(path.dirname(trace.name));
      result.failed.push({ test, trace: trace.name, error: errorHeadline(trace.failure.error) });
      try {
        const zip = await openTraceZip(trace.file);
        const read = await readTestCalls(zip);
        const failure = await readFailure(zip);
        const callId = failure?.call?.callId;
        const call = read?.calls.find((c) => c.callId === callId);
        if (!read || !failure) continue;
        if (!call) {
          result.notHealed.push({ test, trace: trace.name, reason: `the test failed outside a browser call: ${failure.error.split('\n')[0]}` });
          continue;
        }
        failing.push({ file: trace.file, name: trace.name, read, call, useSnapshots });
      } catch (err) {
        result.errors.push({ test, trace: trace.name, reason: healError(err) });
      }
    }
    const browser = failing.length ? await launchBrowser({ headless: true, env: options.env }) : null;
    try {
      const shown = browser ? await SnapshotPage.open(browser) : null;
      for (const one of failing) {
        const asked: TestEdit[] = [];
        const edit: Edit = (node, text) => void asked.push({ owner: one.name, file: node.getSourceFile().getFilePath(), start: node.getStart(), end: node.getEnd(), text });
        // One test's heal that throws is that test's error, and the others are healed all the same.
        const outcome = await healOne(one, options, shown!, open, edit).catch((err: unknown): NotHealed & { error: true } => ({ test: one.read.title, trace: one.name, reason: healError(err), error: true }));
        healed.push({ outcome, trace: one.name, edits: 'error' in outcome ? [] : asked });
      }
    } finally {
      await browser?.close().catch(() => undefined);
    }
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  // Every edit computed against the files as the failing run ran them, applied together and re-checked; a test whose edits do not hold has none written.
  const together = writtenTogether(new Map([...sources].map(([file, { before }]) => [file, before])), healed.flatMap((h) => h.edits));
  for (const { outcome, trace } of healed) {
    const dropped = together.refused.get(trace);
    if ('error' in outcome) result.errors.push({ test: outcome.test, trace: outcome.trace, reason: outcome.reason });
    else if ('expectation' in outcome) {
      if (dropped) outcome.expectation.accepted = false;
      result.expectations.push(outcome.expectation);
      if (outcome.refused ?? dropped) result.notHealed.push(outcome.refused ?? { test: outcome.expectation.test, trace: outcome.expectation.trace, reason: dropped! });
    } else if ('reason' in outcome) result.notHealed.push(outcome);
    else if (dropped) result.notHealed.push({ test: outcome.test, trace: outcome.trace, reason: dropped });
    else result.changes.push(outcome);
  }
  const diffs: string[] = [];
  for (const [file, { before }] of sources) {
    const after = together.after.get(file) ?? before;
    if (after === before) continue;
    const relative = path.relative(options.cwd, file).split(path.sep).join('/');
    result.files.set(relative, { before, after });
    diffs.push(unifiedDiff(relative, before, after));
  }
  result.diff = diffs.join('');
  return result;
}

/** An assertion that failed on the element it was written for: shown for review, written only when accepted. */
interface Reviewed {
  expectation: ExpectationChange;
  /** Null when the change was accepted and written. */
  refused: NotHealed | null;
}

/** Asks for `node` to be replaced by `text` in the file as read (never at once: heal-suite applies every test's edits together). */
type Edit = (node: MorphNode, text: string) => void;

async function healOne({ file, name, read, call, useSnapshots }: Failing, options: SuiteHealOptions, shown: SnapshotPage, open: (file: string) => SourceFile, edit: Edit): Promise<HealChange | NotHealed | Reviewed> {
  const { file: testFile, key } = testKey(read.title);
  const refuse = (reason: string): NotHealed => ({ test: read.title, trace: name, reason });
  const test = options.baseline.tests.find((t) => t.test === key);
  if (!test) return refuse(`no baseline for this test: run \`bu baseline\` over a passing run of it first`);
  const root = suiteRoot(testFile, read.calls);
  if (root === null) return refuse(`no frame of the failing call's stack is the test file ${testFile}`);
  const frames = suiteFrames(call.stack, root);
  const at = frames[0];
  if (!at) return refuse(`the failing call (${call.method}) was made outside the suite's code`);
  const place = `${at.file}:${at.line}:${at.column}`;
  const samePlace = (c: TraceCall) => {
    const first = suiteFrames(c.stack, root)[0];
    return first?.file === at.file && first.line === at.line && first.column === at.column;
  };
  const fromProject = (where: string) => path.relative(options.cwd, where).split(path.sep).join('/');
  // `expect(page).toHaveTitle(...)`: an assertion on the page, found by no locator. Its evidence is what the baseline found on that page.
  if (call.method === 'expect' && call.selector === null) return reviewPageAssertion({ file, name, read, call, useSnapshots }, options, shown, open, { ...at, root }, fromProject, edit);
  const earlier = read.calls.slice(0, read.calls.indexOf(call)).filter((c) => c.selector !== null && c.ended && c.error === null);
  const nth = earlier.filter(samePlace).length;
  const nthOfLocator = earlier.filter((c) => c.selector === call.selector && c.method === call.method && suiteFrames(c.stack, root)[0]?.file === at.file).length;
  const match = baselineCallOf(test, { at, nth, method: call.method, selector: call.selector, nthOfLocator });
  if (!match.ok) return refuse(match.reason);
  const recorded = match.call;
  const local = localFile(path.posix.normalize(`${root}/${at.file}`), options.cwd);
  if (!local) return refuse(`${at.file} is not found under ${options.cwd}`);
  const source = open(local);
  const written = writtenLocator(source, at.line, at.column);
  const assertion = call.method === 'expect' || written.assertion === true;
  if (written.kind === 'passed-in') {
    const sites = written.callSites.length ? written.callSites.map(fromProject).join(', ') : 'no place heal could find';
    return refuse(`${written.reason} (${fromProject(written.where)}); called from ${sites}: not patched, the right locator depends on the caller`);
  }
  if (written.kind === 'unknown') return refuse(written.reason);
  // The code at the call's place must be the call that failed: the locator written there is the one the trace ran.
  const wrote = written.scope ? `${written.scope}.${written.code}` : written.code;
  const ran = printedLocator(shown, call.selector!, wrote);
  if (ran) return refuse(`the code changed since the run that failed: the call at ${place} builds \`${ran.written}\`, the trace ran \`${ran.traced}\`: not patched`);
  const changedFile = await changedSince(file, read, [local, written.node.getSourceFile().getFilePath(), ...(written.container ? [written.container.node.getSourceFile().getFilePath()] : [])], open, options.cwd);
  if (changedFile) return refuse(`${fromProject(changedFile)} changed since the run that failed (the trace holds it as it ran): rerun the suite, then heal its traces`);
  const { snapshots, resources } = await readTrace(file);
  const snapshot = kEvidencePhases.map((phase) => snapshots.find(call.callId, phase)).find((found) => found !== null) ?? null;
  if (!snapshot) return refuse(`the trace has no DOM snapshot of the failing call (${call.callId})`);
  await shown.show(snapshot, snapshots.html(snapshot), resources);
  const onPage = pageMembers(options.baseline, recorded);
  const peers = onPage.members;
  // A part built from a value the call passes that finds nothing now: the value changed, the caller's to
  // change, written anew where the test writes it when that is all it decides (heal/passed-literal.ts).
  for (let each: WrittenLocator | null = written; each; each = each.container) {
    const broken = each.passed.length ? await brokenPassedPart(shown.page, each, each.scope) : null;
    if (!broken) continue;
    const refused = (why: string) => refuse(passedReason(broken, each!.where, `finds nothing on the page now: the value passed in no longer holds${why}; change it where it is passed`, fromProject));
    // What an assertion's locator is built from is what the test expects.
    if (assertion) return refuse(`not healable: expectation changed (${place}: ${passedReason(broken, each.where, 'finds nothing on the page now, and the assertion expects it', fromProject)})`);
    if (each !== written) return refused('');
    const found = await relocateWritten(shown, written, recorded, read.testIdAttribute, snapshot.frameUrl, onPage);
    if (!found.ok || found.container) return refused(found.ok ? '' : ` (${found.reason})`);
    const literal = await passedLiteral(shown.page, written, broken, written.scope ? `${written.scope}.${found.code}` : found.code);
    if (!literal.ok) return refused(`, and ${literal.why}`);
    edit(literal.node, literal.after);
    const passed = broken.passed[0]!;
    return {
      test: read.title, trace: name, file: fromProject(literal.node.getSourceFile().getFilePath()),
      member: `argument ${passed.name} at ${fromProject(passed.at)}`, before: literal.before, after: literal.after,
      level: found.level, score: found.score, runnerUp: found.runnerUp, margin: found.margin,
      signals: [...found.signals, `the value the test passes for \`${passed.name}\` (${fromProject(passed.at)}) written anew: the helper as written, with ${literal.after}, finds the re-found element alone`],
    };
  }
  // What an asserted locator says (its name, text, label...) is what the test expects: a new locator says it too.
  const says = assertion ? (code: string) => lostExpectations(wrote, code).length === 0 : undefined;
  const found = await relocateWritten(shown, written, recorded, read.testIdAttribute, snapshot.frameUrl, onPage, says);
  const unshown = !found.ok && found.unsaid ? unshownExpectations(locatorExpectations(wrote) ?? [], found.unsaid) : [];
  if (!found.ok && found.unsaid && !unshown.length) return refuse(`${found.reason}: it still shows what the assertion expects, and no locator that says it finds it alone`);
  if (!found.ok && assertion && found.unsaid) {
    const expected = unshown;
    const refused = refuse(`not healable: expectation changed (${place}: the assertion's locator expects ${expected.map(describeExpectation).join(', ')}; ${found.reason})`);
    const matcher = matcherAt(source, at.line, at.column);
    const unsaid = unsaidExpectation({
      statement: matcher?.call.getFirstAncestor((a) => a.getKindName().endsWith('Statement'))?.getText() ?? written.node.getText(), matcher: matcher?.matcher ?? call.method,
      node: written.node, lost: expected, live: found.unsaid, write: edit,
    });
    const expectation = await reviewExpectation({
      page: shown.page, pageUrl: snapshot.frameUrl, source, at: { ...at, file: fromProject(local) }, test: read.title, trace: name, error: errorOf(read, call),
      members: peers, heading: recorded.heading, element: null, accept: options.acceptExpectations ?? false, read: unsaid,
    });
    if (!expectation) return refused;
    return { expectation, refused: expectation.accepted ? null : refused };
  }
  if (!found.ok) {
    if (!assertion || !found.reason.startsWith('the locator still finds')) return refuse(found.reason);
    // A presence assertion whose element the snapshot taken as it failed shows, alone and shown: the page came too late.
    if (kShownNow.test(found.reason) && presenceAt(source, at.line, at.column)) {
      return refuse(`the assertion at ${place} gave up before the page showed its element: the snapshot taken as it failed shows it, found alone by its locator (a slow app or machine? rerun it, or give it more time): nothing to heal`);
    }
    const refused = refuse(`not healable: expectation changed (${place}: ${found.reason})`);
    const error = errorOf(read, call);
    const expectation = await reviewExpectation({
      page: shown.page, pageUrl: snapshot.frameUrl, source, at: { ...at, file: fromProject(local) }, test: read.title, trace: name, error,
      members: peers, heading: recorded.heading, element: recorded.fingerprint, accept: options.acceptExpectations ?? false, write: edit,
    });
    if (!expectation) return refused;
    return { expectation, refused: expectation.accepted ? null : refused };
  }
  if (found.container) {
    // The container broke, not the element in it: its first part is written anew where the outermost container is written.
    const { written: container, code: containerCode } = found.container;
    const { middle } = outermostContainer(written);
    // The broken first part is a literal of the code (a helper's parameters come later in its chain): the caller's values stay.
    if (chainParts(container.template)[0] !== chainParts(container.code)[0]) return refuse(`the container the locator is found inside is built from values its calls pass (${fromProject(container.where)}), and its part that broke is one of them: not patched`);
    const lost = assertion ? lostExpectations(wrote, [containerCode, ...middle, found.code].join('.')) : [];
    if (lost.length) return refuse(`not healable: expectation changed (${place}: the container written anew would no longer say ${lost.map(describeExpectation).join(', ')}, which the assertion expects): not patched`);
    // A container several calls are found inside is written anew only in a way that still finds each one's own element.
    const shared = await sharedDeclaration({
      written: container, code: containerCode, inside: [...middle, found.code].join('.'), recorded, baseline: options.baseline, root, local: (each) => localFile(each, options.cwd), open, shown, snapshots: useSnapshots,
      testIdAttribute: read.testIdAttribute, peers: (each) => pageMembers(options.baseline, each), relative: fromProject,
    });
    if (!shared.ok) return refuse(shared.reason);
    const asWritten = templated(shared.code, container);
    if ('lost' in asWritten) return refuse(passedReason(asWritten.lost, container.where, `is not kept by the new container \`${shared.code}\`, and it is the caller's: the helper is left as written`, fromProject));
    const before = container.node.getText();
    const after = writtenFrom(container.root, asWritten.code, container.root);
    edit(container.node, after);
    if (found.code !== written.code) edit(written.node, writtenFrom(written.root, found.code, written.scope === null ? written.root : `${written.root}.page()`));
    return {
      test: read.title, trace: name, file: fromProject(container.node.getSourceFile().getFilePath()),
      member: container.name ? `${container.place} ${container.name}` : `inline at ${container.where}`,
      before, after, level: found.level, score: found.score, signals: [...found.signals, ...shared.signals], runnerUp: found.runnerUp, margin: found.margin,
    };
  }
  // A helper's parameters are the caller's: the new code keeps each part built from one as the call made it.
  const kept = templated(found.code, written);
  if ('lost' in kept) return refuse(passedReason(kept.lost, written.where, `is not kept by the new locator \`${found.code}\`, and it is the caller's: the helper is left as written`, fromProject));
  // A locator several calls use is written anew only in a way that finds each one's own element.
  const shared = await sharedDeclaration({
    written, code: found.code, recorded, baseline: options.baseline, root, local: (each) => localFile(each, options.cwd), open, shown, snapshots: useSnapshots,
    testIdAttribute: read.testIdAttribute, peers: (each) => pageMembers(options.baseline, each), relative: fromProject,
  });
  if (!shared.ok) return refuse(shared.reason);
  // A name the locator is written with stays where its value still stands; a value that changed is changed where it is written.
  const asWritten = templated(shared.code, written);
  if ('lost' in asWritten) return refuse(passedReason(asWritten.lost, written.where, `is not kept by the new locator \`${shared.code}\`, and it is the caller's: the helper is left as written`, fromProject));
  const named = withNames(asWritten.code, written.constants);
  if ('lost' in named) return refuse(`the locator is written with \`${named.lost.text}\`, set at ${fromProject(named.lost.where)} to ${JSON.stringify(named.lost.value)}, which the re-found element no longer answers to: change it where it is written (other code may use it too): not patched`);
  const before = written.node.getText();
  const writtenIn = fromProject(written.node.getSourceFile().getFilePath());
  // A locator nested in the new code (`filter({ has: page.getByText(...) })`) starts from the chain's page too.
  const after = writtenFrom(written.root, named.code, written.scope === null ? written.root : `${written.root}.page()`);
  edit(written.node, after);
  const style = styleOf(written.code);
  const signals = [...found.signals, ...shared.signals];
  const wroteStyle = shared.code === found.code ? found.style : styleOf(shared.code) ?? found.style;
  if (style && wroteStyle !== style) signals.push(`written as ${wroteStyle}: no ${style} locator finds the element alone`);
  return {
    test: read.title, trace: name, file: writtenIn,
    member: written.name ? `${written.place} ${written.name}` : `inline at ${place}`,
    before, after, level: found.level, score: found.score, signals, runnerUp: found.runnerUp, margin: found.margin,
  };
}

/**
 * The locator the code at the call's place builds and the one the trace ran, each printed as
 * Playwright prints it, when they differ; null when they are the same (or either cannot be read:
 * a frame, a locator heal does not build).
 */
function printedLocator(shown: SnapshotPage, selector: string, code: string): { written: string; traced: string } | null {
  try {
    const traced = shown.page.locator(selector).toString();
    const written = locatorFromCode(shown.page, code).toString();
    return traced === written ? null : { written, traced };
  } catch {
    return null;
  }
}

/** The first of `files` (local paths) the trace holds as it ran, and whose text is not that now; null when none. */
async function changedSince(trace: string, read: TestCalls, files: string[], open: (file: string) => SourceFile, cwd: string): Promise<string | null> {
  const traced = new Map<string, string>();
  for (const frame of read.calls.flatMap((c) => c.stack)) if (!traced.has(frame.file)) traced.set(frame.file, localFile(frame.file, cwd) ?? '');
  const wanted = [...traced].filter(([, local]) => files.includes(local));
  if (!wanted.length) return null;
  const texts = await tracedSources(await openTraceZip(trace), wanted.map(([ran]) => ran));
  for (const [ran, local] of wanted) {
    const text = texts.get(ran);
    if (text !== undefined && text !== open(local).getFullText()) return local;
  }
  return null;
}

/** `relocate`'s reason when the locator finds the element alone and it is shown (no state of it said after `alone`). */
const kShownNow = /^the locator still finds the recorded element alone:/;

/** The test's error for `call` (Playwright's whole message, with what it received), else the call's own. */
function errorOf(read: TestCalls, call: TraceCall): string {
  return read.errors.find((e) => e.stack[0]?.line === call.stack[0]?.line && e.stack[0]?.file === call.stack[0]?.file)?.message ?? call.error ?? '';
}

/** A failing assertion on the page itself (its title, its address): reviewed against what the baseline found on the page. */
async function reviewPageAssertion({ file, name, read, call }: Failing, options: SuiteHealOptions, shown: SnapshotPage, open: (file: string) => SourceFile, at: { file: string; line: number; column: number; root: string }, fromProject: (where: string) => string, edit: Edit): Promise<NotHealed | Reviewed> {
  const place = `${at.file}:${at.line}:${at.column}`;
  const refused: NotHealed = { test: read.title, trace: name, reason: `not healable: expectation changed (${place}: an assertion on the page no longer holds; expectations are never edited)` };
  const local = localFile(path.posix.normalize(`${at.root}/${at.file}`), options.cwd);
  if (!local) return refused;
  const { snapshots, resources } = await readTrace(file);
  const snapshot = kEvidencePhases.map((phase) => snapshots.find(call.callId, phase)).find((found) => found !== null) ?? null;
  if (!snapshot) return refused;
  await shown.show(snapshot, snapshots.html(snapshot), resources);
  const { members } = pageMembers(options.baseline, { url: snapshot.frameUrl, fingerprint: null });
  const heading = options.baseline.tests.flatMap((t) => t.calls).find((c) => pageKey(c.url) === pageKey(snapshot.frameUrl))?.heading ?? null;
  const expectation = await reviewExpectation({
    page: shown.page, pageUrl: snapshot.frameUrl, source: open(local), at: { ...at, file: fromProject(local) }, test: read.title, trace: name, error: errorOf(read, call),
    members, heading, element: null, accept: options.acceptExpectations ?? false, write: edit,
  });
  if (!expectation) return refused;
  return { expectation, refused: expectation.accepted ? null : refused };
}

type Relocation = Awaited<ReturnType<typeof relocate>>;

/**
 * Re-finds the element and writes the part of the chain that broke: the longest leading part of an
 * inline chain that still finds one element is kept (`locator('.card').filter({ hasText: 'Pro' })`
 * of a chain whose button was renamed), and only what follows it is written anew.
 */
async function relocateWritten(shown: SnapshotPage, written: WrittenLocator, recorded: BaselineCall, testIdAttribute: string, pageUrl: string, page: PageMembers, says?: (code: string) => boolean): Promise<(Extract<Relocation, { ok: true }> & { code: string; style: ModelLocator['kind']; container?: { written: WrittenLocator; code: string } }) | Extract<Relocation, { ok: false }>> {
  const base = { fingerprint: recorded.fingerprint, heading: recorded.heading, title: recorded.title ?? null, testIdAttribute, pageUrl, peers: page.members, elsewhere: page.elsewhere, prefer: styleOf(written.code) ?? undefined, says };
  // The chain's leading parts, longest first, each as the page finds it (inside the root's own scope).
  const parts = chainParts(written.code);
  const scoped = (code: string) => (written.scope ? `${written.scope}.${code}` : code);
  const keep = parts.slice(0, -1).map((_, i) => parts.slice(0, parts.length - 1 - i).join('.')).map((prefix) => ({ prefix, code: scoped(prefix) }));
  const found = await relocate(shown.page, { ...base, current: scoped(written.code), keep: keep.map((k) => k.code), item: null });
  if (!found.ok) return found;
  // Written relative to the chain's root: a kept part is written as the code had it.
  const code = written.scope && found.code.startsWith(`${written.scope}.`) ? found.code.slice(written.scope.length + 1) : written.scope ? null : found.code;
  if (code === null) {
    // The container no longer finds the element's container: a new first part for the outermost one
    // (the one found from the page), its filters, the containers inside it and the code inside them kept.
    const { outer, middle } = outermostContainer(written);
    const parts = outer ? chainParts(outer.code) : [];
    const inside = (code: string) => [...middle, code].join('.');
    const repaired = parts.length ? await repairedContainer(shown.page, parts.slice(1), [inside(written.code), inside(found.code)], testIdAttribute) : null;
    if (!outer || !repaired) return { ok: false, reason: `re-found the element outside \`${written.scope}\`, which the locator is found inside (${written.root}): not patched` };
    const code = repaired.inner === inside(written.code) ? written.code : found.code;
    const signals = [...found.signals, `its container \`${outer.code}\` found by \`${repaired.first}\` now, the rest of its chain kept`];
    return { ...found, signals, code, style: styleOf(code) ?? 'chain', container: { written: outer, code: [repaired.first, ...parts.slice(1)].join('.') } };
  }
  return { ...found, code, style: found.locator.kind === 'chain' ? styleOf(code) ?? 'chain' : found.locator.kind };
}

/**
 * The container a chain is found inside that is itself found from the page (`item(title)` of
 * `story.item('Tasks').locator('li').filter(...)`, the chain `beans` then found inside that), and the
 * code of the containers between it and the chain, outermost first. Null when the chain is found
 * from the page itself.
 */
export function outermostContainer(written: WrittenLocator): { outer: WrittenLocator | null; middle: string[] } {
  const middle: string[] = [];
  let outer = written.container;
  while (outer && outer.scope !== null && outer.container) {
    middle.unshift(outer.code);
    outer = outer.container;
  }
  return { outer: outer && outer.scope === null ? outer : null, middle };
}

/**
 * Code relative to a chain's root written from that root: a locator nested in it
 * (`filter({ has: getByText(...) })`, as heal reads and relocate writes it) starts from the
 * chain's page too (`page`, `this.page`, `this.root.page()`).
 */
export function writtenFrom(root: string, code: string, page: string): string {
  return `${root}.${code.replace(/\b(has|hasNot): (?:page\.)?(?=(?:locator|getBy[A-Za-z]+|frameLocator)\()/g, `$1: ${page}.`)}`;
}

/** `locator('li').filter({ hasText: 'a.b' }).getByRole('button')` -> its calls, split at top-level dots. */
export function chainParts(code: string): string[] {
  return splitTopLevel(code, '.').filter(Boolean);
}
