import type { Browser, Locator, Page } from 'playwright';
import { InFlight, kRecordEventLagMs, kRecordFollowUpMs, kRecordNewDocumentFollowUpMs } from '../../../core/act/in-flight.ts';
import { effectOf, outline } from '../../../core/aria/outline.ts';
import { observedState } from '../../../core/aria/state.ts';
import { takeFingerprint } from '../../../core/fingerprint/take.ts';
import { bestLocator } from '../../../core/locator/best.ts';
import { History, HistoryStep, kHistoryVersion } from '../../../core/schema/history.ts';

/**
 * A small recorder for tests: runs steps on a page the test serves and writes a valid History
 * with the same core helpers capture uses (fingerprint, best locator, page state).
 */

export interface RecordStep {
  action: 'click' | 'input' | 'navigate' | 'select_dropdown' | 'hover' | 'send_keys';
  params: Record<string, unknown>;
  /** The element, for element actions. */
  target?: (page: Page) => Locator;
  /** The text actually typed (when params hold a placeholder). */
  typed?: string;
}

export interface RecordOptions {
  sessionId?: string;
  secrets?: string[];
  variables?: Record<string, string>;
}

async function act(page: Page, step: RecordStep, target: Locator | null): Promise<void> {
  const inFlight = new InFlight(page.context());
  const mark = inFlight.mark();
  try {
    await perform(page, step, target);
    // As capture settles after an action: scripts that post and then reload finish first.
    await inFlight.settle(mark, { followUpMs: kRecordFollowUpMs, eventLagMs: kRecordEventLagMs, newDocumentFollowUpMs: kRecordNewDocumentFollowUpMs });
  } finally {
    inFlight.dispose();
  }
  await page.waitForLoadState('load');
}

async function perform(page: Page, step: RecordStep, target: Locator | null): Promise<void> {
  switch (step.action) {
    case 'click': await target!.click(); break;
    case 'input': await target!.fill(step.typed ?? String(step.params.text)); break;
    case 'hover': await target!.hover(); break;
    case 'select_dropdown': await target!.selectOption({ label: String(step.params.text) }); break;
    case 'navigate': await page.goto(String(step.params.url)); break;
    case 'send_keys': await page.keyboard.press(String(step.params.keys)); break;
  }
}

export async function recordHistory(page: Page, startUrl: string, steps: RecordStep[], options: RecordOptions = {}): Promise<History> {
  await page.goto(startUrl);
  const out: HistoryStep[] = [];
  for (const [index, step] of steps.entries()) {
    const before = await observedState(page, { tab: 0, tabCount: 1 });
    const target = step.target ? step.target(page) : null;
    // As capture does: the page as perceived before the step names the element's peers.
    const fingerprint = target ? await takeFingerprint(target, undefined, { peersFrom: before.snapshot }) : null;
    const locator = target ? await bestLocator(target) : null;
    const t = Date.now();
    const navigation = step.action === 'click' ? page.waitForNavigation({ timeout: 1_000 }).catch(() => null) : null;
    await act(page, step, target);
    await navigation;
    const targetAfter = target && step.action !== 'click'
      ? await target.evaluate((el) => ({ value: 'value' in el ? String((el as HTMLInputElement).value) : null, checked: null, selected: null })).catch(() => null)
      : null;
    const after = await observedState(page, { tab: 0, tabCount: 1 });
    out.push(HistoryStep.parse({
      action: step.action, params: step.params, index, fingerprint, locator, targetAfter,
      pre: before.state, post: after.state, durationMs: Date.now() - t, ok: true, error: null, result: null,
      effect: effectOf(outline(before.snapshot), outline(after.snapshot)),
    }));
  }
  return History.parse({
    version: kHistoryVersion,
    sessionId: options.sessionId ?? `script-${Date.now()}`,
    startUrl,
    recordedAt: new Date().toISOString(),
    viewport: null,
    secrets: options.secrets ?? [],
    variables: options.variables ?? {},
    steps: out,
  });
}

/** `recordHistory` in a page of its own, closed afterwards: a replay then loads the app afresh. */
export async function recordOn(browser: Browser, startUrl: string, steps: RecordStep[], options: RecordOptions = {}): Promise<History> {
  const page = await browser.newPage();
  try {
    return await recordHistory(page, startUrl, steps, options);
  } finally {
    await page.close();
  }
}
