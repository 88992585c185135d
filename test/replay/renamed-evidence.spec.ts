import type { Page } from 'playwright';
import { expect, test } from '../support/fixtures.ts';
import { replay } from '../../replay/replay.ts';
import { kRefusedFindMs } from './support/find-limits.ts';
import { recordOn } from './support/record.ts';
import { startPagesSite, type PagesSite } from '../../harness/sites/pages-site.ts';
import { peersReworded } from '../../locate/renamed-facts.ts';
import { actionChanged, captionWords, kRenamedFloor, weighRenamed, wordsShared, type RenamedFacts } from '../../locate/renamed-evidence.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import type { LiveFeatures } from '../../locate/scoring.ts';

/**
 * A renamed element with nothing the server or the code reads to say what it is, weighed against
 * the page as a whole: healed where a person would heal it (a reworded or translated field in its
 * place under its class, a field given an aria-label, a reworded and restyled button between the
 * same neighbours), refused where a person would refuse (another purpose in its place under the
 * same classes, a button gone beside one named like it, another page at the same address). Each
 * page logs what was typed and pressed; the tests judge what replay did, not its verdict.
 */

let site: PagesSite;
test.afterEach(async () => site?.close());

const kFindMs = 1_000;

function page(title: string, body: string, lang = 'en'): string {
  const log = `<script>function note(what) { fetch('/act', { method: 'POST', body: what }); }</script>`;
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title>${log}</head><body>${body}</body></html>`;
}

interface Board {
  field: string;
  fieldClass?: string;
  ariaLabel?: string;
  filters?: [string, string];
  lang?: string;
}

/** A task board: one text field in the banner under the heading, a list, two filter links in the footer. */
function board(b: Board): string {
  const [all, done] = b.filters ?? ['All', 'Done'];
  const label = b.ariaLabel ? ` aria-label="${b.ariaLabel}"` : '';
  return page('Board', `<header><h1>Tasks</h1><input class="${b.fieldClass ?? 'task-entry'}" placeholder="${b.field}"${label}
    onkeydown="if (event.key === 'Enter') { note('added ' + this.value); this.value = ''; }"></header>
    <main><ul><li>Water plants</li></ul></main>
    <footer><a href="#/all" onclick="note('filter all')">${all}</a> <a href="#/done" onclick="note('filter done')">${done}</a></footer>`, b.lang);
}

const kAddTask = [
  { action: 'input' as const, params: { text: 'Buy milk' }, target: (p: Page) => p.getByPlaceholder('What is on your list?') },
  { action: 'send_keys' as const, params: { keys: 'Enter' } },
  { action: 'click' as const, params: {}, target: (p: Page) => p.getByRole('link', { name: 'Done' }) },
];

async function replayedLog(tab: Page, history: Parameters<typeof replay>[1], id: string, findTimeoutMs: number) {
  site.state.log = [];
  await tab.goto('about:blank');
  const { report } = await replay(tab, history, { replayId: id, findTimeoutMs });
  await tab.waitForTimeout(200);
  return { report, log: site.state.log };
}

test('the only field of the banner, reworded, translated or given an aria-label in its place under its class, is typed into', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => board({ field: 'What is on your list?' }));
  const history = await recordOn(browser, site.url, kAddTask);
  await expect.poll(() => site.state.log).toEqual(['added Buy milk', 'filter done']);
  const releases: [string, Board][] = [
    ['reworded', { field: 'What else is on your list today?' }],
    ['aria-label', { field: 'What is on your list?', ariaLabel: 'New task' }],
    ['translated', { field: 'Was steht auf deiner Liste?', filters: ['Alle', 'Erledigt'], lang: 'de' }],
    ['reworded-around', { field: 'Add a task', filters: ['Everything', 'Finished'] }],
  ];
  for (const [id, release] of releases) {
    site.state.render = () => board(release);
    const { report } = await replayedLog(tab, history, id, kFindMs);
    await expect.poll(() => site.state.log, { message: `${id}: ${JSON.stringify(report.steps.map((s) => [s.status, s.notes]), null, 1)}` }).toEqual(['added Buy milk', 'filter done']);
    expect(report.steps[0]!.notes.join('\n'), id).toMatch(/taken on evidence \d+ >= \d+: at its recorded place/);
  }
});

test('a field of another purpose in the banner field\'s place, under its class, is not typed into; nor is one whose caption shares no word on a page kept as it was', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => board({ field: 'What is on your list?' }));
  const history = await recordOn(browser, site.url, kAddTask);
  for (const [id, field] of [['coupon', 'Coupon code'], ['search', 'Search recipes']] as const) {
    site.state.render = () => board({ field });
    const { report, log } = await replayedLog(tab, history, id, kRefusedFindMs);
    expect(log, JSON.stringify(report.steps, null, 1)).toEqual([]);
    expect(report.steps[0]!.status).toBe('failed');
    expect(report.steps[0]!.notes.join('\n')).toMatch(/floor: evidence -?\d+ < \d+ \(at its recorded place \(\+2\), the class task-entry, no other element's \(\+2\), .*shares no word/);
  }
});

/** A notes page: a form with a text area and two buttons, the first classed `styles.save`. */
function notes(save: string, saveClass: string): string {
  return page('Notes', `<main><h1>Notes</h1><form onsubmit="event.preventDefault()"><textarea aria-label="Note"></textarea>
    <button type="button" class="${saveClass}" onclick="note('saved')">${save}</button><button type="button" onclick="note('cleared')">Clear</button></form>
    <p>Notes stay on this device.</p></main>`);
}

test('a form button reworded and restyled between the same neighbours is pressed; replaced by one of another purpose, it is not', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => notes('Save note', 'btn btn-save'));
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'hello' }, target: (p) => p.getByRole('textbox', { name: 'Note' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Save note' }) },
  ]);
  await expect.poll(() => site.state.log).toEqual(['saved']);
  site.state.render = () => notes('Store note', 'button-primary x9f3k2');
  const healed = await replayedLog(tab, history, 'store-note', kFindMs);
  await expect.poll(() => site.state.log, { message: JSON.stringify(healed.report.steps, null, 1) }).toEqual(['saved']);
  expect(healed.report.steps[1]!.notes.join('\n')).toMatch(/its old and new captions share a word/);
  site.state.render = () => notes('Print label', 'btn btn-save');
  const other = await replayedLog(tab, history, 'print-label', kRefusedFindMs);
  expect(other.log, JSON.stringify(other.report.steps, null, 1)).toEqual([]);
  expect(other.report.steps[1]!.status).toBe('failed');
});

test('a button reworded around a short word it kept ("Update a bed" -> "Change a bed") is pressed; one of another purpose in its place is not', async ({ browser, page: tab }) => {
  site = await startPagesSite(() => notes('Update a bed', 'btn btn-save'));
  const history = await recordOn(browser, site.url, [
    { action: 'input', params: { text: 'north' }, target: (p) => p.getByRole('textbox', { name: 'Note' }) },
    { action: 'click', params: {}, target: (p) => p.getByRole('button', { name: 'Update a bed' }) },
  ]);
  await expect.poll(() => site.state.log).toEqual(['saved']);
  site.state.render = () => notes('Change a bed', 'button-primary x9f3k2');
  const healed = await replayedLog(tab, history, 'change-a-bed', kFindMs);
  await expect.poll(() => site.state.log, { message: JSON.stringify(healed.report.steps, null, 1) }).toEqual(['saved']);
  expect(healed.report.steps[1]!.notes.join('\n')).toMatch(/its old and new captions share a word/);
  site.state.render = () => notes('Print a label', 'btn btn-save');
  const other = await replayedLog(tab, history, 'print-a-label', kRefusedFindMs);
  expect(other.log, JSON.stringify(other.report.steps, null, 1)).toEqual([]);
  expect(other.report.steps[1]!.status).toBe('failed');
  // The word it kept names what it acts on, not what it does: a button that now deletes that thing is another control.
  site.state.render = () => notes('Delete a bed', 'btn btn-save');
  const opposite = await replayedLog(tab, history, 'delete-a-bed', kRefusedFindMs);
  expect(opposite.log, JSON.stringify(opposite.report.steps, null, 1)).toEqual([]);
  expect(opposite.report.steps[1]!.status).toBe('failed');
});

const facts = (over: Partial<RenamedFacts>): RenamedFacts => ({
  place: false, distinctClass: null, neighbours: [], regionKept: false, sole: false, wordsShared: null, captionKept: null, reworded: null, displaced: null, members: { kept: 0, of: 0 }, ...over,
});

test('the weights: what a substitution keeps stays below the floor under a caption with no word in common; a shared word, a kept caption or a reworded page lifts it', () => {
  const kept = { place: true, distinctClass: 'task-entry', neighbours: ['the heading "Tasks"', 'the text beside it'], regionKept: true, sole: true, members: { kept: 2, of: 2 } };
  expect(weighRenamed(facts({ ...kept, wordsShared: false })).rule).toBe('floor');
  expect(weighRenamed(facts({ ...kept, wordsShared: true })).taken).toBe(true);
  expect(weighRenamed(facts({ ...kept, wordsShared: false, reworded: 'link "All" -> "Everything" (same link target #/all)' })).taken).toBe(true);
  expect(weighRenamed(facts({ ...kept, wordsShared: false, captionKept: 'placeholder "What is on your list?"' })).taken).toBe(true);
  // Its place alone, with a word shared, is not enough; with a neighbour it is.
  expect(weighRenamed(facts({ place: true, wordsShared: true })).score).toBeLessThan(kRenamedFloor);
  expect(weighRenamed(facts({ place: true, wordsShared: true, neighbours: ['the heading "Notes"'] })).taken).toBe(true);
  // Another element where a recorded member was: the page changed beyond its words, which its rewording no longer explains alone.
  const reworded = { place: true, regionKept: true, sole: true, wordsShared: false, reworded: 'button "Search" -> "Find" (same class search)' };
  expect(weighRenamed(facts(reworded)).taken).toBe(true);
  expect(weighRenamed(facts({ ...reworded, displaced: 'another element sits where ...' })).rule).toBe('floor');
  // A page that lost most of what was recorded on it is another page, whatever the element's own evidence.
  expect(weighRenamed(facts({ ...kept, wordsShared: true, members: { kept: 1, of: 4 } })).rule).toBe('page');
  // A caption whose verb now names another kind of effect is another control, whatever it kept.
  const everything = { place: true, distinctClass: 'btn-save', neighbours: ['the heading "Beds"', 'the text "North"'], regionKept: true, sole: true, wordsShared: true, captionKept: null, reworded: 'button "Add a bed" -> "New bed"' };
  expect(weighRenamed(facts(everything)).taken).toBe(true);
  expect(weighRenamed(facts({ ...everything, actionChanged: actionChanged({ name: 'Update a bed' }, { name: 'Delete a bed' }) })).rule).toBe('purpose');
  expect(actionChanged({ name: 'Update a bed' }, { name: 'Change a bed' })).toBeNull();
  expect(actionChanged({ name: 'Save note' }, { name: 'Store note' })).toBeNull();
  expect(actionChanged({ name: 'Add task' }, { name: 'Cancel' })).toMatch(/"cancel" \(cancel\) where it said "add" \(create\)/);
  // A caption without a verb of the known kinds says nothing of its purpose: weighed by the rest.
  expect(actionChanged({ name: 'Tasks' }, { name: 'Delete' })).toBeNull();
  // Words of grammar are not shared purpose.
  expect([...captionWords(['What is on your list?'])]).toEqual(['list']);
  // Captions of short words are compared whole; a caption given where none was shares nothing.
  const captions = (name: string, placeholder: string | null = null) => ({ name, placeholder, label: null, title: null, alt: null, ariaLabel: null, text: null });
  const shared = (a: ReturnType<typeof captions>, b: ReturnType<typeof captions>) => wordsShared(a as unknown as Fingerprint, b as unknown as LiveFeatures);
  expect(shared(captions('Log In'), captions('Change theme'))).toBe(false);
  expect(shared(captions('Log In'), captions('Sign in'))).toBe(true);
  expect(shared(captions(''), captions('Archive', 'Archive'))).toBe(false);
  expect(shared(captions('Save note'), captions(''))).toBeNull();
  // Beside a longer word, a short one of substance counts; a short one of grammar does not.
  expect(shared(captions('Update a bed'), captions('Change a bed'))).toBe(true);
  expect(shared(captions('Update all'), captions('Remove all'))).toBe(false);
  // A page reworded loses most of its other names under the heading it kept; a control replaced leaves them.
  const link = { role: 'link', tag: 'a', peers: ['garden', 'journal', 'seeds'] } as unknown as Fingerprint;
  expect(peersReworded(link, true, new Set(['beet', 'notebook', 'seeds']))).toMatch(/^2 of the 3 other links recorded on the page are no longer shown/);
  expect(peersReworded(link, true, new Set(['garden', 'journal', 'seeds']))).toBeNull();
  expect(peersReworded(link, false, new Set())).toBeNull();
});
