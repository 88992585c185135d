import { expect, test } from '../support/fixtures.ts';
import type { Page } from 'playwright';
import { takeFingerprint } from '../../core/fingerprint/take.ts';
import type { Baseline, BaselineCall } from '../../core/schema/baseline.ts';
import { callStates, pageMembers } from '../../heal/page-members.ts';
import { relocate } from '../../heal/relocate.ts';

/**
 * A single-page app keeps one address through every state: a toolbar that shows New, Search and
 * Sort as loaded turns into Save, Cancel and Delete once a note is opened, the same buttons of the
 * same class in the same places. The baseline's members of the failing call's own state weigh a
 * renamed element; another test's members found after it opened a note are only names never taken.
 */

const kUrl = 'http://127.0.0.1:9/app/#/notes';

function toolbar(buttons: string[]): string {
  return `<main><h1>Notes</h1><div class="toolbar">${buttons.map((b) => `<button class="btn">${b}</button>`).join('')}</div><ul><li>Shopping</li><li>Ideas</li></ul></main>`;
}

let at = 0;
async function call(page: Page, method: string, name: string): Promise<BaselineCall> {
  const fingerprint = await takeFingerprint(page.getByRole('button', { name, exact: true }));
  return { at: { file: 'notes.spec.ts', line: ++at, column: 4 }, via: [], nth: 0, method, selector: `internal:role=button[name="${name}"s]`, url: kUrl, heading: 'Notes', title: 'Notes', fingerprint };
}

/** Test A opens a note and saves it; test B creates a note from the page as loaded, after a search. */
async function baseline(page: Page): Promise<{ baseline: Baseline; newNote: BaselineCall }> {
  await page.setContent(toolbar(['New note', 'Search', 'Sort']));
  const aSearch = await call(page, 'expect', 'Search');
  const aNew = await call(page, 'click', 'New note');
  await page.setContent(toolbar(['Save', 'Cancel', 'Delete']));
  const aCancel = await call(page, 'expect', 'Cancel');
  const aSave = await call(page, 'click', 'Save');
  await page.setContent(toolbar(['New note', 'Search', 'Sort']));
  const bSort = await call(page, 'expect', 'Sort');
  const newNote = await call(page, 'click', 'New note');
  const ranAt = '2026-12-01T00:00:00.000Z';
  return {
    newNote,
    baseline: { version: 2, tests: [{ test: 'notes.spec.ts › opens and saves', ranAt, calls: [aSearch, aNew, aCancel, aSave] }, { test: 'notes.spec.ts › creates', ranAt, calls: [bSort, newNote] }] },
  };
}

test('a call\'s state: the page as loaded for every test until its first action there, then each action\'s own', async ({ page }) => {
  const { baseline: made, newNote } = await baseline(page);
  const [a, b] = made.tests;
  const loaded = 'loaded\u0000/app/';
  expect(callStates(a!)).toEqual([loaded, loaded, 'notes.spec.ts › opens and saves\u00001', 'notes.spec.ts › opens and saves\u00001']);
  expect(callStates(b!)).toEqual([loaded, loaded]);
  // Another address starts as loaded again.
  const elsewhere = { ...b!, calls: [...b!.calls, { ...newNote, url: 'http://127.0.0.1:9/app/help' }] };
  expect(callStates(elsewhere).at(-1)).toBe('loaded\u0000/app/help');

  const names = (fps: { name: string }[]) => fps.map((fp) => fp.name).sort();
  const split = pageMembers(made, newNote);
  expect(names(split.members)).toEqual(['Search', 'Sort']);
  expect(names(split.elsewhere)).toEqual(['Cancel', 'Save']);
  // A page assertion has no state of its own: every member at its address is of it.
  expect(names(pageMembers(made, { url: kUrl, fingerprint: null }).members)).toEqual(['Cancel', 'New note', 'Save', 'Search', 'Sort']);
});

test('a control put in the place of the one a test clicked is refused, a reworded one healed: the members another state showed there do not make the page "reworded"', async ({ page }) => {
  const { baseline: made, newNote } = await baseline(page);
  const { members, elsewhere } = pageMembers(made, newNote);
  const input = { fingerprint: newNote.fingerprint, heading: 'Notes', title: 'Notes', current: "getByRole('button', { name: 'New note' })", testIdAttribute: 'data-testid', pageUrl: kUrl };

  // Substituted: "Export" sits where "New note" was, of the same class; Search and Sort as they were.
  // Pooled by address, Save and Cancel read as reworded (their places show Export and Search, of
  // their class), and Export was taken.
  await page.setContent(toolbar(['Export', 'Search', 'Sort']));
  const substituted = await relocate(page, { ...input, peers: members, elsewhere });
  expect(substituted.ok, JSON.stringify(substituted)).toBe(false);

  // A reworded button, alone or on a page reworded around it (of its own state's members), is still healed.
  for (const words of [['Create note', 'Search', 'Sort'], ['Create note', 'Find', 'Order']]) {
    await page.setContent(toolbar(words));
    const healed = await relocate(page, { ...input, peers: members, elsewhere });
    expect(healed, JSON.stringify(healed)).toMatchObject({ ok: true, code: "getByRole('button', { name: 'Create note' })" });
  }
});
