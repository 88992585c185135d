import { expect, test } from '../support/fixtures.ts';
import type { Fingerprint } from '../../core/schema/history.ts';
import { emitAll } from '../../generate/emit/emit.ts';
import { buildPageModel } from '../../generate/model/build.ts';
import { assignNames } from '../../generate/names/assign.ts';
import { fp, history, kOrigin, state } from '../../harness/generate/fixtures.ts';

/**
 * Page classes are named as a person would name the page: after its path or its heading, never
 * after the site's name in its title, never numbered while anything recorded tells two pages
 * apart. Members are named after their label and role, a submit control's method after what it submits.
 */

const kSite = ' ‹ North Desk — Panel';

type Steps = Parameters<typeof history>[1];
type Visit = [path: string, title: string, heading: string | null];

/** Visits each page by address, then clicks `target` on the last one. */
function named(pages: Visit[], target: Fingerprint = fp({ role: 'button', name: 'Refresh' }), startUrl = `${kOrigin}/`) {
  const steps: Steps = pages.slice(1).map(([path, title, heading], i) => {
    const [fromPath, fromTitle, fromHeading] = pages[i]!;
    return { action: 'navigate', params: { url: `${kOrigin}${path}` }, pre: state(fromPath, fromTitle, fromHeading), post: state(path, title, heading) };
  });
  const [path, title, heading] = pages[pages.length - 1]!;
  steps.push({ action: 'click', params: {}, fingerprint: target, pre: state(path, title, heading), post: state(path, title, heading) });
  const h = history('script-1700000000091', steps, { startUrl });
  const model = buildPageModel([{ sessionId: h.sessionId, historyPath: null, history: h, snapshots: [] }]);
  const names = assignNames(model, null);
  return { model, names, classes: model.pages.map((page) => names.pages.get(page.id)!.className) };
}

test('pages whose paths give one name are told apart by their headings, not numbered', () => {
  const { classes } = named([['/console/', `Overview${kSite}`, 'Overview'], ['/console/index.php', `Tools${kSite}`, 'Tools']]);
  expect(classes).toEqual(['OverviewPage', 'ToolsPage']);
});

test('by the folder before the path\'s last segment when their headings are the same', () => {
  const { classes } = named([['/north/items', `Items${kSite}`, 'Items'], ['/south/items', `Items${kSite}`, 'Items']]);
  expect(classes).toEqual(['NorthItemsPage', 'SouthItemsPage']);
});

test('pages at one path that titles tell apart are named by their headings; a page named by its title loses the site\'s name', () => {
  const split = named([['/desk/', `Overview${kSite}`, null], ['/desk/terms.php?kind=group', `Groups${kSite}`, 'Groups'], ['/desk/terms.php?kind=label', `Labels${kSite}`, 'Labels']], undefined, `${kOrigin}/desk/`);
  expect(split.classes).toEqual(['OverviewPage', 'GroupsPage', 'LabelsPage']);
  const files = emitAll(split.model, split.names, { histories: new Map() });
  // Code names and checks no part of the site's name (the docs list the titles recorded).
  expect(files.filter((f) => f.file.endsWith('.ts') && f.text.includes('North Desk')).map((f) => f.file)).toEqual([]);
});

test('a number is left only where nothing recorded tells two pages apart', () => {
  const { classes } = named([['/console/', `Overview${kSite}`, 'Overview'], ['/console/index.php', `Overview${kSite}`, 'Overview']]);
  expect(classes).toEqual(['ConsolePage', 'ConsolePage2']);
});

test('a table is named after its role and the heading over it, a submit control\'s method after what it submits', () => {
  const page: Visit = ['/desk/terms', `Groups${kSite}`, 'Groups'];
  const table = named([page], fp({ role: 'table', name: '', tag: 'table', nearbyHeading: 'All groups' }));
  expect([...table.names.pages.values()][0]!.members.get([...table.model.pages[0]!.elements.values()][0]!.id)).toBe('allGroupsTable');
  const bare = named([page], fp({ role: 'table', name: '', tag: 'table' }));
  expect([...bare.names.pages.values()][0]!.members.get(bare.model.pages[0]!.elements[0]!.id)).toBe('table');
  const submit = named([page], fp({ role: 'button', name: 'Add New Group', type: 'submit', form: { action: null, method: 'post', fields: ['name', 'slug'], unnamedSubmits: 0 } }));
  const names = [...submit.names.pages.values()][0]!;
  expect([...names.methods.values()].map((m) => m.name)).toEqual(['addNewGroup']);
  expect([...names.members.values()]).toEqual(['addNewGroupButton']);
});
