import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { locatorCodeParser, locatorSelector, runInternal } from '../../core/playwright-internals.ts';
import { openTraceZip } from '../../extract/io/zip.ts';

/**
 * The private Playwright uses, each checked for what brow-use relies on, so a Playwright release
 * that changes one fails here (and in `make test`'s run against the lowest supported Playwright),
 * not somewhere downstream.
 */

// The runner's own tracing would own every context's tracer; these tests start their own.
test.use({ trace: 'off' });

const kPage = '<main><button>Save</button><label>Email <input name="email"></label><div data-testid="note">hi</div></main>';

test('locatorSelector gives the selector traces record, and page.locator() accepts it back', async ({ browser }) => {
  const page = await browser.newPage();
  try {
    await page.setContent(kPage);
    const save = page.getByRole('button', { name: 'Save' });
    expect(locatorSelector(save)).toBe('internal:role=button[name="Save"i]');
    expect(locatorSelector(page.getByTestId('note'))).toBe('internal:testid=[data-testid="note"s]');
    expect(locatorSelector(page.getByLabel('Email').nth(0))).toBe('internal:label="Email"i >> nth=0');
    expect(await page.locator(locatorSelector(save)).textContent()).toBe('Save');
  } finally {
    await page.close();
  }
});

test('runInternal keeps calls out of the trace, and errors keep their own message', async ({ browser }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bu-internals-'));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent(kPage);
    await context.tracing.start({ snapshots: false, screenshots: false });
    await page.getByRole('button', { name: 'Save' }).click();
    await runInternal(page, () => page.getByTestId('note').textContent());
    const failure = await runInternal(page, () => page.locator('#missing').click({ timeout: 200 })).catch((err: Error) => err);
    const file = path.join(dir, 'trace.zip');
    await context.tracing.stop({ path: file });
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toMatch(/^bookkeeping/);
    const reader = await openTraceZip(file);
    const events = (await reader.text('trace.trace')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; method?: string; params?: { selector?: string } });
    const calls = events.filter((e) => e.type === 'before').map((e) => `${e.method} ${e.params?.selector ?? ''}`);
    expect(calls.some((c) => c.startsWith('click internal:role=button'))).toBe(true);
    expect(calls.filter((c) => c.includes('internal:testid') || c.includes('#missing'))).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('locatorCodeParser turns locator code into the selector page.locator() takes', () => {
  const parse = locatorCodeParser();
  expect(parse).not.toBeNull();
  expect(parse!('javascript', "getByRole('button', { name: 'Save' })", 'data-testid')).toBe('internal:role=button[name="Save"i]');
  expect(parse!('javascript', "getByTestId('note')", 'data-testid')).toBe('internal:testid=[data-testid="note"s]');
  expect(parse!('javascript', "locator('#email').first()", 'data-testid')).toBe('#email >> nth=0');
});
