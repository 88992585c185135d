import { expect, test } from '@playwright/test';
import { evaluateInMainWorld } from '../../replay/main-world.ts';

/**
 * Replay's reads of the page: in the main world of the document the page shows now, answered by
 * value, and failing as `page.evaluate` does when the function throws.
 */

test('evaluates in the current document main world, by value, and throws what the page threw', async ({ page }) => {
  await page.setContent('<h1>First</h1><script>window.appState = { items: 2 };</script>');
  // The app's own globals are visible: the main world, not an isolated one.
  expect(await evaluateInMainWorld(page, (arg: { add: number }) => (window as unknown as { appState: { items: number } }).appState.items + arg.add, { add: 1 })).toBe(3);
  expect(await evaluateInMainWorld(page, () => ({ heading: document.querySelector('h1')?.textContent ?? null, none: null }), undefined)).toEqual({ heading: 'First', none: null });
  await page.setContent('<h1>Second</h1>');
  expect(await evaluateInMainWorld(page, () => document.querySelector('h1')?.textContent, undefined)).toBe('Second');
  await expect(evaluateInMainWorld(page, () => { throw new Error('boom in page'); }, undefined)).rejects.toThrow('boom in page');
});
