import { assertNever } from '../../core/errors.ts';
import type { ExpectName } from '../../core/schema/actions.ts';
import type { HistoryStep } from '../../core/schema/history.ts';
import { urlMatches } from '../verify.ts';
import type { ExecContext, ExecOutcome } from './types.ts';

/** Executors of the actions that act on the page, the tabs or the agent's own files. */

export type PageStep = Exclude<HistoryStep, { action: 'click' | 'input' | 'hover' | 'select_dropdown' | 'dropdown_options' | 'upload_file' | ExpectName }>;

/** Navigations of a replay wait for the DOM, not every image: the next step waits for its element. */
const kNavigationWaitUntil = 'domcontentloaded';
const kScrollPageFraction = 0.9;
/** The longest an explicit `wait` step waits for the page to go quiet; it never sleeps its seconds. */
const kWaitStepCapMs = 5_000;

const kSearchEngines = {
  duckduckgo: 'https://duckduckgo.com/?q=',
  google: 'https://www.google.com/search?q=',
  bing: 'https://www.bing.com/search?q=',
} as const;

/** Why a step is not replayed: it works on the agent's own files or ends the run; null when it touches the app. */
export function notOnTheApp(action: HistoryStep['action']): string | null {
  switch (action) {
    case 'write_file':
    case 'read_file':
    case 'replace_file':
      return `${action} works on the agent's files, not on the app`;
    case 'done':
      return 'end of the recorded run';
    default:
      return null;
  }
}

export async function runPageStep(ctx: ExecContext, step: PageStep): Promise<ExecOutcome> {
  const { page, context } = ctx;
  const timeout = ctx.actionTimeoutMs;
  switch (step.action) {
    case 'navigate': {
      const url = ctx.rebase.url(ctx.text(step.params.url));
      if (!/^https?:|^about:/.test(url)) throw new PolicyBlocked(`refusing to navigate to ${url}: only http(s) addresses are replayed`);
      const target = step.params.newTab ? await context.newPage() : page;
      await target.goto(url, { waitUntil: kNavigationWaitUntil, timeout });
      // Recorded at the address it asked for: where the app sends that address now is that page.
      const recordedAt = ctx.rebase.url(step.post.url);
      if (urlMatches(recordedAt, url, false)) ctx.rebase.learnRedirect(recordedAt, target.url());
      return { page: target };
    }
    case 'search': {
      const base = kSearchEngines[step.params.engine ?? 'duckduckgo'];
      await page.goto(base + encodeURIComponent(ctx.text(step.params.query)), { waitUntil: kNavigationWaitUntil, timeout });
      return {};
    }
    case 'go_back':
      await page.goBack({ waitUntil: kNavigationWaitUntil, timeout });
      return {};
    case 'wait': {
      const cap = Math.min(kWaitStepCapMs, (step.params.seconds ?? 1) * 1000);
      await page.waitForLoadState('load', { timeout: cap }).catch(() => undefined);
      return {};
    }
    case 'scroll': {
      const { down = true, pages = 1 } = step.params;
      await page.evaluate((dy) => window.scrollBy(0, dy * window.innerHeight), (down ? 1 : -1) * pages * kScrollPageFraction);
      return {};
    }
    case 'send_keys':
      for (const key of ctx.text(step.params.keys).split(/\s+/).filter(Boolean)) await page.keyboard.press(key);
      return {};
    case 'switch': {
      const target = context.pages()[step.params.tab];
      if (!target) throw new Error(`there is no tab ${step.params.tab} (${context.pages().length} open)`);
      await target.bringToFront();
      return { page: target };
    }
    case 'close': {
      const pages = context.pages();
      const victim = pages[step.params.tab ?? pages.indexOf(page)];
      if (!victim) throw new Error(`there is no tab ${step.params.tab} to close`);
      await victim.close();
      const rest = context.pages();
      return { page: rest.includes(page) ? page : rest[rest.length - 1] };
    }
    case 'extract':
      return { result: (await page.locator('body').innerText({ timeout })).slice(0, 2_000) };
    case 'screenshot':
      await page.screenshot({ fullPage: step.params.fullPage ?? false, timeout });
      return {};
    case 'write_file':
    case 'read_file':
    case 'replace_file':
    case 'done':
      return { skipped: notOnTheApp(step.action)! };
    default:
      return assertNever(step, 'page action');
  }
}

/** The step would leave what a replay may do (a non-web address): reported as policy_blocked. */
export class PolicyBlocked extends Error {}
