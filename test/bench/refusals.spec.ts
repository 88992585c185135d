import { expect, test } from '../support/fixtures.ts';
import { refusalKind } from '../../bench/heal/refusals.ts';

// Reasons as `bu heal --rerun` and the bench word them on the hand-written suites.
test('a test healed and then failing on a changed expectation counts as an expectation, not as a heal lost', () => {
  expect(refusalKind('still failing after heal: its rerun failed: Error: expect(locator).toHaveText(expected) failed; Expected: "Sitemap"; Received: "Index"; expectation changed at tests/tools.spec.ts:13: expected \'Sitemap\', the page showed "Index"')).toBe('expectation changed');
  expect(refusalKind('not healable: expectation changed (garden.spec.ts:10:69: the assertion\'s locator expects name \'Garden notes\')')).toBe('expectation changed');
  // A rerun that fails on anything else stays a heal lost.
  expect(refusalKind('still failing after heal: its rerun failed: Error: locator.click: Timeout 2000ms exceeded')).toBe('still failing');
  // The words in a quoted page text do not make it one.
  expect(refusalKind('re-found the button "expectation changed at noon", but no locator other than a position finds it alone')).toBe('position only');
});
