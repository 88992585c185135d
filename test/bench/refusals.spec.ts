import { expect, test } from '../support/fixtures.ts';
import { refusalKind } from '../../bench/heal/refusals.ts';

// Reasons as the bench lists them on the hand-written suites: the test's title, then what `bu heal --rerun` said.
test('a test healed and then failing on a changed expectation counts as an expectation, not as a heal lost', () => {
  expect(refusalKind('tools.spec.ts › opens the sitemap from the site tools: still failing after heal: its rerun failed: Error: expect(locator).toHaveText(expected) failed; Expected: "Sitemap"; Received: "Index"; expectation changed at tests/tools.spec.ts:13: expected \'Sitemap\', the page showed "Index"')).toBe('expectation changed');
  expect(refusalKind('garden.spec.ts › follows links between tiddlers: not healable: expectation changed (garden.spec.ts:10:69: the assertion\'s locator expects name \'Garden notes\')')).toBe('expectation changed');
  // A rerun that fails on anything else stays a heal lost.
  expect(refusalKind('wiki.spec.ts › signs in: still failing after heal: its rerun failed: Error: locator.click: Timeout 2000ms exceeded')).toBe('still failing');
  // The words in a quoted page text do not make it one.
  expect(refusalKind('re-found the button "expectation changed at noon", but no locator other than a position finds it alone')).toBe('position only');
});
