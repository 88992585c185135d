import fs from 'node:fs';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from '../../core/browser.ts';
import { inPage } from '../../core/in-page.ts';
import type { RowProbe } from '../../core/in-page/row-probe.ts';
import { locatorFromCode } from '../../core/locator/build.ts';
import { tryParseLocatorCode } from '../../core/locator/code.ts';
import type { ActionRecord } from '../../core/schema/extract.ts';
import type { History, HistoryStep } from '../../core/schema/history.ts';
import type { FlowOutcome, ModelLocator } from '../../core/schema/page-model.ts';
import { outcomeLocatorCode } from '../emit/code.ts';
import { candidateKey, elementCandidates, type Hit, type StepEvidence } from '../model/candidates.ts';
import { readRecordedLocator, testIdAttributeOf } from '../model/locate.ts';
import { innerCandidates, itemRoleOf, kItemCss } from '../model/rows.ts';
import { alignSteps } from './align-steps.ts';

import { kTargetAttribute, type TraceSnapshots } from '../../locate/snapshot/snapshot-html.ts';
import { readTrace, SnapshotPage, type Resources } from '../../locate/snapshot/snapshot-page.ts';
import { checkCode } from '../../core/locator/model-code.ts';

/**
 * Checks every way generated code could find a step's element in the DOM snapshot Playwright
 * recorded when the step acted (the snapshot marks the element), in a browser with scripts off
 * and no network: the document and the stylesheets come from the trace. Playwright itself
 * resolves each locator, so what is checked is what the generated code will do.
 */

export interface RunToVerify {
  sessionId: string;
  history: History;
  actions: ActionRecord[];
  tracePath: string;
  /** Values the flow typed (item keys prefer them). */
  typed: string[];
}

export interface VerifyOptions {
  testIdAttribute: string;
  env: NodeJS.ProcessEnv;
  log(message: string): void;
}

/** Step index -> evidence, per session. Steps without a DOM snapshot have none. */
export type RunEvidence = Map<string, Map<number, StepEvidence>>;


async function hitOf(page: Page, locator: ModelLocator, testIdAttribute: string): Promise<Hit> {
  const code = checkCode(locator, testIdAttribute);
  try {
    const marks = await locatorFromCode(page, code).evaluateAll((els, attribute) => els.map((el) => el.hasAttribute(attribute)), kTargetAttribute);
    return { count: marks.length, target: marks.length === 1 && marks[0] === true };
  } catch {
    return { count: 0, target: false };
  }
}

/**
 * Marks the element `code` finds in the shown snapshot as the step's target, as Playwright marks an
 * action's; false when it finds none or several there (the step then stays unchecked).
 */
async function markByLocator(page: Page, code: string | null): Promise<boolean> {
  if (!code) return false;
  try {
    const found = locatorFromCode(page, code);
    if ((await found.count()) !== 1) return false;
    await found.evaluate((el, attribute) => el.setAttribute(attribute, ''), kTargetAttribute);
    return true;
  } catch {
    return false;
  }
}


/** Ways to name the list a row is in, from what the probe read, best first. */
function scopeCandidates(probe: RowProbe, itemRole: string): ModelLocator[] {
  const base = { frames: [], scope: null, row: null, matches: null, verified: false, nth: null, exact: false };
  const listRole: Record<string, string> = { row: 'table', listitem: 'list', article: 'feed', treeitem: 'tree' };
  const out: ModelLocator[] = [];
  for (const list of probe.lists) {
    if (list.testId) {
      // Read with the app's test id attribute, which generated code's `getByTestId` matches.
      out.push({ ...base, kind: 'testId', role: null, value: list.testId });
    }
    const role = list.role ?? listRole[itemRole];
    if (list.label && role) out.push({ ...base, kind: 'role', role, value: list.label, exact: true });
    if (list.id && /^[A-Za-z][\w-]*$/.test(list.id) && !/\d{3,}/.test(list.id)) out.push({ ...base, kind: 'selector', role: null, value: `#${list.id}` });
  }
  return out;
}

/**
 * The CSS selector a recorded locator of several steps ends with (`...filter(...).locator('[data-name=title]')`):
 * how the element was told apart inside what the steps before it found; null for a one-step
 * locator or another last step.
 */
export function recordedTail(code: string | null): string | null {
  const read = code ? tryParseLocatorCode(code) : null;
  if (!read?.ok || read.chain.length < 2) return null;
  const last = read.chain.at(-1)!;
  return last.kind === 'locator' && typeof last.selector === 'string' && !last.options && !/^\s*(internal:|aria-ref=)|>>/.test(last.selector) ? last.selector.replace(/^css=/, '') : null;
}

/** The item around the step's element, checked: a list, a key and the element inside. */
async function verifyRow(page: Page, step: HistoryStep, run: RunToVerify, options: VerifyOptions): Promise<Pick<StepEvidence, 'row' | 'fields' | 'hits'>> {
  const none = { row: null, fields: [], hits: new Map<string, Hit>() };
  const fp = step.fingerprint!;
  const role = itemRoleOf(fp);
  if (!role) return none;
  const css = kItemCss[role]!;
  const probe = await page.evaluate(await inPage.fn('rowProbe'), { target: kTargetAttribute, item: css.item, list: css.list, testIdAttribute: options.testIdAttribute, typed: run.typed, volatile: fp.volatile ?? [] });
  if (!probe?.keys.length) return none;
  const testIdFrom = testIdAttributeOf(fp, step.locator);
  if (probe.fieldLabel) {
    // A form laid out in a table: the field belongs to the page, found in the row its header names.
    for (const inner of innerCandidates(fp, probe.fieldLabel, options.testIdAttribute, testIdFrom)) {
      const locator: ModelLocator = { ...inner.locator, row: { role, key: probe.fieldLabel } };
      const hit = await hitOf(page, locator, options.testIdAttribute);
      if (hit.target) return { row: null, fields: [locator], hits: new Map([[candidateKey(locator), hit]]) };
    }
    return none;
  }
  const scopes = [...scopeCandidates(probe, role), null];
  for (const scope of scopes) {
    if (scope && (await hitOf(page, scope, options.testIdAttribute)).count !== 1) continue;
    const prefix = scope ? `${checkCode(scope, options.testIdAttribute)}.` : '';
    for (const key of probe.keys) {
      const item = `${prefix}getByRole(${JSON.stringify(role)}).filter({ has: page.getByText(${JSON.stringify(key.text)}, { exact: true }) })`;
      const items = await locatorFromCode(page, item).count().catch(() => 0);
      if (items !== 1) continue;
      for (const inner of innerCandidates(fp, key.text, options.testIdAttribute, testIdFrom, recordedTail(step.locator?.code ?? null))) {
        const code = `${item}.${checkCode(inner.locator, options.testIdAttribute)}`;
        const marks = await locatorFromCode(page, code).evaluateAll((els, attribute) => els.map((el) => el.hasAttribute(attribute)), kTargetAttribute).catch(() => []);
        if (marks.length === 1 && marks[0]) {
          return { ...none, row: { role, key: key.text, siblings: probe.siblings, scope, inner: inner.locator, elementId: `${role} > ${inner.inner}`, column: probe.column } };
        }
      }
    }
  }
  return none;
}

/** The trace of a run, read once. */
interface ReadTrace {
  snapshots: TraceSnapshots;
  resources: Resources;
}

/**
 * One browser for checking a generate call's runs against their recorded DOM snapshots: the
 * element of every step (`steps`), and the assertions a flow's spec ends with (`outcomes`).
 */
export class DomCheck {
  private readonly traces = new Map<string, ReadTrace | null>();

  private constructor(private readonly browser: Browser, private readonly shown: SnapshotPage, private readonly runs: RunToVerify[], private readonly options: VerifyOptions) {}

  /** Null when no run has a trace or no browser can be launched (said in the log). */
  static async open(all: RunToVerify[], options: VerifyOptions): Promise<DomCheck | null> {
    const runs = all.filter((run) => fs.existsSync(run.tracePath));
    for (const run of all) if (!runs.includes(run)) options.log(`${run.sessionId}: no trace at ${run.tracePath}: its locators are checked against aria snapshots only`);
    if (!runs.length) return null;
    let browser: Browser;
    try {
      browser = await launchBrowser({ env: options.env });
    } catch (err) {
      options.log(`no browser to check locators against the recorded DOM snapshots (${err instanceof Error ? err.message.split('\n')[0] : String(err)}): checked against aria snapshots only`);
      return null;
    }
    try {
      return new DomCheck(browser, await SnapshotPage.open(browser), runs, options);
    } catch (err) {
      await browser.close().catch(() => undefined);
      throw err;
    }
  }

  private async trace(run: RunToVerify): Promise<ReadTrace | null> {
    if (!this.traces.has(run.sessionId)) {
      try {
        this.traces.set(run.sessionId, await readTrace(run.tracePath));
      } catch (err) {
        this.options.log(`${run.sessionId}: no DOM snapshots to check locators against (${err instanceof Error ? err.message : String(err)})`);
        this.traces.set(run.sessionId, null);
      }
    }
    return this.traces.get(run.sessionId)!;
  }

  /** Evidence for every element step that has a DOM snapshot, by session and step index. */
  async steps(): Promise<RunEvidence> {
    const out: RunEvidence = new Map();
    const { options, shown } = this;
    for (const run of this.runs) {
      const perStep = new Map<number, StepEvidence>();
      out.set(run.sessionId, perStep);
      const trace = await this.trace(run);
      if (!trace) continue;
      const aligned = alignSteps(run.history, run.actions);
      let checked = 0;
      for (const step of run.history.steps) {
        const action = aligned.get(step.index);
        const fp = step.fingerprint;
        if (!action || !fp || !step.ok || fp.frameChain.length) continue;
        // A check has no snapshot of its own with the element marked: the DOM it held in, marked by its locator.
        const acting = trace.snapshots.find(action.callId, 'action');
        const snapshot = acting ?? (action.method === 'expect' ? trace.snapshots.find(action.callId, 'after') : null);
        if (!snapshot) continue;
        const ok = await shown.show(snapshot, trace.snapshots.html(snapshot), trace.resources).catch(() => false);
        if (!ok || (!acting && !(await markByLocator(shown.page, step.locator?.code ?? null)))) continue;
        const recorded = readRecordedLocator(step.locator);
        // Asked all at once: Playwright pipelines the calls, so the page answers them in one go.
        // The fingerprint as generate chooses from it: roles Playwright has, shortened names as prefixes.
        const candidates = elementCandidates(fp, { testIdAttribute: options.testIdAttribute, testIdFrom: testIdAttributeOf(fp, step.locator), recorded });
        const found = await Promise.all(candidates.map((candidate) => hitOf(shown.page, candidate, options.testIdAttribute)));
        const hits = new Map<string, Hit>(candidates.map((candidate, i) => [candidateKey(candidate), found[i]!]));
        const around = await verifyRow(shown.page, step, run, options);
        for (const [key, hit] of around.hits) hits.set(key, hit);
        perStep.set(step.index, { hits, row: around.row, fields: around.fields });
        checked++;
      }
      options.log(`${run.sessionId}: checked locators of ${checked} step(s) against their recorded DOM snapshots`);
    }
    return out;
  }

  /**
   * Whether each outcome a flow's spec would assert holds in the run's last DOM snapshot (taken
   * after its last action, on the address the run ended on, by an action that did not leave a
   * page loading): shown ones show, gone ones match nothing. Null when there is no such snapshot.
   */
  async outcomes(sessionId: string, outcomes: FlowOutcome[]): Promise<boolean[] | null> {
    const run = this.runs.find((r) => r.sessionId === sessionId);
    const trace = run ? await this.trace(run) : null;
    if (!run || !trace || !outcomes.length) return null;
    const endUrl = run.history.steps.at(-1)?.post.url;
    // The run's last action on the page (one with a snapshot of any phase): its after snapshot or none.
    const lastAction = [...run.actions].reverse().find((action) => (['before', 'action', 'after'] as const).some((phase) => trace.snapshots.find(action.callId, phase)));
    // A click that navigated returns before the new page has loaded: its snapshot is not where the flow ended.
    if (!lastAction || (lastAction.navigated && lastAction.method !== 'goto')) return null;
    const last = trace.snapshots.find(lastAction.callId, 'after');
    if (!last || !endUrl || last.frameUrl.split('#')[0] !== endUrl.split('#')[0]) return null;
    if (!(await this.shown.show(last, trace.snapshots.html(last), trace.resources).catch(() => null) !== null)) return null;
    return Promise.all(outcomes.map(async (outcome) => {
      const locator = locatorFromCode(this.shown.page, outcomeLocatorCode(outcome, JSON.stringify(outcome.text)));
      const count = await locator.count().catch(() => -1);
      if (outcome.kind === 'gone') return count === 0;
      return count > 0 && (await locator.first().isVisible().catch(() => false));
    }));
  }

  async close(): Promise<void> {
    await this.shown.close().catch(() => undefined);
    await this.browser.close().catch(() => undefined);
  }
}

/** `DomCheck.steps()` on its own browser: evidence for every element step, or null without one. */
export async function verifyRuns(runs: RunToVerify[], options: VerifyOptions): Promise<RunEvidence | null> {
  const check = await DomCheck.open(runs, options);
  if (!check) return null;
  try {
    return await check.steps();
  } finally {
    await check.close();
  }
}
