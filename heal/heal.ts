import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SourceFile } from 'ts-morph';
import { z } from 'zod';
import { launchBrowser } from '../core/browser.ts';
import { errorMessage, UsageError } from '../core/errors.ts';
import { writeFileAtomic } from '../core/io/atomic.ts';
import { kPomFingerprintsFile, PomFingerprints, type PomMember } from '../core/schema/pom-fingerprints.ts';
import { Project } from '../generate/ts-morph.ts';
import { readTrace, SnapshotPage } from '../locate/snapshot/snapshot-page.ts';
import { errorHeadline } from './error-headline.ts';
import { kEvidencePhases, type TraceFailure } from './failure.ts';
import { reviewExpectation, type ExpectationChange } from './expectation.ts';
import { itemLocator } from './item-locator.ts';
import { memberAt } from './member-at.ts';
import { getterLocator, keepsItemText, patchGetter } from './patch.ts';
import { relocate, type Runner } from './relocate.ts';
import { readTestTraces, type UnreadableTrace } from './test-traces.ts';
import { unifiedDiff } from './unified-diff.ts';

/**
 * `bu heal`: for each failing test's Playwright trace, the page-object member its failing call
 * used, re-found in the DOM snapshot taken when that call failed by replay's cascade, and a new
 * locator for it written into the page object. Only how an element is found ever changes: an
 * assertion whose expectation no longer holds is reported, never edited.
 */

export interface HealChange {
  test: string;
  /** The trace the change was found in. */
  trace: string;
  file: string;
  member: string;
  before: string;
  after: string;
  level: string;
  score: number;
  signals: string[];
  runnerUp: Runner | null;
  margin: number | null;
}

export interface NotHealed {
  test: string;
  trace: string;
  reason: string;
}

/** A failing test's trace, and what its error says (its first line, and what was expected and received). */
export interface FailedTest {
  test: string;
  trace: string;
  error: string;
}

export interface HealResult {
  /** Every failing test's trace read, in order (a retried test has one per attempt). */
  failed: FailedTest[];
  changes: HealChange[];
  notHealed: NotHealed[];
  /** Assertions that failed on the element they were written for, for review (written only when accepted). */
  expectations: ExpectationChange[];
  /** Traces that could not be read, and tests whose heal failed: each on its own, the others healed all the same. */
  errors: NotHealed[];
  /** Page objects as they are and as healed, by path under the generated folder. */
  files: Map<string, { before: string; after: string }>;
  diff: string;
}

export interface HealOptions {
  /** The generated folder (holds pom/ and pom/.fingerprints.json). */
  root: string;
  /** Trace zips, folders holding them (test-results/, playwright-report/), or zips of such folders (CI artifacts). */
  inputs: string[];
  env: NodeJS.ProcessEnv;
  /** Write the changed expectations too (`--accept-expectations`); without it they are only shown. */
  acceptExpectations?: boolean;
}

const ModelTestId = z.looseObject({ testIdAttribute: z.string() });

async function loadSidecar(root: string): Promise<PomMember[]> {
  const file = path.join(root, kPomFingerprintsFile);
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) throw new UsageError(`${file} is missing`, 'run `bu heal` on a folder written by `bu generate` (pass it with --dir), or generate it again');
  let parsed;
  try {
    parsed = PomFingerprints.safeParse(JSON.parse(text));
  } catch (err) {
    throw new UsageError(`${file} is not JSON: ${errorMessage(err)}`);
  }
  if (!parsed.success) throw new UsageError(`${file} does not match its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'generate it again with this version of brow-use');
  return parsed.data.members;
}

async function testIdAttribute(root: string): Promise<string> {
  const text = await fs.readFile(path.join(root, 'model.json'), 'utf8').catch(() => null);
  try {
    const parsed = text === null ? null : ModelTestId.safeParse(JSON.parse(text));
    return parsed?.success ? parsed.data.testIdAttribute : 'data-testid';
  } catch {
    return 'data-testid';
  }
}

export async function heal(options: HealOptions): Promise<HealResult> {
  const root = path.resolve(options.root);
  const members = await loadSidecar(root);
  const attribute = await testIdAttribute(root);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bu-heal-'));
  try {
    const { traces, unreadable } = await readTestTraces(options.inputs, scratch);
    const failures = traces.flatMap(({ file, name, failure }) => (failure ? [{ file, name, failure }] : []));
    const result = await healFailures({ root, members, attribute, env: options.env, accept: options.acceptExpectations ?? false }, failures);
    return { ...result, errors: [...unreadableErrors(unreadable), ...result.errors] };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Each trace that could not be read, as an error of the test it holds (named by the trace: its test is not known). */
export function unreadableErrors(unreadable: UnreadableTrace[]): NotHealed[] {
  return unreadable.map(({ name, error }) => ({ test: name, trace: name, reason: `the trace could not be read: ${error.message}` }));
}

/** A test's heal that threw: the reason reported for that test alone, so one bad trace never stops the others. */
export function healError(err: unknown): string {
  return `healing this test failed: ${errorMessage(err)} (the other tests were healed; if the trace opens in \`npx playwright show-trace\`, this is a bug in brow-use)`;
}

interface HealContext {
  root: string;
  members: PomMember[];
  /** The app's test id attribute, as generate read it. */
  attribute: string;
  env: NodeJS.ProcessEnv;
  accept: boolean;
}

async function healFailures({ root, members, attribute, env, accept }: HealContext, failures: { file: string; name: string; failure: TraceFailure }[]): Promise<HealResult> {
  const project = new Project({ useInMemoryFileSystem: true });
  const sources = new Map<string, { source: SourceFile; before: string }>();
  const open = (relative: string): SourceFile | null => {
    const known = sources.get(relative);
    if (known) return known.source;
    let text: string;
    try {
      text = readFileSync(path.join(root, relative), 'utf8');
    } catch {
      return null;
    }
    const source = project.createSourceFile(`/${relative}`, text, { overwrite: true });
    sources.set(relative, { source, before: text });
    return source;
  };

  const result: HealResult = { failed: [], changes: [], notHealed: [], expectations: [], errors: [], files: new Map(), diff: '' };
  const healed = new Map<string, HealChange>();
  const browser = failures.length ? await launchBrowser({ headless: true, env }) : null;
  try {
    const shown = browser ? await SnapshotPage.open(browser) : null;
    for (const { file, name: zip, failure } of failures) {
      const test = failure.title || path.basename(path.dirname(zip));
      result.failed.push({ test, trace: zip, error: errorHeadline(failure.error) });
      const refuse = (reason: string) => {
        result.notHealed.push({ test, trace: zip, reason });
      };
      const healFailure = async (): Promise<void> => {
        const call = failure.call;
        if (!call) {
          refuse(`the test failed outside a browser call: ${failure.error.split('\n')[0]}`);
          return;
        }
        const assertion = call.method === 'expect';
        const at = memberAt(call.stack, root, open);
        // An assertion the test's timeout cut short had not failed: what it expects may still hold.
        if (assertion && !call.ended && failure.timedOut && at.kind !== 'member') {
          const where = at.kind === 'inline' ? `${at.file}:${at.line} \`${at.statement}\`` : `an assertion at ${at.where}`;
          refuse(`the test timed out while ${where} was still waiting, before it failed: nothing to heal (a slow app or machine? rerun it, or give the test more time)`);
          return;
        }
        if (at.kind === 'elsewhere') {
          refuse(assertion ? `not healable: expectation changed (an assertion at ${at.where} no longer holds; expectations are never edited)` : `the failing call is not in a page object (at ${at.where})`);
          return;
        }
        if (at.kind === 'inline') {
          if (!at.assertion && !assertion) {
            refuse(`the failing call at ${at.file}:${at.line} does not use a locator member`);
            return;
          }
          const reason = `not healable: expectation changed (${at.file}:${at.line} \`${at.statement}\` no longer holds; expectations are never edited)`;
          const snapshot = await showFailure(shown!, file, call.callId);
          const own = members.filter((m) => m.file === at.file);
          const reviewed = snapshot && await reviewExpectation({
            page: shown!.page, pageUrl: snapshot.frameUrl, source: open(at.file)!, at, test, trace: zip, error: failure.error,
            members: own.map((m) => m.fingerprint), heading: own[0]?.heading ?? null, element: null, accept,
          });
          if (reviewed) result.expectations.push(reviewed);
          if (!reviewed?.accepted) refuse(reason);
          return;
        }
        const key = `${at.file}\u0000${at.className}.${at.member}`;
        const done = healed.get(key);
        if (done) {
          result.changes.push({ ...done, test, trace: zip });
          return;
        }
        const member = members.find((m) => m.file === at.file && m.className === at.className && m.member === at.member);
        if (!member) {
          refuse(`${at.className}.${at.member} has no recorded fingerprint in ${kPomFingerprintsFile}`);
          return;
        }
        const source = open(at.file)!;
        const current = getterLocator(source, at.className, at.member);
        if (!current) {
          refuse(`${at.className}.${at.member} does not return a locator heal can read (edited by a person?)`);
          return;
        }
        const { snapshots, resources } = await readTrace(file);
        const snapshot = kEvidencePhases.map((phase) => snapshots.find(call.callId, phase)).find((found) => found !== null) ?? null;
        if (!snapshot) {
          refuse(`the trace has no DOM snapshot of the failing call (${call.callId})`);
          return;
        }
        await shown!.show(snapshot, snapshots.html(snapshot), resources);
        let item: string | null = null;
        let currentCode = current.code;
        if (member.collection) {
          const scoped = itemLocator(shown!.page, call.selector, current.code);
          if (!scoped.ok) {
            refuse(`${at.className}.${at.member} belongs to one item of a collection: ${scoped.reason}`);
            return;
          }
          item = scoped.code;
          currentCode = scoped.member;
        }
        const peers = members.filter((m) => m !== member && m.page === member.page).map((m) => m.fingerprint);
        const itemText = member.collection !== null && keepsItemText(source, at.className);
        const found = await relocate(shown!.page, { fingerprint: member.fingerprint, current: currentCode, heading: member.heading, testIdAttribute: attribute, pageUrl: snapshot.frameUrl, item, itemText, peers });
        if (!found.ok) {
          const stillFound = found.reason.startsWith('the locator still finds the recorded element alone:');
          // An action the test's timeout cut short while its element was there alone had not failed on finding it.
          if (stillFound && !assertion && !call.ended && failure.timedOut) {
            refuse(`the test timed out while ${at.className}.${at.member} (${call.method}) was still waiting on its element, which its locator still finds alone: nothing to heal in how it is found (a slow app or machine, or an element that could not be acted on, covered or read-only: see the trace)`);
          } else if (at.assertion && found.reason.startsWith('the locator still finds')) {
            const own = members.filter((m) => m !== member && m.page === member.page).map((m) => m.fingerprint);
            const reviewed = await reviewExpectation({
              page: shown!.page, pageUrl: snapshot.frameUrl, source, at, test, trace: zip, error: failure.error,
              members: own, heading: member.heading, element: member.fingerprint, accept,
            });
            if (reviewed) result.expectations.push(reviewed);
            if (!reviewed?.accepted) refuse(`not healable: expectation changed (\`${at.statement}\`: ${found.reason})`);
          } else refuse(found.reason);
          return;
        }
        patchGetter(source, at.className, at.member, found.code);
        const change: HealChange = {
          test, trace: zip, file: at.file, member: `${at.className}.${at.member}`, before: current.code, after: found.code,
          level: found.level, score: found.score, signals: found.signals, runnerUp: found.runnerUp, margin: found.margin,
        };
        healed.set(key, change);
        result.changes.push(change);
      };
      // One test's heal that throws is that test's error; a change it made before throwing stays out.
      const kept = { changes: result.changes.length, notHealed: result.notHealed.length, expectations: result.expectations.length };
      try {
        await healFailure();
      } catch (err) {
        result.changes.length = kept.changes;
        result.notHealed.length = kept.notHealed;
        result.expectations.length = kept.expectations;
        result.errors.push({ test, trace: zip, reason: healError(err) });
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
  }
  const diffs: string[] = [];
  for (const [relative, { source, before }] of sources) {
    const after = source.getFullText();
    if (after === before) continue;
    result.files.set(relative, { before, after });
    diffs.push(unifiedDiff(relative, before, after));
  }
  result.diff = diffs.join('');
  return result;
}

/** Shows the failing call's DOM snapshot (the first of its evidence phases the trace has); null when it has none. */
async function showFailure(shown: SnapshotPage, file: string, callId: string) {
  const { snapshots, resources } = await readTrace(file);
  const snapshot = kEvidencePhases.map((phase) => snapshots.find(callId, phase)).find((found) => found !== null) ?? null;
  if (snapshot) await shown.show(snapshot, snapshots.html(snapshot), resources);
  return snapshot;
}

/**
 * Writes the healed files over the originals, all or none: every file is checked to be still as it
 * was read before any is written, and a write that fails puts back the files written before it.
 */
export async function applyHeal(root: string, files: HealResult['files']): Promise<void> {
  for (const [relative, { before }] of files) {
    const file = path.join(root, relative);
    const now = await fs.readFile(file, 'utf8');
    if (now !== before) throw new UsageError(`${file} changed while healing; nothing written`);
  }
  const written: [string, string][] = [];
  try {
    for (const [relative, { before, after }] of files) {
      const file = path.join(root, relative);
      await writeFileAtomic(file, after);
      written.push([file, before]);
    }
  } catch (err) {
    for (const [file, before] of written.reverse()) await writeFileAtomic(file, before).catch(() => undefined);
    throw err;
  }
}
