import type { Locator, Page } from 'playwright';
import { z } from 'zod';
import { ActionParams, type ExpectName } from '../schema/actions.ts';

/**
 * The expect steps' checks, shared by capture (where they must hold at record time) and replay
 * (where they are verified again): Playwright's web-first assertions, retried until they hold or
 * the timeout passes, the same matchers a generated spec calls (`toHaveText`, `toHaveURL`, ...).
 */

/** How long an expect step waits for what it checks: Playwright Test's own default expect timeout. */
export const kExpectTimeoutMs = 5_000;

/** An expect step: its name and its params as recorded. */
export type Expectation = { [N in ExpectName]: { action: N; params: z.infer<(typeof ActionParams)[N]> } }[ExpectName];

export interface ExpectationSubject {
  page: Page;
  /** The element (expect_value, expect_checked, expect_text with a target) or the elements to count (expect_count). */
  element: Locator | null;
  /** How messages name the element: `heading "Items"`. */
  label: string;
  timeoutMs: number;
  /** The address an exact `expect_url` compares with: `url` resolved against the page (capture) or rebased (replay). */
  resolveUrl(url: string): string;
}

/** An expect step that did not hold within its timeout: the sentence says what was expected and what was there. */
export class ExpectationFailed extends Error {}

/** `page.getByText(text)` limited to what is shown: the text an expect step without a target looks for. */
export function visibleTextLocator(page: Page, text: string, exact: boolean): Locator {
  return page.getByText(text, { exact }).filter({ visible: true }).first();
}

/** A part of an address or title to look for, as the regular expression Playwright's matchers take. */
export function containing(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
}

function needElement(subject: ExpectationSubject, action: ExpectName): Locator {
  if (!subject.element) throw new Error(`${action} needs a target`);
  return subject.element;
}

/** Runs the check; resolves to a short description of what held, throws ExpectationFailed otherwise. */
export async function checkExpectation(expectation: Expectation, subject: ExpectationSubject): Promise<string> {
  // Loaded when a check runs: every `bu` start would otherwise pay for Playwright Test's runner.
  const { expect } = await import('@playwright/test');
  const timeout = subject.timeoutMs;
  const { page, label } = subject;
  const quoted = (text: string) => JSON.stringify(text);
  let wanted: string;
  let check: () => Promise<void>;
  switch (expectation.action) {
    case 'expect_text': {
      const { text, exact = false } = expectation.params;
      const element = subject.element;
      wanted = element ? `${label} to ${exact ? 'have the text' : 'contain the text'} ${quoted(text)}` : `the text ${quoted(text)} shown on the page`;
      check = element
        ? () => (exact ? expect(element).toHaveText(text, { timeout }) : expect(element).toContainText(text, { timeout }))
        : () => expect(visibleTextLocator(page, text, exact)).toBeVisible({ timeout });
      break;
    }
    case 'expect_url': {
      const { url, exact = false } = expectation.params;
      const expected = exact ? subject.resolveUrl(url) : url;
      wanted = exact ? `the address ${quoted(expected)}` : `an address containing ${quoted(url)}`;
      check = () => expect(page).toHaveURL(exact ? expected : containing(url), { timeout });
      break;
    }
    case 'expect_title': {
      const { title, exact = false } = expectation.params;
      wanted = exact ? `the title ${quoted(title)}` : `a title containing ${quoted(title)}`;
      check = () => expect(page).toHaveTitle(exact ? title : containing(title), { timeout });
      break;
    }
    case 'expect_value': {
      const element = needElement(subject, expectation.action);
      wanted = `${label} to hold the value ${quoted(expectation.params.value)}`;
      check = () => expect(element).toHaveValue(expectation.params.value, { timeout });
      break;
    }
    case 'expect_checked': {
      const element = needElement(subject, expectation.action);
      const checked = expectation.params.checked ?? true;
      wanted = `${label} to be ${checked ? 'checked' : 'unchecked'}`;
      check = () => expect(element).toBeChecked({ checked, timeout });
      break;
    }
    case 'expect_count': {
      const element = needElement(subject, expectation.action);
      wanted = `${label} to match ${expectation.params.count} element(s)`;
      check = () => expect(element).toHaveCount(expectation.params.count, { timeout });
      break;
    }
  }
  try {
    await check();
  } catch (err) {
    throw new ExpectationFailed(`expected ${wanted}; ${received(err)} after ${timeout} ms`);
  }
  return `held: expected ${wanted}`;
}

/** What the page showed instead, from the matcher's result (Playwright puts it on the error). */
function received(err: unknown): string {
  const result = (err as { matcherResult?: { actual?: unknown } } | null)?.matcherResult;
  const message = err instanceof Error ? err.message : String(err);
  if (/element\(s\) not found/.test(message)) return 'nothing matched';
  const actual = result?.actual;
  if (actual === undefined || actual === null) return 'it did not hold';
  if (typeof actual === 'number' || typeof actual === 'boolean') return `got ${actual}`;
  const text = typeof actual === 'string' ? actual : JSON.stringify(actual);
  return `got ${JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)}`;
}
