import { expect, test } from '../support/fixtures.ts';
import { executeAction } from '../../capture/actions/execute.ts';
import { Secrets } from '../../capture/record/secrets.ts';
import type { Session } from '../../capture/session.ts';
import type { ActionCall } from '../../capture/types.ts';
import { servePages, tempDir } from './support.ts';

/**
 * The locator a plan step records: what the recorder would write, unless that finds the element
 * only by its position among look-alikes (unnamed fields of one form) or, for a check of its text,
 * by the text checked, where the plan's own target, which its author chose, is recorded.
 */

const kPage = `<!doctype html><html><head><title>New collection</title></head><body>
<form>Title:<br><input data-field="title" type="text"><br>Notes:<br><input data-field="notes" type="text"><br>
<button type="button">Save</button></form><div id="result-count">1 Result</div></body></html>`;

async function recordedLocator(session: Session, call: ActionCall): Promise<string | undefined> {
  const dir = await tempDir('plan-locator');
  const executed = await executeAction({
    session, observation: null, secrets: new Secrets({ secrets: {} }), filesDir: dir, cwd: dir,
    signal: new AbortController().signal, timeoutMs: 5_000, step: 1,
  }, call);
  expect(executed.outcome.error).toBeNull();
  return executed.record?.locator?.code;
}

test('a target the plan wrote as a selector or locator code is the recorded locator, marked written; a role target is recorded the recorder\'s way', async ({ session }) => {
  const pages = await servePages({ '/': kPage });
  try {
    await session.currentPageOrDie().goto(pages.url);
    expect(await recordedLocator(session, { action: 'input', params: { text: 'x' }, target: 'css=form input[data-field=notes]' })).toBe("locator('form input[data-field=notes]')");
    // What a person wrote is kept even where the recorder could name the element well.
    expect(await recordedLocator(session, { action: 'click', params: {}, target: "locator('form button')" })).toBe("locator('form button')");
    expect(await recordedLocator(session, { action: 'click', params: {}, target: { role: 'button', name: 'Save' } })).toBe("getByRole('button', { name: 'Save' })");
    // A plan that itself picks by position gains nothing from its own target.
    expect(await recordedLocator(session, { action: 'input', params: { text: 'y' }, target: { role: 'textbox', nth: 1 } })).toBe("getByRole('textbox').nth(1)");
    // A check of an element's text never records the element by that text: the plan's target is kept.
    expect(await recordedLocator(session, { action: 'expect_text', params: { text: '1 Result' }, target: 'css=#result-count' })).toBe("locator('#result-count')");
    expect(await recordedLocator(session, { action: 'click', params: {}, target: 'css=#result-count' })).toBe("locator('#result-count')");
  } finally {
    await pages.close();
  }
});

test('a field whose name carries a changing figure is recorded by the name before it', async ({ session }) => {
  const pages = await servePages({
    '/': `<!doctype html><html><head><title>Add</title></head><body><form>
<label for="dest">Download folder (81.5 GB Free):</label><input id="dest" type="text">
<label for="inbox">Inbox (3)</label><input id="inbox" type="checkbox">
<label for="a">Queue (2)</label><input id="a" type="text"><label for="b">Queue (5)</label><input id="b" type="text">
</form></body></html>`,
  });
  try {
    await session.currentPageOrDie().goto(pages.url);
    expect(await recordedLocator(session, { action: 'input', params: { text: '/tmp' }, target: { role: 'textbox', name: 'Download folder' } })).toBe("getByRole('textbox', { name: 'Download folder' })");
    expect(await recordedLocator(session, { action: 'click', params: {}, target: { role: 'checkbox', name: 'Inbox' } })).toBe("getByRole('checkbox', { name: 'Inbox' })");
    // Two fields the part before the figure cannot tell apart keep the recorder's locator.
    expect(await recordedLocator(session, { action: 'input', params: { text: 'x' }, target: { role: 'textbox', name: 'Queue (5)' } })).toBe("getByRole('textbox', { name: 'Queue (5)' })");
  } finally {
    await pages.close();
  }
});
