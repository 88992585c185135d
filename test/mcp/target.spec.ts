import { expect, test } from '../support/fixtures.ts';
import { resolveTarget } from '../../capture/actions/resolve-target.ts';
import { compactSnapshot } from '../../capture/perceive/compact.ts';
import type { Observation } from '../../capture/types.ts';
import { callFor } from '../../mcp/target.ts';

/**
 * How MCP tools address an element by an aria ref of the last snapshot: a ref the element list
 * has becomes its index, any other ref of the snapshot stays a ref, and capture finds both on
 * the page (through core/playwright-internals.ts, never a selector string of its own).
 */

test('a snapshot ref becomes the element list index when listed, else a ref; both resolve to that element', async ({ page }) => {
  await page.setContent('<main><h1>Orders</h1><p>Three open</p><button>Archive</button></main>');
  const ariaSnapshot = await page.ariaSnapshot({ mode: 'ai' });
  const { elements } = compactSnapshot(ariaSnapshot);
  // Only what resolveTarget and callFor read of an observation.
  const observation = { ariaSnapshot, elements } as Observation;
  const refOf = (line: RegExp) => new RegExp(`${line.source}.*\\[ref=(e\\d+)\\]`).exec(ariaSnapshot)![1]!;

  const button = callFor('click', {}, refOf(/button "Archive"/), observation);
  expect(button).toEqual({ action: 'click', params: {}, index: elements.find((element) => element.name === 'Archive')!.index });
  const heading = refOf(/heading "Orders"/);
  expect(elements.map((element) => element.ref), 'the heading is not an actionable element').not.toContain(heading);
  for (const written of [heading, `ref=${heading}`, `aria-ref=${heading}`]) expect(callFor('hover', {}, written, observation)).toEqual({ action: 'hover', params: {}, ref: heading });
  expect(() => callFor('hover', {}, 'e9999', observation)).toThrow(/not in the last snapshot/);

  const byIndex = await resolveTarget({ page, observation, call: button, timeoutMs: 2_000 });
  await expect(byIndex.locator).toHaveText('Archive');
  const byRef = await resolveTarget({ page, observation, call: callFor('hover', {}, heading, observation), timeoutMs: 2_000 });
  await expect(byRef.locator).toHaveText('Orders');
  expect(byRef.label).toBe(`[ref=${heading}]`);
});
